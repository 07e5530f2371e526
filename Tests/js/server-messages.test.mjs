// The web client's reading of every server message, checked against the golden fixtures the
// Swift encoders write (Tests/fixtures/wire/server): each is fed to the real Sync, Connection
// and Store (Public/js) over a socket that stands in for the server, and the state the client
// ends in is what the message says.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync, readdirSync } from "node:fs";
import { fileURLToPath } from "node:url";

const folder = fileURLToPath(new URL("../fixtures/wire/server/", import.meta.url));
const fixture = (name) => JSON.parse(readFileSync(`${folder}${name}.json`, "utf8"));

// What a page gives the modules: storage, window and document events, WebSocket's constants.
const storage = new Map();
globalThis.localStorage = {
  getItem: (key) => storage.get(key) ?? null,
  setItem: (key, value) => storage.set(key, String(value)),
  removeItem: (key) => storage.delete(key),
};
globalThis.window ??= { addEventListener() {} };
globalThis.document ??= { addEventListener() {}, visibilityState: "visible" };
globalThis.WebSocket ??= { OPEN: 1 };

const { Sync } = await import("../../Public/js/sync.js");

/** A Sync whose socket is a script: each request waits for the test to answer it. */
function scriptedSync() {
  const sync = new Sync("ws://fixture.invalid/ws");
  const sent = [];
  const waiters = [];
  sync.connection.socket = {
    readyState: 1,
    send(text) {
      const message = JSON.parse(text);
      const waiter = waiters.shift();
      if (waiter) waiter(message);
      else sent.push(message);
    },
    close() {},
  };
  const events = [];
  for (const type of ["shared", "reminder", "reminderHandled", "revoked", "acked", "rejected", "settings", "session"]) {
    sync.addEventListener(type, (event) => events.push({ type, detail: event.detail }));
  }
  const nextRequest = () => (sent.length ? Promise.resolve(sent.shift()) : new Promise((resolve) => waiters.push(resolve)));
  /** Waits for the next request (of `type`, when given) and answers it with the fixtures, in order. */
  const answer = async (type, ...names) => {
    const request = await nextRequest();
    if (type) assert.equal(request.type, type, `the client sent ${request.type}, not ${type}`);
    for (const name of names) sync.connection.receive({ ...fixture(name), ref: request.ref });
    return request;
  };
  const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
  const stop = () => {
    clearInterval(sync.refreshTimer);
    clearTimeout(sync.store.persistTimer);
    for (const entry of sync.connection.pending.values()) clearTimeout(entry.timer);
  };
  return { sync, events, answer, settle, stop };
}

test("every server fixture is read by this test", () => {
  const covered = new Set([
    "authed", "authed-auth", "settings", "lists", "snapshot", "subscribed", "listShared", "reminder", "reminderDismissed",
    "reminderSnoozed", "ack", "ack-quickAdd", "error", "revoked", "loggedOut", "loggedOut-push", "unsubscribed", "history",
  ]);
  for (const file of readdirSync(folder).filter((name) => name.endsWith(".json"))) {
    const name = file.replace(/\.json$/, "");
    assert.ok(covered.has(name) || name.startsWith("event-"), `${name} is not fed to the web client here`);
  }
});

test("signing up, settings, lists, a snapshot and subscribed leave the store as the fixtures say", async () => {
  const { sync, events, answer, settle, stop } = scriptedSync();
  const signedUp = sync.signup("olive", "correct horse");
  await answer("signup", "authed");
  await answer("settings", "settings");
  await answer("lists", "lists");
  await answer("subscribe", "snapshot", "subscribed");
  assert.deepEqual(await signedUp, fixture("authed").user);
  await settle();
  assert.deepEqual(sync.session, { token: fixture("authed").token, user: fixture("authed").user });
  const settings = fixture("settings");
  assert.equal(sync.settings.tz, settings.tz);
  assert.equal(sync.settings.inbox, settings.inbox);
  assert.equal(sync.settings.maxAttachmentBytes, settings.maxAttachmentBytes);
  const snapshot = fixture("snapshot");
  const summary = sync.store.lists.get(snapshot.list.id);
  assert.equal(summary.title, snapshot.list.title);
  assert.equal(summary.role, "owner");
  assert.equal(summary.participants, snapshot.list.participants.length);
  const detail = sync.store.detail(snapshot.list.id);
  assert.equal(detail.seq, fixture("subscribed").seq);
  assert.equal(detail.live, true);
  assert.deepEqual(Object.fromEntries(detail.items), Object.fromEntries(snapshot.list.items.map((item) => [item.id, item])));
  assert.deepEqual([...detail.participants], snapshot.list.participants.map((p) => [p.username, p.role]));
  assert.equal(sync.ready, true);
  assert.ok(events.some((event) => event.type === "settings"));
  stop();
});

test("pushed messages: a share, reminders and their handling, and a revocation", async () => {
  const { sync, events, answer, stop } = scriptedSync();
  const signedUp = sync.signup("olive", "correct horse");
  await answer("signup", "authed");
  await answer("settings", "settings");
  await answer("lists", "lists");
  await answer("subscribe", "snapshot", "subscribed");
  await signedUp;
  for (const name of ["listShared", "reminder", "reminderDismissed", "reminderSnoozed", "revoked"]) {
    sync.connection.receive(fixture(name));
  }
  const shared = fixture("listShared");
  const reminder = fixture("reminder");
  assert.deepEqual(events.filter((event) => event.type !== "settings" && event.type !== "session").map((e) => [e.type, e.detail]), [
    ["shared", { list: shared.list, by: shared.by, known: true }],
    ["reminder", reminder],
    ["reminderHandled", { list: fixture("reminderDismissed").list, item: fixture("reminderDismissed").item }],
    ["reminderHandled", { list: fixture("reminderSnoozed").list, item: fixture("reminderSnoozed").item }],
    ["revoked", { listId: fixture("revoked").list, title: shared.list.title }],
  ]);
  assert.equal(sync.store.lists.has(fixture("revoked").list), false, "a revoked list is gone");
  assert.equal(sync.store.detail(fixture("revoked").list), null);
  stop();
});

test("replies to edits and requests: ack, a quick add's ack, an error, history, unsubscribed, logout", async () => {
  const { sync, events, answer, settle, stop } = scriptedSync();
  const signedUp = sync.signup("olive", "correct horse");
  await answer("signup", "authed");
  await answer("settings", "settings");
  await answer("lists", "lists");
  await answer("subscribe", "snapshot", "subscribed");
  await signedUp;
  sync.op({ op: "addItem", list: "list-1", id: "item-pack", title: "Pack" });
  await answer("op", "ack");
  await settle();
  const acked = events.find((event) => event.type === "acked");
  assert.deepEqual(acked.detail.ack, { ...fixture("ack"), ref: acked.detail.ack.ref });
  sync.quickAdd(null, "Buy milk on the 5th");
  await answer("op", "ack-quickAdd");
  await settle();
  assert.deepEqual(events.filter((event) => event.type === "acked").at(-1).detail.ack.parsed, fixture("ack-quickAdd").parsed);
  sync.op({ op: "completeList", list: "list-1" });
  await answer("op", "error");
  await settle();
  const rejected = events.find((event) => event.type === "rejected");
  assert.equal(rejected.detail.error.code, fixture("error").code);
  assert.equal(rejected.detail.error.message, fixture("error").message);
  assert.equal(sync.outbox.size, 0, "acknowledged and refused edits leave the outbox");
  // Replies the web client awaits directly: the reply is the fixture as sent.
  const history = sync.connection.request({ type: "history", list: "list-habits", from: "2027-03-01", to: "2027-03-07" });
  await answer("history", "history");
  assert.deepEqual((await history).days, fixture("history").days);
  const unsubscribed = sync.connection.request({ type: "unsubscribe", list: "list-1" });
  await answer("unsubscribe", "unsubscribed");
  assert.equal((await unsubscribed).list, fixture("unsubscribed").list);
  const loggedOut = sync.logout();
  await answer("logout", "loggedOut");
  await loggedOut;
  assert.equal(sync.session, null);
  assert.equal(sync.store.lists.size, 0);
  stop();
});

test("auth on reconnect (authed without a token) keeps the stored token; a pushed loggedOut is no reply", async () => {
  const { sync, answer, stop } = scriptedSync();
  sync.session = { token: "stored-token", user: { id: "old", username: "olive" } };
  const opened = sync.onOpen();
  const auth = await answer("auth", "authed-auth");
  assert.equal(auth.token, "stored-token");
  await answer("settings", "settings");
  await answer("lists", "lists");
  await answer("subscribe", "snapshot", "subscribed");
  await opened;
  assert.deepEqual(sync.session, { token: "stored-token", user: fixture("authed-auth").user });
  sync.connection.receive(fixture("loggedOut-push"));
  assert.equal(sync.connection.pending.size, 0);
  stop();
});

test("the golden story's events, pushed through Sync, end where the server's snapshot is", () => {
  const { sync, stop } = scriptedSync();
  const snapshot = fixture("snapshot");
  const owner = snapshot.list.participants.find((p) => p.role === "owner");
  sync.store.reset({ username: owner.username });
  sync.onMessage({ type: "snapshot", seq: 1, list: { ...snapshot.list, seq: 1, items: [], participants: [owner] } });
  const events = readdirSync(folder).filter((name) => name.startsWith("event-")).map((name) => fixture(name.replace(/\.json$/, "")));
  events.sort((a, b) => a.seq - b.seq);
  for (const event of events) sync.connection.receive(event);
  const detail = sync.store.detail(snapshot.list.id);
  assert.equal(detail.seq, snapshot.seq);
  assert.deepEqual(Object.fromEntries(detail.items), Object.fromEntries(snapshot.list.items.map((item) => [item.id, item])));
  assert.equal(detail.activity.length, events.length, "every event is in the activity feed");
  stop();
});

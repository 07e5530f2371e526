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
const { agendaGroups } = await import("../../Public/js/views/today-groups.js");
const { searchHit } = await import("../../Public/js/views/search-results.js");
const { attachmentURL } = await import("../../Public/js/views/attachments.js");
const { deviceId, forgetDeviceUnlessListed } = await import("../../Public/js/push.js");

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

/** A scripted Sync signed up as olive: settings, lists and the checklist subscribed, from the fixtures. */
async function signedIn() {
  const scripted = scriptedSync();
  const { sync, answer } = scripted;
  const signedUp = sync.signup("olive", "correct horse");
  await answer("signup", "authed");
  await answer("settings", "settings");
  await answer("lists", "lists");
  await answer("subscribe", "snapshot", "subscribed");
  await signedUp;
  return scripted;
}

test("every server fixture is read by this test", () => {
  const covered = new Set([
    "authed", "authed-auth", "settings", "lists", "snapshot", "subscribed", "listShared", "reminder", "reminderDismissed",
    "reminderSnoozed", "ack", "ack-quickAdd", "error", "revoked", "loggedOut", "loggedOut-push", "unsubscribed", "history",
    "agenda", "search", "feed", "feed-list", "attachmentURL", "pushKey", "pushSubscribed", "devices", "pushUnsubscribed",
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
  const { sync, events, stop } = await signedIn();
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
  const { sync, events, answer, settle, stop } = await signedIn();
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

test("replies the views read: the agenda's groups, search hits, feed and attachment URLs", async () => {
  const { sync, answer, stop } = await signedIn();
  const agenda = sync.connection.request({ type: "agenda", from: "2027-03-05", to: "2027-03-11" });
  await answer("agenda", "agenda");
  const groups = agendaGroups(await agenda, "2027-03-10", "UTC");
  assert.deepEqual(groups.map((group) => [group.key, group.kind, group.entries.map((entry) => entry.key)]), [
    ["overdue", "overdue", ["list-1/item-quiz@2027-03-04"]],
    ["2027-03-10", "today", ["list-1/item-tickets@2027-03-10"]],
  ]);
  assert.deepEqual(groups[1].entries[0].item, fixture("agenda").items[0].item, "the entry's item is the ITEM as sent");

  const search = sync.connection.request({ type: "search", q: "tickets", limit: 20 });
  await answer("search", "search");
  assert.deepEqual((await search).results.map(searchHit), [
    { key: "list-1/item-tickets", href: "#/list/list-1/item/item-tickets", title: "Print the tickets", context: " — Trip to Lisbon",
      snippet: "Print the «tickets»", cancelled: false },
    { key: "list-1", href: "#/list/list-1", title: "Trip to Lisbon", context: " — checklist", snippet: "«Trip» to Lisbon", cancelled: false },
  ]);

  for (const name of ["feed", "feed-list"]) {
    const feed = sync.connection.request({ type: "feed", ...(fixture(name).list ? { list: fixture(name).list } : {}) });
    await answer("feed", name);
    assert.equal((await feed).url, fixture(name).url);
    assert.equal((await feed).list, fixture(name).list);
  }

  const app = { sync };
  const id = fixture("attachmentURL").id;
  const url = attachmentURL(app, id);
  const request = await answer("attachmentURL", "attachmentURL");
  assert.equal(request.id, id);
  assert.equal(await url, fixture("attachmentURL").url);
  assert.equal(await attachmentURL(app, id), fixture("attachmentURL").url, "a fresh URL is reused without asking again");
  stop();
});

test("push replies: the key, a device subscribed, the devices and one removed", async () => {
  const { sync, answer, stop } = await signedIn();
  const key = sync.connection.request({ type: "pushKey" });
  await answer("pushKey", "pushKey");
  assert.match((await key).key, /^B[A-Za-z0-9_-]{86}$/, "an uncompressed P-256 point, base64url");

  const subscribed = sync.connection.request({ type: "pushSubscribe", endpoint: "https://push.example/1", keys: {}, device: "Node" });
  await answer("pushSubscribe", "pushSubscribed");
  const id = (await subscribed).id;
  assert.equal(id, fixture("devices").devices[0].id, "the id the devices reply lists");
  localStorage.setItem("checkwire.push.device.olive", id);

  const devices = sync.connection.request({ type: "devices" });
  await answer("devices", "devices");
  const listed = (await devices).devices;
  assert.deepEqual(Object.keys(listed[0]), ["id", "device", "created", "lastUsed"]);
  forgetDeviceUnlessListed("olive", listed);
  assert.equal(deviceId("olive"), id, "a device the server lists is kept");

  const unsubscribed = sync.connection.request({ type: "pushUnsubscribe", id });
  await answer("pushUnsubscribe", "pushUnsubscribed");
  assert.equal((await unsubscribed).id, id);
  forgetDeviceUnlessListed("olive", []);
  assert.equal(deviceId("olive"), null, "and forgotten once it is not listed");
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

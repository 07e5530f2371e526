// The service worker's reminders (Public/sw.js) under Node: the real file, run in a context
// with the few service worker globals it uses, each recording what was asked of it. A push
// becomes a notification with Done and Snooze 10 min when no tab is visible, and a message to
// the visible tab otherwise (never both); a notification's action is sent over a WebSocket
// authenticated with the device's session, and a click opens the item.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import vm from "node:vm";

const SOURCE = readFileSync(new URL("../../Public/sw.js", import.meta.url), "utf8");

function worker({ windows = [], session = { token: "TOKEN" }, answers = {} } = {}) {
  const listeners = {};
  const shown = [];
  const sockets = [];
  const opened = [];
  class FakeSocket {
    constructor(url, protocol) {
      this.url = url;
      this.protocol = protocol;
      this.sent = [];
      sockets.push(this);
      setImmediate(() => this.onopen?.());
    }
    send(text) {
      const message = JSON.parse(text);
      this.sent.push(message);
      const reply = answers[message.type] || { type: message.type === "auth" ? "authed" : "ok" };
      setImmediate(() => this.onmessage?.({ data: JSON.stringify({ ...reply, ref: message.ref }) }));
    }
    close() { this.closed = true; }
  }
  const self = {
    location: { origin: "http://127.0.0.1:8080" },
    addEventListener: (type, listener) => { listeners[type] = listener; },
    registration: {
      scope: "http://127.0.0.1:8080/",
      showNotification: async (title, options) => { shown.push({ title, options, close() { this.closed = true; } }); },
      getNotifications: async ({ tag }) => shown.filter((n) => n.options.tag === tag)
        .map((n) => ({ data: n.options.data, close() {} })),
    },
    clients: {
      matchAll: async () => windows,
      openWindow: async (url) => { opened.push(url); },
      claim: async () => {},
    },
    skipWaiting: () => {},
  };
  const context = vm.createContext({
    self, caches: {
      open: async () => ({ match: async () => (session ? { json: async () => session } : undefined) }),
      keys: async () => [], delete: async () => true,
    },
    WebSocket: FakeSocket, URL, JSON, Date, Promise, Map, Error, String, setTimeout, clearTimeout,
    crypto: { randomUUID: () => "uuid-1" }, fetch: async () => { throw new Error("offline"); },
  });
  vm.runInContext(SOURCE, context);
  async function dispatch(type, event) {
    let done;
    listeners[type]({ ...event, waitUntil: (promise) => { done = promise; }, respondWith() {} });
    await done;
  }
  return { dispatch, shown, sockets, opened };
}

const reminder = {
  type: "reminder", list: "L1", listTitle: "Physics", kind: "before", at: "2027-03-12T13:30:00Z", late: false,
  item: { id: "I1", title: "Lab report", due: "2027-03-12T14:00:00Z" },
};
const push = { data: { json: () => reminder } };

test("a push with no visible tab shows a notification with Done and Snooze 10 min", async () => {
  const sw = worker({ windows: [{ visibilityState: "hidden", postMessage() { throw new Error("not for a hidden tab"); } }] });
  await sw.dispatch("push", push);
  assert.equal(sw.shown.length, 1);
  const { title, options } = sw.shown[0];
  assert.equal(title, "Reminder: Lab report");
  assert.equal(options.tag, "L1/I1");
  assert.match(options.body, /Physics/);
  // Made in the worker's realm: compared as JSON.
  const actions = JSON.parse(JSON.stringify(options.actions.map((a) => [a.action, a.title])));
  assert.deepEqual(actions, [["done", "Done"], ["snooze", "Snooze 10 min"]]);
  assert.deepEqual({ ...options.data }, { list: "L1", item: "I1", at: "2027-03-12T13:30:00Z", kind: "before" });
});

test("a visible tab is handed the reminder and no notification shows", async () => {
  const posted = [];
  const sw = worker({ windows: [{ visibilityState: "visible", postMessage: (m) => posted.push(m) }] });
  await sw.dispatch("push", push);
  assert.equal(sw.shown.length, 0);
  assert.deepEqual(posted.map((m) => [m.type, m.reminder.item.id]), [["pushedReminder", "I1"]]);
});

test("anything but a reminder shows nothing", async () => {
  const sw = worker();
  await sw.dispatch("push", { data: { json: () => ({ type: "event" }) } });
  await sw.dispatch("push", { data: { json: () => { throw new SyntaxError("not JSON"); } } });
  assert.equal(sw.shown.length, 0);
});

test("Done completes the item and dismisses the reminder with the device's session", async () => {
  const sw = worker();
  await sw.dispatch("notificationclick", { action: "done", notification: { data: { list: "L1", item: "I1", at: reminder.at }, close() {} } });
  assert.equal(sw.sockets.length, 1);
  const socket = sw.sockets[0];
  assert.equal(socket.url, "ws://127.0.0.1:8080/ws");
  assert.equal(socket.protocol, "checkwire.v1");
  assert.deepEqual(JSON.parse(JSON.stringify(socket.sent.map(({ ref, ...m }) => m))), [
    { type: "auth", token: "TOKEN" },
    { type: "op", opId: "sw-uuid-1", op: "completeItem", list: "L1", item: "I1" },
    { type: "dismissReminder", list: "L1", item: "I1", at: reminder.at },
  ]);
  assert.ok(socket.closed);
  assert.deepEqual(sw.opened, []);
});

test("Snooze 10 min snoozes until ten minutes from now", async () => {
  const sw = worker();
  const before = Date.now();
  await sw.dispatch("notificationclick", { action: "snooze", notification: { data: { list: "L1", item: "I1", at: reminder.at }, close() {} } });
  const [, snooze] = sw.sockets[0].sent;
  assert.equal(snooze.type, "snoozeReminder");
  const until = Date.parse(snooze.until);
  assert.ok(until >= before + 600000 && until <= Date.now() + 600000, snooze.until);
});

test("a click opens the item; an action that cannot be done opens it too", async () => {
  const sw = worker({ session: null });
  await sw.dispatch("notificationclick", { action: "", notification: { data: { list: "L 1", item: "I1" }, close() {} } });
  assert.deepEqual(sw.opened, ["http://127.0.0.1:8080/#/list/L%201/item/I1"]);
  await sw.dispatch("notificationclick", { action: "done", notification: { data: { list: "L1", item: "I1" }, close() {} } });
  assert.equal(sw.sockets.length, 0, "no session: nothing is sent");
  assert.equal(sw.opened.length, 2);
  const refused = worker({ answers: { op: { type: "error", code: "forbidden", message: "viewers cannot edit" } } });
  await refused.dispatch("notificationclick", { action: "done", notification: { data: { list: "L1", item: "I1" }, close() {} } });
  assert.equal(refused.opened.length, 1, "a refused Done opens the item");
});

// The session with the server: authentication, loading and subscribing to every checklist
// (resuming from the last seen seq), applying what arrives, and sending the outbox.
//
// Events: "session" (signed in/out), "status" (connection or readiness changed),
//         "rejected" { entry, error } (the server refused a queued edit),
//         "acked" { entry, ack }, "revoked" { listId, title }, "sessionEnded" { message },
//         "reminder" (a reminder message), "reminderHandled" { list, item } (dismissed or
//         snoozed on this or another device of the user), "settings" (the user's settings
//         were read or changed: `settings.tz`, `settings.inbox`).

import { Connection, ServerError } from "./connection.js";
import { Store } from "./store.js";
import { Outbox } from "./outbox.js";
import { timeZone } from "./format.js";
import { browserZone } from "./zone.js";

const SESSION_KEY = "checkwire.session";
const SETTINGS_PREFIX = "checkwire.settings.";
const LISTS_REFRESH_MS = 10000;
// How long signing in waits for a socket that is (re)opening before saying the server is unreachable.
const AUTH_CONNECT_WAIT_MS = 10000;

export class Sync extends EventTarget {
  constructor(url) {
    super();
    this.connection = new Connection(url);
    this.store = new Store();
    this.outbox = new Outbox();
    this.session = readSession(); // { token, user } | null
    this.ready = false; // authenticated on the current socket and subscriptions requested
    this.authFailed = null;
    this.inflight = new Set();
    this.refreshTimer = null;
    this.settings = null; // { tz, inbox } as the server last said, cached per user

    if (this.session) this.adoptUser(this.session.user);

    this.connection.addEventListener("open", () => this.onOpen());
    this.connection.addEventListener("close", () => this.onClose());
    this.connection.addEventListener("status", () => this.emit("status"));
    this.connection.addEventListener("message", (e) => this.onMessage(e.detail));
    this.outbox.addEventListener("change", () => this.emit("status"));
    window.addEventListener("focus", () => {
      this.refreshLists();
      // Another tab or device may have changed the zone; the server does not push settings.
      if (this.ready) this.readSettings().catch(() => {});
    });
    // The last moments a page is sure to run: write the cached state before it can go away.
    window.addEventListener("pagehide", () => this.store.persistPending());
    document.addEventListener("visibilitychange", () => {
      if (document.visibilityState === "hidden") this.store.persistPending();
    });
  }

  start() {
    this.connection.start();
  }

  emit(type, detail) {
    this.dispatchEvent(new CustomEvent(type, { detail }));
  }

  get user() {
    return this.session ? this.session.user : null;
  }

  /** "live" | "syncing" | "connecting" | "offline" */
  get status() {
    if (this.connection.status === "open") return this.ready ? (this.outbox.size ? "syncing" : "live") : "connecting";
    return this.connection.status;
  }

  /** The server cannot be reached just now: offline, or retrying after a failed attempt (not
   *  the first connect of a page load, which would make every start flash an offline message). */
  get unreachable() {
    const status = this.connection.status;
    return status === "offline" || (status === "connecting" && this.connection.attempt > 0);
  }

  adoptUser(user) {
    this.store.reset(user);
    this.store.restore();
    this.outbox.load(user.username);
    this.settings = readSettings(user.username);
    this.emit("settings");
  }

  // ---- accounts -------------------------------------------------------------------------------------

  async signup(username, password) {
    return this.authenticate({ type: "signup", username, password }, { newAccount: true });
  }

  async login(username, password) {
    return this.authenticate({ type: "login", username, password });
  }

  async authenticate(request, { newAccount = false } = {}) {
    // Right after a logout, or while the link comes back, the socket may be opening.
    await this.connection.whenOpen(AUTH_CONNECT_WAIT_MS);
    const reply = await this.connection.request(request);
    this.session = { token: reply.token, user: reply.user };
    writeSession(this.session);
    this.adoptUser(reply.user);
    this.emit("session");
    // A new account takes this browser's zone (the server starts everyone in UTC).
    await this.bootstrap(newAccount ? browserZone() : null);
    return reply.user;
  }

  async logout() {
    const username = this.user?.username;
    try {
      if (this.connection.isOpen && this.ready) await this.connection.request({ type: "logout" });
    } catch {
      // The token is forgotten locally either way.
    }
    this.endSession(username);
  }

  endSession(username) {
    this.session = null;
    this.ready = false;
    this.settings = null;
    writeSession(null);
    if (username) Store.forget(username);
    this.store.reset(null);
    this.outbox.load(null);
    this.emit("session");
    this.emit("status");
    // A fresh, unauthenticated socket.
    this.connection.drop();
  }

  // ---- connection lifecycle -----------------------------------------------------------------------------

  async onOpen() {
    this.ready = false;
    this.inflight.clear();
    if (!this.session) {
      this.emit("status");
      return;
    }
    try {
      const reply = await this.connection.request({ type: "auth", token: this.session.token });
      if (reply.user) {
        this.session.user = reply.user;
        writeSession(this.session);
      }
    } catch (error) {
      if (error instanceof ServerError && error.code === "unauthorized") {
        const username = this.user?.username;
        this.session = null;
        writeSession(null);
        this.store.reset(null);
        this.outbox.load(null);
        this.emit("sessionEnded", { message: "Your session has ended. Please log in again.", username });
        this.emit("session");
      }
      return;
    }
    await this.bootstrap();
  }

  onClose() {
    this.ready = false;
    this.inflight.clear();
    clearInterval(this.refreshTimer);
    this.store.markAllNotLive();
    this.emit("status");
  }

  /**
   * Reads the settings (setting the zone first for a new account), loads the lists,
   * subscribes to each (resuming where we left off) and sends the outbox.
   */
  async bootstrap(newZone = null) {
    let reply;
    try {
      await this.readSettings(newZone);
      reply = await this.connection.request({ type: "lists" });
    } catch {
      return;
    }
    if (newZone) this.moveInbox(reply.lists, newZone);
    this.store.setLists(reply.lists);
    for (const summary of reply.lists) this.subscribe(summary.id);
    this.ready = true;
    this.emit("status");
    this.flush();
    clearInterval(this.refreshTimer);
    this.refreshTimer = setInterval(() => this.refreshLists(), LISTS_REFRESH_MS);
  }

  /** Reads the user's settings (or sets the zone, with `tz`) and keeps them. A server without
   *  `settings` leaves them as they were. */
  async readSettings(tz = null) {
    let reply;
    try {
      reply = await this.connection.request(tz ? { type: "settings", tz } : { type: "settings" });
    } catch (error) {
      if (error instanceof ServerError) return;
      throw error;
    }
    this.keepSettings(reply);
  }

  /** Keeps a `settings` reply (all its fields: `tz`, `inbox`, `maxAttachmentBytes`, …). */
  keepSettings(reply) {
    const { type, ref, ...settings } = reply;
    this.settings = { ...this.settings, ...settings, inbox: settings.inbox ?? this.settings?.inbox ?? null };
    writeSettings(this.user?.username, this.settings);
    this.emit("settings");
  }

  /** Changes the user's time zone; rejects when offline or refused (the message says why). */
  async setTimeZone(tz) {
    if (!this.ready) throw new Error("Connect to change your time zone.");
    this.keepSettings(await this.connection.request({ type: "settings", tz }));
  }

  /** The Inbox is made with the account, in UTC: give it the account's zone. */
  moveInbox(lists, tz) {
    const inbox = lists.find((list) => list.inbox && list.role === "owner");
    if (inbox && inbox.tz !== tz) this.op({ op: "updateList", list: inbox.id, tz });
  }

  subscribe(listId) {
    const detail = this.store.detail(listId);
    const request = { type: "subscribe", list: listId };
    if (detail && typeof detail.seq === "number") request.since = detail.seq;
    this.connection.request(request).then(
      (reply) => this.store.markLive(listId, reply.seq),
      (error) => {
        if (error instanceof ServerError && error.code === "notFound") this.store.removeList(listId);
      },
    );
  }

  /** The server does not push "you were added to a list": look for new ones now and then. */
  async refreshLists() {
    if (!this.ready || !this.connection.isOpen) return;
    let reply;
    try {
      reply = await this.connection.request({ type: "lists" });
    } catch {
      return;
    }
    const known = new Set(this.store.lists.keys());
    this.store.setLists(reply.lists);
    for (const summary of reply.lists) if (!known.has(summary.id) || !this.store.detail(summary.id)) this.subscribe(summary.id);
  }

  onMessage(message) {
    switch (message.type) {
      case "event": {
        const result = this.store.applyEvent(message);
        if (result === "gap") this.subscribe(message.list);
        break;
      }
      case "snapshot":
        this.store.applySnapshot(message);
        break;
      case "listShared": {
        // The contract's push when someone shares a list with us (or changes our role): show
        // it now and subscribe, instead of waiting for the next `lists` poll.
        const known = this.store.lists.has(message.list.id);
        this.store.mergeSummary(message.list);
        this.store.changed();
        if (!this.store.detail(message.list.id)) this.subscribe(message.list.id);
        this.emit("shared", { list: message.list, by: message.by, known });
        break;
      }
      case "reminder":
        this.emit("reminder", message);
        break;
      case "reminderDismissed":
      case "reminderSnoozed":
        this.emit("reminderHandled", { list: message.list, item: message.item });
        break;
      case "revoked": {
        const title = this.store.lists.get(message.list)?.title;
        this.store.removeList(message.list);
        this.emit("revoked", { listId: message.list, title });
        break;
      }
      default:
        break;
    }
  }

  // ---- reminders (per user, not edits: no outbox, answered on every device) ---------------------------

  dismissReminder(list, item, at) {
    return this.connection.request({ type: "dismissReminder", list, item, at });
  }

  snoozeReminder(list, item, until) {
    return this.connection.request({ type: "snoozeReminder", list, item, until });
  }

  // ---- edits ------------------------------------------------------------------------------------------------

  /** Queues an edit (applied optimistically by the views) and sends it when possible. */
  op(fields, extra) {
    const entry = this.outbox.add(fields, extra);
    this.flush();
    return entry;
  }

  /** Adds an item from free text (quickAdd): to `listId` unless the text names another, or,
   *  without `listId` and a checklist named, to the Inbox. */
  quickAdd(listId, text) {
    const fields = { op: "quickAdd", text, tz: timeZone() };
    if (listId) fields.list = listId; // none: the text names the checklist, or the Inbox takes it
    return this.op(fields);
  }

  flush() {
    if (!this.ready || !this.connection.isOpen) return;
    for (const entry of this.outbox.entries) {
      if (this.inflight.has(entry.opId)) continue;
      this.inflight.add(entry.opId);
      this.connection.request(entry.message).then(
        (ack) => this.onAck(entry, ack),
        (error) => this.onOpError(entry, error),
      );
    }
    this.emit("status");
  }

  onAck(entry, ack) {
    this.inflight.delete(entry.opId);
    // Once the outbox forgets the edit, only the cached state still shows it after a reload.
    this.store.persistPending();
    this.outbox.remove(entry.opId);
    if (entry.message.op === "createList" && ack.list) {
      this.refreshLists();
    }
    this.emit("acked", { entry, ack });
    this.emit("status");
  }

  onOpError(entry, error) {
    this.inflight.delete(entry.opId);
    if (!(error instanceof ServerError)) return; // disconnected: stays queued, resent later
    if (error.code === "unauthorized") return; // re-authentication will resend it
    this.outbox.remove(entry.opId);
    this.emit("rejected", { entry, error });
    this.emit("status");
  }
}

function readSettings(username) {
  try {
    const settings = JSON.parse(localStorage.getItem(SETTINGS_PREFIX + username.toLowerCase()) || "null");
    return settings && typeof settings.tz === "string" ? settings : null;
  } catch {
    return null;
  }
}

function writeSettings(username, settings) {
  if (!username) return;
  try {
    localStorage.setItem(SETTINGS_PREFIX + username.toLowerCase(), JSON.stringify(settings));
  } catch {
    // The settings are read again on the next connection.
  }
}

function readSession() {
  try {
    const session = JSON.parse(localStorage.getItem(SESSION_KEY) || "null");
    if (session && session.token && session.user && session.user.username) return session;
  } catch {
    // ignore
  }
  return null;
}

function writeSession(session) {
  try {
    if (session) localStorage.setItem(SESSION_KEY, JSON.stringify(session));
    else localStorage.removeItem(SESSION_KEY);
  } catch {
    // ignore
  }
}

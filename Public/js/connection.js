// The WebSocket link to the server: one socket at a time, reconnect with capped
// exponential backoff and jitter, and request/response pairing by `ref`.
//
// The reconnect schedule (RECONNECT, below) is the product's promise that "Live" comes back
// within 2 s of the server being back: the first retry after 250 ms, each wait twice the one
// before, capped at 1.5 s, each drawn at random from the upper half of its ceiling ("equal
// jitter"). So a tab keeps backing off while the server is down, never waits more than 1.5 s
// between tries, and a thousand tabs that lost the server at the same moment spread their
// tries over those 1.5 s instead of arriving together. `checkwire bench reconnect` uses the
// same numbers.
//
// Events (EventTarget):
//   "status"  detail: { status: "connecting" | "open" | "offline", attempt, retryAt }
//   "open"    the socket is open (nothing sent yet); the app authenticates and resubscribes
//   "message" detail: the parsed server message (every message, replies included)
//   "close"   detail: { code, reason }

export const RECONNECT = Object.freeze({ firstMs: 250, factor: 2, capMs: 1500, jitter: 0.5 });
// While the browser says it is offline nothing is tried but this slow check: its "online"
// event reconnects at once.
const OFFLINE_RETRY_MS = 15000;
const REQUEST_TIMEOUT_MS = 20000;

export class ConnectionClosedError extends Error {
  constructor() {
    super("the connection closed before the server answered");
    this.code = "disconnected";
  }
}

export class ServerError extends Error {
  constructor(reply) {
    super(reply.message || reply.code);
    this.code = reply.code;
    this.reply = reply;
  }
}

/**
 * The wait before reconnect attempt `attempt` (0 for the first retry after a failure):
 * ceiling = min(capMs, firstMs · factor^attempt), and the wait is drawn uniformly from
 * [ceiling · (1 − jitter), ceiling]. For example attempt 0 waits 125–250 ms, attempt 3 and
 * later 750–1500 ms.
 */
export function backoffDelay(attempt, random = Math.random, schedule = RECONNECT) {
  const ceiling = Math.min(schedule.capMs, schedule.firstMs * schedule.factor ** Math.min(attempt, 30));
  return Math.round(ceiling * (1 - schedule.jitter + schedule.jitter * random()));
}

export class Connection extends EventTarget {
  constructor(url) {
    super();
    this.url = url;
    this.socket = null;
    this.status = "offline";
    this.attempt = 0;
    this.retryTimer = null;
    this.retryAt = null;
    this.nextRef = 1;
    this.pending = new Map(); // ref -> { resolve, reject, type, timer }
    this.stopped = true;
    this.blocked = false; // the browser says it is offline
    this.reopenAtOnce = false; // the close was ours (drop), not a failure: no backoff
    this.recentDelays = []; // the last waits scheduled, newest last (for the tests and the curious)
  }

  start() {
    this.stopped = false;
    window.addEventListener("online", () => {
      this.blocked = false;
      this.reconnectNow();
    });
    window.addEventListener("offline", () => {
      // The browser knows the network is gone: do not wait for a TCP timeout.
      this.blocked = true;
      if (this.socket) this.socket.close(4000, "browser offline");
      this.setStatus("offline");
    });
    document.addEventListener("visibilitychange", () => {
      if (document.visibilityState === "visible" && this.status === "offline") this.reconnectNow();
    });
    this.blocked = navigator.onLine === false;
    this.open();
  }

  get isOpen() {
    return this.socket !== null && this.socket.readyState === WebSocket.OPEN;
  }

  setStatus(status) {
    this.status = status;
    this.dispatchEvent(new CustomEvent("status", {
      detail: { status, attempt: this.attempt, retryAt: this.retryAt },
    }));
  }

  open() {
    if (this.stopped || this.socket) return;
    clearTimeout(this.retryTimer);
    this.retryTimer = null;
    this.retryAt = null;
    this.setStatus("connecting");
    let socket;
    try {
      socket = new WebSocket(this.url, "checkwire.v1");
    } catch (error) {
      this.scheduleRetry();
      return;
    }
    this.socket = socket;
    socket.addEventListener("open", () => {
      if (this.socket !== socket) return;
      this.attempt = 0;
      this.setStatus("open");
      this.dispatchEvent(new Event("open"));
    });
    socket.addEventListener("message", (event) => {
      if (this.socket !== socket || typeof event.data !== "string") return;
      let message;
      try {
        message = JSON.parse(event.data);
      } catch {
        return;
      }
      this.receive(message);
    });
    socket.addEventListener("close", (event) => {
      if (this.socket !== socket) return;
      this.socket = null;
      this.failPending();
      this.dispatchEvent(new CustomEvent("close", { detail: { code: event.code, reason: event.reason } }));
      if (this.reopenAtOnce && !this.blocked) {
        this.reopenAtOnce = false;
        this.attempt = 0;
        this.open();
        return;
      }
      this.reopenAtOnce = false;
      this.scheduleRetry();
    });
    socket.addEventListener("error", () => {
      // A close event always follows; nothing to do here.
    });
  }

  scheduleRetry() {
    if (this.stopped) return;
    const delay = this.blocked ? OFFLINE_RETRY_MS : backoffDelay(this.attempt);
    this.recentDelays.push(delay);
    if (this.recentDelays.length > 50) this.recentDelays.shift();
    this.attempt += 1;
    this.retryAt = Date.now() + delay;
    this.setStatus("offline");
    clearTimeout(this.retryTimer);
    this.retryTimer = setTimeout(() => this.open(), delay);
  }

  /** Retry at once (the network came back, or the person asked for it). */
  reconnectNow() {
    if (this.stopped || this.socket) return;
    this.attempt = 0;
    this.open();
  }

  /**
   * Closes the current socket and opens a fresh one at once (after logging out, the next
   * person may sign in straight away). A socket that stopped answering is dropped the same
   * way; if the new one fails, the usual backoff takes over.
   */
  drop() {
    if (!this.socket) return;
    this.reopenAtOnce = true;
    this.socket.close(4001, "client reset");
  }

  /**
   * Resolves once the socket is open, at once if it already is; rejects with
   * ConnectionClosedError after `timeoutMs`. For requests a person is waiting on, such as
   * signing in, sent while the socket is (re)connecting.
   */
  whenOpen(timeoutMs) {
    if (this.isOpen) return Promise.resolve();
    this.reconnectNow();
    return new Promise((resolve, reject) => {
      const opened = () => {
        clearTimeout(timer);
        resolve();
      };
      const timer = setTimeout(() => {
        this.removeEventListener("open", opened);
        reject(new ConnectionClosedError());
      }, timeoutMs);
      this.addEventListener("open", opened, { once: true });
    });
  }

  failPending() {
    const pending = [...this.pending.values()];
    this.pending.clear();
    for (const entry of pending) {
      clearTimeout(entry.timer);
      entry.reject(new ConnectionClosedError());
    }
  }

  receive(message) {
    const ref = message.ref;
    this.dispatchEvent(new CustomEvent("message", { detail: message }));
    if (typeof ref !== "string" || !this.pending.has(ref)) return;
    const entry = this.pending.get(ref);
    // A subscribe is answered by an optional snapshot, then `subscribed`; wait for the last.
    if (entry.type === "subscribe" && message.type === "snapshot") return;
    this.pending.delete(ref);
    clearTimeout(entry.timer);
    if (message.type === "error") entry.reject(new ServerError(message));
    else entry.resolve(message);
  }

  /** Sends without waiting for a reply. Returns false when the socket is not open. */
  send(message) {
    if (!this.isOpen) return false;
    this.socket.send(JSON.stringify(message));
    return true;
  }

  /**
   * Sends a request and resolves with its direct reply (rejects with ServerError on an
   * `error` reply, ConnectionClosedError when the socket closes first). The server handles
   * a connection's requests in order, so replies come back in the order of the requests.
   */
  request(message) {
    return new Promise((resolve, reject) => {
      if (!this.isOpen) {
        reject(new ConnectionClosedError());
        return;
      }
      const ref = `r${this.nextRef++}`;
      const timer = setTimeout(() => {
        if (this.pending.delete(ref)) {
          reject(new ConnectionClosedError());
          // No answer for this long: the link is probably dead. Start over.
          this.drop();
        }
      }, REQUEST_TIMEOUT_MS);
      this.pending.set(ref, { resolve, reject, type: message.type, timer });
      this.socket.send(JSON.stringify({ ...message, ref }));
    });
  }
}

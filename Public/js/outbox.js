// Edits not yet acknowledged by the server, in the order they were made, kept in
// localStorage (per user) so that they survive a reload or a closed tab while offline.
// Each carries its opId: resending after a dropped connection is safe because the server
// answers an opId it already applied with the original ack and changes nothing.

const PREFIX = "checkwire.outbox.";

// Ids of new lists and items are random (version 4) UUIDs: people refer to them by their
// first digits in the terminal, so those must differ between things made together.
export function newId() {
  if (globalThis.crypto && typeof crypto.randomUUID === "function") return crypto.randomUUID();
  // Insecure contexts (plain http on a LAN address) have no randomUUID.
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6] & 0x0f) | 0x40;
  bytes[8] = (bytes[8] & 0x3f) | 0x80;
  return uuidText(bytes);
}

// OpIds are version 7 UUIDs (RFC 9562): the time in milliseconds first, then 74 random
// bits. The server keeps a unique index of each author's opIds; one that sorts after the
// ones made before it lands on the index's last page, where a random one would cost the
// server a page of log of its own (docs/benchmarks.md, "Time-ordered opIds"). `now` is for tests.
export function newOpId(now = Date.now()) {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  let time = Math.max(0, Math.floor(now));
  for (let index = 5; index >= 0; index -= 1) {
    bytes[index] = time % 256;
    time = Math.floor(time / 256);
  }
  bytes[6] = (bytes[6] & 0x0f) | 0x70;
  bytes[8] = (bytes[8] & 0x3f) | 0x80;
  return uuidText(bytes);
}

function uuidText(bytes) {
  const hex = [...bytes].map((b) => b.toString(16).padStart(2, "0")).join("");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

export class Outbox extends EventTarget {
  constructor() {
    super();
    this.username = null;
    this.entries = [];
  }

  get key() {
    return this.username ? PREFIX + this.username.toLowerCase() : null;
  }

  load(username) {
    this.username = username;
    this.entries = [];
    if (!username) return;
    try {
      const stored = JSON.parse(localStorage.getItem(this.key) || "[]");
      if (Array.isArray(stored)) this.entries = stored.filter((e) => e && e.opId && e.message);
    } catch {
      this.entries = [];
    }
    this.changed();
  }

  save() {
    if (!this.key) return;
    try {
      if (this.entries.length) localStorage.setItem(this.key, JSON.stringify(this.entries));
      else localStorage.removeItem(this.key);
    } catch {
      // Storage unavailable: the queue still lives for this page.
    }
  }

  changed() {
    this.save();
    this.dispatchEvent(new Event("change"));
  }

  /** Queues an op (`{ op: "addItem", list, ... }`) and returns its entry. */
  add(fields, extra = {}) {
    const opId = newOpId();
    const entry = {
      opId,
      message: { type: "op", opId, ...fields },
      at: new Date().toISOString(),
      ...extra,
    };
    this.entries.push(entry);
    this.changed();
    return entry;
  }

  /** Puts `replacement` where the entry `opId` was (keeps the queue's order). */
  replace(opId, fields, extra = {}) {
    const index = this.entries.findIndex((e) => e.opId === opId);
    const replacementOpId = newOpId();
    const entry = {
      opId: replacementOpId,
      message: { type: "op", opId: replacementOpId, ...fields },
      at: new Date().toISOString(),
      ...extra,
    };
    if (index === -1) this.entries.push(entry);
    else this.entries.splice(index, 1, entry);
    this.changed();
    return entry;
  }

  remove(opId) {
    const before = this.entries.length;
    this.entries = this.entries.filter((e) => e.opId !== opId);
    if (this.entries.length !== before) this.changed();
  }

  has(opId) {
    return this.entries.some((e) => e.opId === opId);
  }

  forList(listId) {
    return this.entries.filter((e) => e.message.list === listId);
  }

  get size() {
    return this.entries.length;
  }

  clear() {
    this.entries = [];
    this.changed();
  }
}

// Client-side state as the server last described it. Snapshots and events are applied by
// replacing whole objects (the protocol sends the resulting objects an edit touched).
// Pending local edits are layered on top by projection.js; they never enter this state.
//
// The state is cached in localStorage per user so that a reload while offline still shows
// the checklists, and so that resubscribing can resume from the last seen seq. Writes are
// batched (at most one per PERSIST_DELAY_MS), but the page can go away inside that window —
// a reload, a closed tab, a phone discarding it — so `persistPending()` writes at once and
// the app calls it on `pagehide` and when the page is hidden (localStorage is synchronous).

import { childIndex } from "./tree.js";

const CACHE_PREFIX = "checkwire.cache.";
const ACTIVITY_LIMIT = 200;
const CACHE_VERSION = 1;
// The batching window: a burst of live events costs one write, not one per event.
const PERSIST_DELAY_MS = 400;

function dueKey(due) {
  if (!due) return Infinity;
  const t = Date.parse(due.length === 10 ? `${due}T00:00:00Z` : due);
  return Number.isNaN(t) ? Infinity : t;
}

/** The contract's view order: active by due (undated last, ties by title), then completed,
 *  then cancelled, each newest first. */
export function sortLists(lists) {
  const rank = { active: 0, completed: 1, cancelled: 2 };
  const byTitle = (a, b) => {
    const ta = (a.title || "").toLowerCase();
    const tb = (b.title || "").toLowerCase();
    if (ta !== tb) return ta < tb ? -1 : 1;
    return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
  };
  return [...lists].sort((a, b) => {
    const ra = rank[a.status] ?? 0;
    const rb = rank[b.status] ?? 0;
    if (ra !== rb) return ra - rb;
    if (a.status === "active" || !a.status) {
      const da = dueKey(a.due);
      const db = dueKey(b.due);
      if (da !== db) return da < db ? -1 : 1;
      return byTitle(a, b);
    }
    const field = a.status === "completed" ? "completedAt" : "cancelledAt";
    const ta = Date.parse(a[field] || "") || 0;
    const tb = Date.parse(b[field] || "") || 0;
    if (ta !== tb) return tb - ta;
    return byTitle(a, b);
  });
}

export class Store extends EventTarget {
  constructor() {
    super();
    this.reset(null);
  }

  reset(user) {
    this.user = user;
    this.lists = new Map(); // id -> SUMMARY (with role)
    this.details = new Map(); // id -> { seq, participants: Map, items: Map, activity: [] , live }
    this.listsLoaded = false;
    this.changedSoon = false;
    clearTimeout(this.persistTimer);
    this.persistTimer = null;
  }

  // ---- change notification -------------------------------------------------------------

  changed() {
    if (this.changedSoon) return;
    this.changedSoon = true;
    queueMicrotask(() => {
      this.changedSoon = false;
      this.dispatchEvent(new Event("change"));
    });
    this.schedulePersist();
  }

  // ---- reading ----------------------------------------------------------------------------

  orderedLists() {
    return sortLists(this.lists.values());
  }

  detail(listId) {
    return this.details.get(listId) || null;
  }

  // ---- applying what the server sends ---------------------------------------------------------

  setLists(summaries) {
    const seen = new Set();
    for (const summary of summaries) {
      seen.add(summary.id);
      this.lists.set(summary.id, { ...summary });
    }
    for (const id of [...this.lists.keys()]) {
      if (!seen.has(id)) {
        this.lists.delete(id);
        this.details.delete(id);
      }
    }
    this.listsLoaded = true;
    this.changed();
  }

  /** Adds or refreshes one summary (e.g. from a snapshot or an event); keeps our role. */
  mergeSummary(summary) {
    const existing = this.lists.get(summary.id) || {};
    const merged = { ...existing, ...summary };
    if (summary.role === undefined && existing.role !== undefined) merged.role = existing.role;
    if (typeof summary.participants !== "number" && typeof existing.participants === "number") {
      merged.participants = existing.participants;
    }
    this.lists.set(summary.id, merged);
  }

  applySnapshot(message) {
    const list = message.list;
    const { participants, items, ...summaryFields } = list;
    const detail = this.details.get(list.id);
    const activity = detail ? detail.activity : [];
    this.mergeSummary({ ...summaryFields, participants: participants.length });
    this.details.set(list.id, {
      seq: message.seq ?? list.seq,
      participants: new Map(participants.map((p) => [p.username, p.role])),
      items: new Map(items.map((item) => [item.id, item])),
      activity,
      live: false,
    });
    this.changed();
  }

  markLive(listId, seq) {
    const detail = this.details.get(listId);
    if (detail) {
      detail.live = true;
      if (typeof seq === "number" && seq > detail.seq) detail.seq = seq;
    }
    this.changed();
  }

  markAllNotLive() {
    for (const detail of this.details.values()) detail.live = false;
    this.changed();
  }

  /**
   * Applies one event. Returns "applied", "duplicate" (seq already seen), "gap" (a seq is
   * missing: resubscribe) or "unknown" (no state for the list yet).
   */
  applyEvent(event) {
    const detail = this.details.get(event.list);
    if (!detail) {
      if (event.changes && event.changes.list) this.mergeSummary(event.changes.list);
      this.changed();
      return "unknown";
    }
    if (event.seq <= detail.seq) return "duplicate";
    if (event.seq !== detail.seq + 1) return "gap";
    const entry = describeEvent(event, detail);
    const changes = event.changes || {};
    for (const item of changes.items || []) detail.items.set(item.id, item);
    if (changes.participants) {
      for (const { username, role } of changes.participants) {
        if (role === null || role === undefined) detail.participants.delete(username);
        else detail.participants.set(username, role);
      }
    }
    if (changes.list) this.mergeSummary(changes.list);
    const summary = this.lists.get(event.list);
    if (summary) {
      summary.seq = event.seq;
      if (event.completion) summary.completion = event.completion;
      summary.participants = detail.participants.size;
      if (changes.participants && this.user) {
        const mine = detail.participants.get(this.user.username);
        if (mine) summary.role = mine;
      }
    }
    detail.seq = event.seq;
    rememberApplied(detail, event.opId);
    detail.activity.unshift(entry);
    if (detail.activity.length > ACTIVITY_LIMIT) detail.activity.length = ACTIVITY_LIMIT;
    this.changed();
    return "applied";
  }

  /** The user was removed from a list (revoked) or it no longer exists for them. */
  removeList(listId) {
    this.lists.delete(listId);
    this.details.delete(listId);
    this.changed();
  }

  // ---- persistence --------------------------------------------------------------------------------

  /** Writes within PERSIST_DELAY_MS of the first unsaved change. The timer is not pushed back
   *  by later changes: a steady trickle of them (reconnect attempts, live events) must not
   *  starve the write. */
  schedulePersist() {
    if (!this.user || this.persistTimer !== null) return;
    this.persistTimer = setTimeout(() => this.persist(), PERSIST_DELAY_MS);
  }

  /** True while a change is in memory only. */
  get hasUnsavedChanges() {
    return this.persistTimer !== null;
  }

  /** Writes now if anything is unsaved: before the page goes away, and before the outbox
   *  forgets an acknowledged edit (so the cache never lacks what the outbox no longer has). */
  persistPending() {
    if (this.hasUnsavedChanges) this.persist();
  }

  persist() {
    clearTimeout(this.persistTimer);
    this.persistTimer = null;
    if (!this.user) return;
    const data = {
      version: CACHE_VERSION,
      lists: [...this.lists.values()],
      details: [...this.details.entries()].map(([id, d]) => ({
        id,
        seq: d.seq,
        participants: [...d.participants.entries()],
        items: [...d.items.values()],
        activity: d.activity.slice(0, 60),
      })),
    };
    try {
      localStorage.setItem(CACHE_PREFIX + this.user.username.toLowerCase(), JSON.stringify(data));
    } catch {
      // Storage full or unavailable: the cache is an optimisation only.
    }
  }

  restore() {
    if (!this.user) return false;
    let data;
    try {
      data = JSON.parse(localStorage.getItem(CACHE_PREFIX + this.user.username.toLowerCase()) || "null");
    } catch {
      data = null;
    }
    if (!data || data.version !== CACHE_VERSION) return false;
    for (const summary of data.lists || []) this.lists.set(summary.id, summary);
    for (const d of data.details || []) {
      this.details.set(d.id, {
        seq: d.seq,
        participants: new Map(d.participants),
        items: new Map(d.items.map((item) => [item.id, item])),
        activity: d.activity || [],
        live: false,
      });
    }
    this.listsLoaded = this.lists.size > 0;
    this.changed();
    return true;
  }

  static forget(username) {
    try {
      localStorage.removeItem(CACHE_PREFIX + username.toLowerCase());
    } catch {
      // ignore
    }
  }
}

// ---- activity -----------------------------------------------------------------------------------

/** What an event did, in words, worked out against the state before it is applied. */
export function describeEvent(event, detail) {
  const changes = event.changes || {};
  const items = changes.items || [];
  const before = detail.items;
  let target = items[0] || null;
  if (event.op === "addItem" || event.op === "quickAdd") {
    target = items.find((item) => !before.has(item.id)) || target;
  } else if (event.op === "moveItem") {
    target = items.find((item) => before.has(item.id) && before.get(item.id).parent !== item.parent) || target;
  }
  // `title` is the item's title as the event left it: kept in the entry, so the feed shows
  // what it was then, not what the item is called now.
  const entry = { seq: event.seq, op: event.op, by: event.by, at: event.at, itemId: target?.id ?? null, title: target?.title ?? null };
  // A list event is about the checklist, whatever items it touched (a cancel cascades to them).
  const aboutList = (verb) => {
    entry.verb = verb;
    entry.itemId = null;
    entry.title = null;
    entry.listTitle = changes.list?.title ?? null;
  };
  switch (event.op) {
    case "createList": aboutList("created the checklist"); break;
    case "updateList": aboutList("updated the checklist details"); break;
    case "completeList": aboutList("completed the checklist"); break;
    case "reopenList": aboutList("reopened the checklist"); break;
    case "cancelList": aboutList("cancelled the checklist"); break;
    case "restoreList": aboutList("restored the checklist"); break;
    case "share": {
      const p = (changes.participants || [])[0];
      aboutList(p ? `shared the checklist with ${p.username} as ${p.role}` : "shared the checklist");
      entry.listTitle = null;
      break;
    }
    case "unshare": {
      const p = (changes.participants || [])[0];
      aboutList(p ? `removed ${p.username}` : "removed a participant");
      entry.listTitle = null;
      break;
    }
    case "addItem": case "quickAdd": entry.verb = "added"; break;
    case "completeItem": entry.verb = "completed"; break;
    case "reopenItem": entry.verb = "reopened"; break;
    case "cancelItem": entry.verb = "cancelled"; break;
    case "restoreItem": entry.verb = "restored"; break;
    case "moveItem": entry.verb = "moved"; break;
    case "updateItem": {
      const old = target ? before.get(target.id) : null;
      Object.assign(entry, old && target ? describeUpdate(old, target) : { verb: "edited" });
      break;
    }
    case "checkIn": entry.verb = event.value === "done" ? "checked in on" : event.value === "skipped" ? "skipped" : "took back the check-in on"; break;
    case "attach": entry.verb = "attached a file to"; break;
    case "cancelAttachment": entry.verb = "removed a file from"; break;
    case "restoreAttachment": entry.verb = "restored a file on"; break;
    default: entry.verb = event.op.replace(/([A-Z])/g, " $1").toLowerCase();
  }
  return entry;
}

const APPLIED_LIMIT = 500;

/**
 * Remembers that the edit `opId` is in the state now (its event was applied), so its pending
 * copy in the outbox is not laid over it again until its ack arrives: a quick add's
 * optimistic row would otherwise show beside the server's for a moment.
 */
function rememberApplied(detail, opId) {
  if (!opId) return;
  detail.appliedOps ??= new Set();
  detail.appliedOps.add(opId);
  if (detail.appliedOps.size > APPLIED_LIMIT) detail.appliedOps.delete(detail.appliedOps.values().next().value);
}

/** What an updateItem changed, in words: the first field that differs, as a person would say it. */
function describeUpdate(old, item) {
  if (old.title !== item.title) return { verb: "renamed", detail: `“${old.title}” → “${item.title}”` };
  if (old.assignee !== item.assignee) {
    return item.assignee ? { verb: "assigned", detail: `${item.title} to ${item.assignee}` } : { verb: "unassigned" };
  }
  if (old.due !== item.due) return { verb: item.due ? "set the due date of" : "cleared the due date of" };
  if (old.repeat !== item.repeat) return { verb: item.repeat ? "changed how often this repeats:" : "stopped repeating" };
  if (old.notes !== item.notes) return { verb: "edited the notes of" };
  if (old.location !== item.location) return { verb: item.location ? "set the location of" : "cleared the location of" };
  if (old.remindEvery !== item.remindEvery || old.remindBefore !== item.remindBefore) return { verb: "changed the reminders of" };
  if (old.availableFrom !== item.availableFrom) return { verb: item.availableFrom ? "set when this opens:" : "opened" };
  if (Boolean(old.sequential) !== Boolean(item.sequential)) return { verb: item.sequential ? "made the sub-items one after another in" : "let the sub-items be done in any order in" };
  return { verb: "edited" };
}

export { childIndex };

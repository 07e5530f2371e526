// The state a person sees: the server's state with their own pending edits layered on top
// (optimistically), so that offline edits show at once, marked as pending.

import { childIndex, childrenOf, descendants, openDescendantCount, positionBetween, completion } from "./tree.js";

/**
 * @returns {{ items: Map, index: Map, pendingItems: Set, summary: object, pendingList: boolean,
 *             participants: Map, completion: object }}
 */
export function project(summary, detail, allEntries, me) {
  // An edit whose event is already applied is in the state: laying it over again would
  // show a quick add twice (its optimistic row beside the server's) until the ack.
  const entries = detail?.appliedOps ? allEntries.filter((entry) => !detail.appliedOps.has(entry.opId)) : allEntries;
  const items = new Map(detail ? detail.items : []);
  const pendingItems = new Set();
  let listFields = { ...(summary || {}) };
  let pendingList = false;
  let index = childIndex(items);
  const now = new Date().toISOString();

  const place = (item, parent, op) => {
    const siblings = childrenOf(index, parent).filter((s) => s.id !== item.id);
    let position;
    if (!("after" in op) || op.after === undefined) {
      position = positionBetween(siblings[siblings.length - 1], null);
    } else if (op.after === null) {
      position = positionBetween(null, siblings[0]);
    } else {
      const at = siblings.findIndex((s) => s.id === op.after);
      position = at === -1 ? positionBetween(siblings[siblings.length - 1], null) : positionBetween(siblings[at], siblings[at + 1]);
    }
    return position;
  };

  for (const entry of entries) {
    const op = entry.message;
    const listAfter = listFieldsAfter(listFields, op, now);
    if (listAfter) {
      listFields = listAfter;
      pendingList = true;
      continue;
    }
    const id = op.item;
    const current = id ? items.get(id) : null;
    switch (op.op) {
      case "addItem":
      case "quickAdd": {
        const itemId = op.id || `pending-${entry.opId}`;
        const parent = op.op === "addItem" ? op.parent ?? null : null;
        if (items.has(itemId) && !pendingItems.has(itemId)) break; // already applied by the server
        const item = {
          id: itemId,
          parent,
          position: 0,
          title: op.title ?? op.text,
          notes: op.notes ?? null,
          due: op.due ?? null,
          location: op.location ?? null,
          remindEvery: op.remindEvery ?? null,
          remindBefore: op.remindBefore ?? null,
          assignee: op.assignee ?? null,
          repeat: op.repeat ?? null,
          sequential: op.sequential ?? false,
          availableFrom: op.availableFrom ?? null,
          status: "open",
          createdBy: me,
          createdAt: entry.at,
          doneBy: null, doneAt: null, cancelledBy: null, cancelledAt: null,
        };
        item.position = place(item, parent, op);
        items.set(itemId, item);
        pendingItems.add(itemId);
        break;
      }
      case "updateItem":
        if (current) {
          const next = { ...current };
          for (const field of ["title", "notes", "due", "location", "remindEvery", "remindBefore", "assignee", "repeat", "sequential", "availableFrom"]) if (field in op) next[field] = op[field];
          items.set(id, next);
          pendingItems.add(id);
        }
        break;
      case "moveItem":
        if (current) {
          const parent = "parent" in op ? op.parent : current.parent;
          const next = { ...current, parent };
          next.position = place(next, parent, op);
          items.set(id, next);
          pendingItems.add(id);
        }
        break;
      case "completeItem":
        // A repeating item stays open (the server moves its due to the next occurrence).
        if (current && current.status === "open" && openDescendantCount(index, id) === 0) {
          if (!current.repeat) items.set(id, { ...current, status: "done", doneBy: me, doneAt: entry.at });
          pendingItems.add(id);
        }
        break;
      case "reopenItem":
        if (current && current.status === "done") {
          items.set(id, { ...current, status: "open", doneBy: null, doneAt: null });
          pendingItems.add(id);
          reopenAncestors(items, current.parent, pendingItems);
        }
        break;
      case "cancelItem":
        if (current && current.status !== "cancelled") {
          items.set(id, { ...current, status: "cancelled", cancelledBy: me, cancelledAt: entry.at, _before: current.status });
          pendingItems.add(id);
          for (const d of descendants(index, id)) {
            if (d.status === "open") {
              items.set(d.id, { ...d, status: "cancelled", cancelledBy: me, cancelledAt: entry.at, _before: "open" });
              pendingItems.add(d.id);
            }
          }
        }
        break;
      case "restoreItem":
        if (current && current.status === "cancelled") {
          const at = current.cancelledAt;
          items.set(id, { ...current, status: current._before || (current.doneAt ? "done" : "open"), cancelledBy: null, cancelledAt: null });
          pendingItems.add(id);
          for (const d of descendants(index, id)) {
            if (d.status === "cancelled" && d.cancelledAt === at) {
              items.set(d.id, { ...d, status: d._before || "open", cancelledBy: null, cancelledAt: null });
              pendingItems.add(d.id);
            }
          }
        }
        break;
      default:
        break;
    }
    index = childIndex(items);
  }

  const participants = new Map(detail ? detail.participants : []);
  for (const entry of entries) {
    const op = entry.message;
    if (op.op === "share") participants.set(op.username, op.role);
    if (op.op === "unshare") participants.delete(op.username);
  }

  const overall = detail
    ? (pendingItems.size ? completion(index, null) : summary?.completion || completion(index, null))
    : summary?.completion || { done: 0, total: 0, percent: 0 };
  return { items, index, pendingItems, summary: { ...listFields, completion: overall }, pendingList, participants, completion: overall };
}

/** The checklist's own fields with a pending edit of them laid over; null for any other op. */
function listFieldsAfter(fields, op, now) {
  switch (op.op) {
    case "updateList": {
      const next = { ...fields };
      for (const field of ["title", "description", "due", "tz", "sequential", "goal"]) if (field in op) next[field] = op[field];
      return next;
    }
    case "completeList":
      return { ...fields, status: "completed", completedAt: fields.completedAt || now };
    case "reopenList":
      return { ...fields, status: "active", completedAt: null };
    case "cancelList":
      return { ...fields, status: "cancelled", cancelledAt: now };
    case "restoreList":
      return { ...fields, status: fields.completedAt ? "completed" : "active", cancelledAt: null };
    default:
      return null;
  }
}

function reopenAncestors(items, parentId, pendingItems) {
  let current = parentId;
  const seen = new Set();
  while (current && !seen.has(current)) {
    seen.add(current);
    const ancestor = items.get(current);
    if (!ancestor) break;
    if (ancestor.status === "done") {
      items.set(current, { ...ancestor, status: "open", doneBy: null, doneAt: null });
      pendingItems.add(current);
    }
    current = ancestor.parent;
  }
}

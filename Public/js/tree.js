// Pure helpers over a checklist's flat item map (id -> ITEM): children, paths, completion.

export function comparePositions(a, b) {
  const pa = a.position;
  const pb = b.position;
  if (typeof pa === typeof pb) {
    if (pa < pb) return -1;
    if (pa > pb) return 1;
  } else {
    return typeof pa === "number" ? -1 : 1;
  }
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

/** Indexes children by parent id ("" for the root), each list in sibling order. */
export function childIndex(items) {
  const index = new Map();
  for (const item of items.values()) {
    const key = item.parent ?? "";
    if (!index.has(key)) index.set(key, []);
    index.get(key).push(item);
  }
  for (const list of index.values()) list.sort(comparePositions);
  return index;
}

export function childrenOf(index, parentId) {
  return index.get(parentId ?? "") || [];
}

export function descendants(index, id) {
  const out = [];
  const stack = [...childrenOf(index, id)];
  while (stack.length) {
    const item = stack.shift();
    out.push(item);
    stack.push(...childrenOf(index, item.id));
  }
  return out;
}

export function openDescendantCount(index, id) {
  return descendants(index, id).filter((item) => item.status === "open").length;
}

/** The chain of ancestors from the root down to (not including) the item. */
export function ancestors(items, id) {
  const chain = [];
  let current = items.get(id);
  const seen = new Set();
  while (current && current.parent && !seen.has(current.parent)) {
    seen.add(current.parent);
    const parent = items.get(current.parent);
    if (!parent) break;
    chain.unshift(parent);
    current = parent;
  }
  return chain;
}

/** The contract's completion over the non-cancelled leaves under `parentId` (null: all). */
export function completion(index, parentId) {
  let done = 0;
  let total = 0;
  const stack = [...childrenOf(index, parentId)];
  while (stack.length) {
    const item = stack.pop();
    const children = childrenOf(index, item.id);
    if (children.length) {
      stack.push(...children);
    } else if (item.status !== "cancelled") {
      total += 1;
      if (item.status === "done") done += 1;
    }
  }
  return { done, total, percent: total === 0 ? 0 : Math.floor((100 * done) / total) };
}

/** A position between two siblings' positions (for optimistic placement only). */
export function positionBetween(before, after) {
  const a = typeof before?.position === "number" ? before.position : null;
  const b = typeof after?.position === "number" ? after.position : null;
  if (a === null && b === null) return 1;
  if (a === null) return b - 1;
  if (b === null) return a + 1;
  return (a + b) / 2;
}

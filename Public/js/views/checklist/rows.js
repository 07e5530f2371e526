// Which rows the checklist shows, worked out without a DOM (so Node's test runner checks it):
// the open tree under the drilled-down item, and the Cancelled section's entries.
import { childrenOf, descendants } from "../../tree.js";

/**
 * The tree's rows in order, each with the key its component is kept under: items not
 * cancelled, their children unless collapsed, and the sub-item adder under its parent.
 * @returns {Array<{ key, item, depth, hasChildren } | { key, adder: true, parentId, depth }>}
 */
export function visibleRows(index, rootId, collapsed, adding) {
  const rows = [];
  const walk = (parentId, depth) => {
    for (const item of childrenOf(index, parentId)) {
      if (item.status === "cancelled") continue;
      const kids = childrenOf(index, item.id).filter((kid) => kid.status !== "cancelled");
      rows.push({ key: item.id, item, depth, hasChildren: kids.length > 0 });
      if (collapsed.has(item.id)) continue;
      if (kids.length) walk(item.id, depth + 1);
      if (adding && adding.parentId === item.id) rows.push({ key: `adder:${item.id}`, adder: true, parentId: item.id, depth: depth + 1 });
    }
  };
  walk(rootId || null, 0);
  return rows;
}

/**
 * The Cancelled section's items, newest first: each cancelled item under the drilled-down
 * item (anywhere when not drilled down), except those whose parent was cancelled too (they
 * show as "with N sub-items" of it), unless that parent is the drilled-down item itself.
 */
export function cancelledEntries(view, rootId) {
  const scope = rootId ? new Set(descendants(view.index, rootId).map((item) => item.id)) : null;
  return [...view.items.values()]
    .filter((item) => item.status === "cancelled" && (!scope || scope.has(item.id)))
    .filter((item) => !item.parent || view.items.get(item.parent)?.status !== "cancelled" || (scope && item.parent === rootId))
    .sort((a, b) => (b.cancelledAt || "").localeCompare(a.cancelledAt || ""));
}

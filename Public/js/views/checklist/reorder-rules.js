// Where a reordered item goes, as the `moveItem` op says it ("after" a sibling, or first), for
// Alt+↑/↓ and for a drop on another row. Pure, so Node's test runner checks it; the position
// itself is the server's (and `positionBetween` in tree.js while the op is pending).
import { childrenOf, descendants } from "../../tree.js";

/** The siblings an item moves among by keyboard: the visible ones (and itself). */
export function reorderSiblings(index, item) {
  return childrenOf(index, item.parent).filter((sibling) => sibling.status !== "cancelled" || sibling.id === item.id);
}

/**
 * Moving `id` by `delta` places among `siblings` (in order): `{ after }` (a sibling id, or null
 * for first), or null when it would leave the list.
 */
export function keyboardMove(siblings, id, delta) {
  const at = siblings.findIndex((sibling) => sibling.id === id);
  const target = at + delta;
  if (at === -1 || target < 0 || target >= siblings.length) return null;
  const others = siblings.filter((sibling) => sibling.id !== id);
  return { after: target === 0 ? null : others[target - 1].id };
}

/** Whether `dragId` may be dropped on the row of `targetId`: not on itself or its own subtree. */
export function canDropOn(index, dragId, targetId) {
  return dragId !== targetId && !descendants(index, dragId).some((item) => item.id === targetId);
}

/**
 * The `moveItem` fields for dropping `dragId` just before or after `target`: among the
 * target's siblings, and with `parent` when it changes parent.
 */
export function dropMove(view, dragId, target, before) {
  const siblings = childrenOf(view.index, target.parent).filter((sibling) => sibling.id !== dragId);
  let after = target.id;
  if (before) {
    const at = siblings.findIndex((sibling) => sibling.id === target.id);
    after = at > 0 ? siblings[at - 1].id : null;
  }
  const move = { item: dragId, after };
  const dragged = view.items.get(dragId);
  if (!dragged || dragged.parent !== target.parent) move.parent = target.parent ?? null;
  return move;
}

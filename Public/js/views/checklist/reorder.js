// Reordering rows by hand: dragging a row's handle onto another row (before or after it, and
// under that row's parent), and Alt+↑/↓ on a focused row. Where the item lands is worked out
// by reorder-rules.js; this file is the DOM side.
import { h } from "../../dom.js";
import { icon } from "../../icons.js";
import { reorderSiblings, keyboardMove, canDropOn, dropMove } from "./reorder-rules.js";

/** The grip an editor drags a row by; `item()` is the row's latest item. */
export function createDragHandle(rowEl, item, ctx) {
  const { ui } = ctx;
  return h("span.drag-handle", {
    draggable: "true", title: "Drag to reorder (or Alt+↑/↓)", "aria-hidden": "true",
    ondragstart: (e) => {
      ui.dragId = item().id;
      e.dataTransfer.effectAllowed = "move";
      e.dataTransfer.setData("text/plain", item().id);
      try { e.dataTransfer.setDragImage(rowEl, 20, 20); } catch { /* ignore */ }
      rowEl.classList.add("dragging");
    },
    ondragend: () => {
      ui.dragId = null;
      rowEl.classList.remove("dragging");
      ctx.tree.el.querySelectorAll(".drop-before, .drop-after").forEach((r) => r.classList.remove("drop-before", "drop-after"));
    },
  }, icon("grip", { size: 16 }));
}

/** Makes a row a drop target: the upper half drops before it, the lower half after it. */
export function attachDrag(rowEl, item, ctx) {
  const { app, listId, ui } = ctx;
  rowEl.addEventListener("dragover", (e) => {
    const dragId = ui.dragId;
    if (!dragId || !canDropOn(ctx.current().view.index, dragId, item().id)) return;
    e.preventDefault();
    e.dataTransfer.dropEffect = "move";
    const rect = rowEl.getBoundingClientRect();
    const before = e.clientY < rect.top + rect.height / 2;
    rowEl.classList.toggle("drop-before", before);
    rowEl.classList.toggle("drop-after", !before);
  });
  rowEl.addEventListener("dragleave", () => rowEl.classList.remove("drop-before", "drop-after"));
  rowEl.addEventListener("drop", (e) => {
    const dragId = ui.dragId || e.dataTransfer.getData("text/plain");
    const before = rowEl.classList.contains("drop-before");
    rowEl.classList.remove("drop-before", "drop-after");
    const state = ctx.current();
    if (!dragId || dragId === item().id || !state.canEdit) return;
    e.preventDefault();
    app.op({ op: "moveItem", list: listId, ...dropMove(state.view, dragId, item(), before) });
  });
}

/** Alt+↑/↓: moves `item` one place among its siblings, keeping the focus on it. */
export function moveBy(ctx, item, delta) {
  const move = keyboardMove(reorderSiblings(ctx.current().view.index, item), item.id, delta);
  if (!move) return;
  ctx.app.op({ op: "moveItem", list: ctx.listId, item: item.id, after: move.after });
  requestAnimationFrame(() => ctx.tree.focusRow(item.id));
}

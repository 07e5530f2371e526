// The item tree's keyboard, as a WAI-ARIA tree: ↑/↓/Home/End move between rows, →/← expand,
// collapse or go to the parent, Space ticks, Enter opens, F2 renames, Delete cancels, "+" or
// "a" adds a sub-item, Alt+↑/↓ reorders. Keys typed in a row's fields never reach here.
import { moveBy } from "./reorder.js";

export function onTreeKey(event, ctx) {
  const { actions, tree } = ctx;
  const rowEl = event.target.closest(".row[data-item-id]");
  if (!rowEl || event.target !== rowEl) return;
  const state = ctx.current();
  const id = rowEl.dataset.itemId;
  const item = state.view.items.get(id);
  if (!item) return;
  const rows = [...tree.el.querySelectorAll(".row[data-item-id]")];
  const index = rows.indexOf(rowEl);
  const focusAt = (at) => { if (rows[at]) tree.focusRow(rows[at].dataset.itemId); };
  const key = event.key;
  if (event.altKey && (key === "ArrowUp" || key === "ArrowDown")) {
    event.preventDefault();
    if (state.canEdit) moveBy(ctx, item, key === "ArrowUp" ? -1 : 1);
    return;
  }
  if (event.altKey || event.ctrlKey || event.metaKey) return;
  const expanded = rowEl.getAttribute("aria-expanded");
  switch (key) {
    case "ArrowDown": event.preventDefault(); focusAt(index + 1); break;
    case "ArrowUp": event.preventDefault(); focusAt(index - 1); break;
    case "Home": event.preventDefault(); focusAt(0); break;
    case "End": event.preventDefault(); focusAt(rows.length - 1); break;
    case "ArrowRight":
      event.preventDefault();
      if (expanded === "false") actions.toggleCollapsed(id);
      else if (expanded === "true") focusAt(index + 1);
      break;
    case "ArrowLeft":
      event.preventDefault();
      if (expanded === "true") { actions.toggleCollapsed(id); tree.focusRow(id); } else if (item.parent && item.parent !== ctx.params().rootId) tree.focusRow(item.parent);
      break;
    case " ":
      event.preventDefault();
      if (state.canEdit) actions.toggleDone(item);
      break;
    case "Enter":
      event.preventDefault();
      ctx.openItem(id);
      break;
    case "F2":
      event.preventDefault();
      if (state.canEdit) actions.startRename(item);
      break;
    case "Delete":
    case "Backspace":
      event.preventDefault();
      if (state.canEdit) {
        const next = rows[index + 1] || rows[index - 1];
        actions.cancelItem(item);
        if (next) requestAnimationFrame(() => tree.focusRow(next.dataset.itemId));
      }
      break;
    case "+":
    case "a":
      if (state.canEdit) { event.preventDefault(); actions.startAdding(id); }
      break;
    default:
      break;
  }
}

// One row of the item tree, made once per item id and patched on every update (title,
// checkbox, classes, chips, buttons), so the focus or a click inside a row outlives the live
// updates that arrive meanwhile. Its handlers read the row's latest item, never a stale one.
import { h } from "../../dom.js";
import { icon } from "../../icons.js";
import { completion } from "../../tree.js";
import { isOverdue, formatDue } from "../../format.js";
import { lockReason, lockText } from "../../availability.js";
import { createCheckbox } from "./checkbox.js";
import { rowBadges, renderBadges } from "./row-badges.js";
import { createRenameInput } from "./rename-input.js";
import { attachDrag, createDragHandle } from "./reorder.js";

export function createItemRow(id, ctx) {
  const { ui, actions } = ctx;
  let item = null;
  let editable = null; // whether the drag handle and buttons are an editor's
  let expandedShown = null;
  let badgesShown = "";
  const check = createCheckbox(() => actions.toggleDone(item));
  let handle = h("span.drag-spacer");
  let twisty = h("span.twisty-spacer");
  let title = titleText();
  const meta = h("div.row-meta", { hidden: true });
  const main = h("div.row-main", title, meta);
  const buttons = h("div.row-actions");
  const el = h("div.row", {
    role: "treeitem", "data-item-id": id,
    onfocus: (e) => { if (e.target === e.currentTarget) ui.activeId = id; },
  }, handle, twisty, check.el, main, buttons);
  attachDrag(el, () => item, ctx);

  function titleText() {
    return h("span.row-title", {
      onclick: () => ctx.openItem(id),
      ondblclick: (e) => { if (ctx.current().canEdit) { e.preventDefault(); actions.startRename(item); } },
    });
  }

  function swap(old, next) {
    old.replaceWith(next);
    return next;
  }

  function rowButtons(canEdit) {
    const button = (kind, label, iconName, size, onclick) => h(`button.icon-button.row-action.${kind}`, { type: "button", tabindex: "-1", title: label, onclick }, icon(iconName, { size }));
    return [
      canEdit ? button("add-sub", "Add sub-item", "plus", 16, () => actions.startAdding(id)) : null,
      canEdit ? button("rename", "Rename (F2)", "pencil", 15, () => actions.startRename(item)) : null,
      h("a.icon-button.row-action.drill", { href: `#/list/${encodeURIComponent(ctx.listId)}/in/${encodeURIComponent(id)}`, tabindex: "-1", title: "Open as a list" }, icon("corner", { size: 15 })),
      canEdit ? button("cancel-item", "Cancel item (Delete)", "x", 16, () => actions.cancelItem(item)) : null,
    ].filter(Boolean);
  }

  function labelButtons() {
    const labels = { "add-sub": `Add a sub-item to ${item.title}`, rename: `Rename ${item.title}`, drill: `Open ${item.title} as a list`, "cancel-item": `Cancel ${item.title}` };
    for (const button of buttons.children) {
      const kind = Object.keys(labels).find((name) => button.classList.contains(name));
      button.setAttribute("aria-label", labels[kind]);
    }
  }

  /** Rebuilds the drag handle and buttons when the person's right to edit changes. */
  function updateControls(canEdit) {
    if (canEdit === editable) return false;
    editable = canEdit;
    handle = swap(handle, canEdit ? createDragHandle(el, () => item, ctx) : h("span.drag-spacer"));
    buttons.replaceChildren(...rowButtons(canEdit));
    return true;
  }

  function updateTwisty(hasChildren, expanded) {
    if (hasChildren !== twisty.classList.contains("twisty")) {
      twisty = swap(twisty, hasChildren ? h("button.twisty", { type: "button", tabindex: "-1", onclick: () => actions.toggleCollapsed(id) }) : h("span.twisty-spacer"));
      expandedShown = null;
    }
    if (hasChildren && expanded !== expandedShown) {
      expandedShown = expanded;
      twisty.setAttribute("aria-label", expanded ? "Collapse" : "Expand");
      twisty.replaceChildren(icon(expanded ? "chevronDown" : "chevronRight", { size: 16 }));
    }
  }

  function updateTitle() {
    const editing = ui.editing && ui.editing.id === id;
    if (editing && !title.classList.contains("rename-input")) title = swap(title, createRenameInput(id, ctx));
    if (!editing && !title.classList.contains("row-title")) title = swap(title, titleText());
    if (!editing && title.textContent !== item.title) title.textContent = item.title;
  }

  /** Why it cannot be ticked yet, in words, or "". */
  function lock(state) {
    return lockText(lockReason(item, state.view), formatDue);
  }

  function updateBadges(state, hasChildren, locked) {
    const badges = rowBadges(item, { progress: hasChildren ? completion(state.view.index, id) : null, pending: state.view.pendingItems.has(id), lock: locked });
    const shown = JSON.stringify(badges);
    if (shown === badgesShown) return;
    badgesShown = shown;
    meta.replaceChildren(...renderBadges(badges));
    meta.hidden = badges.length === 0;
  }

  return {
    el,
    /** `model` is one of `visibleRows`' item rows. */
    update({ item: next, depth, hasChildren }, state) {
      const titleChanged = !item || item.title !== next.title;
      item = next;
      const expanded = hasChildren && !ui.collapsed.has(id);
      const overdue = item.status === "open" && item.due && isOverdue(item.due);
      const active = ui.activeId === id;
      for (const name of [...el.classList]) if (name.startsWith("status-") && name !== `status-${item.status}`) el.classList.remove(name);
      el.classList.add(`status-${item.status}`);
      el.classList.toggle("pending", state.view.pendingItems.has(id));
      el.classList.toggle("overdue", Boolean(overdue));
      el.classList.toggle("selected", ctx.params().itemId === id);
      el.setAttribute("aria-level", String(depth + 1));
      if (hasChildren) el.setAttribute("aria-expanded", String(expanded));
      else el.removeAttribute("aria-expanded");
      el.setAttribute("aria-selected", String(active));
      el.setAttribute("tabindex", active ? "0" : "-1");
      el.dataset.depth = String(depth);
      el.style.setProperty("--depth", depth);
      const rebuilt = updateControls(state.canEdit);
      updateTwisty(hasChildren, expanded);
      const locked = lock(state);
      check.update(item, state.canEdit, locked);
      updateTitle();
      updateBadges(state, hasChildren, locked);
      if (titleChanged || rebuilt) labelButtons();
    },
  };
}

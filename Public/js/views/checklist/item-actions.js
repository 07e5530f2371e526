// What a person does to items from the tree (tick, collapse, rename, add a sub-item, cancel),
// shared by the rows' buttons, their keyboard shortcuts and the drilled-down item's card.
// Each reads the list as it is now, and re-renders through the page's update.
import { openDescendantCount } from "../../tree.js";

export function createItemActions(ctx) {
  const { app, listId, ui } = ctx;

  function focusField(key) {
    const input = ctx.tree.el.querySelector(`[data-focus-key="${CSS.escape(key)}"]`);
    input?.focus();
    return input;
  }

  return {
    toggleDone(item) {
      if (item.status === "done") {
        app.op({ op: "reopenItem", list: listId, item: item.id });
      } else if (item.status === "open") {
        // With open sub-items the server refuses and says how many; its message is shown.
        app.op({ op: "completeItem", list: listId, item: item.id });
        if (openDescendantCount(ctx.current().view.index, item.id) === 0) ctx.tree.flash(item.id);
      }
    },

    toggleCollapsed(id) {
      if (ui.collapsed.has(id)) ui.collapsed.delete(id);
      else ui.collapsed.add(id);
      ctx.update();
    },

    startRename(item) {
      ui.editing = { id: item.id, draft: item.title };
      ctx.update();
      focusField(`rename-${item.id}`)?.select();
    },

    /** Saves the draft if it changed; `refocus` puts the focus back on the row. */
    commitRename(refocus = true) {
      const editing = ui.editing;
      ui.editing = null;
      if (!editing) return;
      const item = ctx.current().view.items.get(editing.id);
      const title = editing.draft.trim();
      if (item && title && title !== item.title) app.op({ op: "updateItem", list: listId, item: editing.id, title: title.slice(0, 500) });
      ctx.update();
      if (refocus) ctx.tree.focusRow(editing.id);
    },

    cancelRename() {
      const id = ui.editing?.id;
      ui.editing = null;
      ctx.update();
      if (id) ctx.tree.focusRow(id);
    },

    startAdding(parentId) {
      ui.collapsed.delete(parentId);
      ui.adding = { parentId, draft: "" };
      ctx.update();
      focusField(`adder-${parentId}`);
    },

    closeAdder(parentId) {
      ui.adding = null;
      ctx.update();
      ctx.tree.focusRow(parentId);
    },

    cancelItem(item) {
      app.op({ op: "cancelItem", list: listId, item: item.id });
      app.toast(`Cancelled “${item.title}”.`, {
        action: { label: "Undo", run: () => app.op({ op: "restoreItem", list: listId, item: item.id }) },
      });
    },
  };
}

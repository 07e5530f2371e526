// The "new sub-item" row opened under an item ("+", the a key): Enter adds and stays open for
// the next one, Esc closes, and leaving it empty closes it. It is kept under its own key, so
// the field and its text outlive the live updates its own additions cause.
import { h } from "../../dom.js";
import { icon } from "../../icons.js";
import { newId } from "../../outbox.js";

export function createAdderRow(parentId, ctx) {
  const { app, listId, ui } = ctx;
  const input = h("input.add-sub-input", {
    maxlength: 500, placeholder: "New sub-item — Enter to add, Esc to close", "aria-label": "New sub-item title",
    "data-focus-key": `adder-${parentId}`,
    value: ui.adding.draft || "",
    oninput: (e) => { ui.adding.draft = e.target.value; },
    onkeydown: (e) => {
      e.stopPropagation();
      if (e.key === "Escape") { e.preventDefault(); ctx.actions.closeAdder(parentId); }
      if (e.key === "Enter") {
        e.preventDefault();
        const title = input.value.trim();
        if (!title) return;
        app.op({ op: "addItem", list: listId, id: newId(), parent: parentId, title });
        ui.adding.draft = "";
        input.value = "";
      }
    },
    onblur: () => {
      setTimeout(() => {
        // Only a field still on the page was left: one an update removed was not.
        if (!input.isConnected) return;
        if (ui.adding && ui.adding.parentId === parentId && !ui.adding.draft && !ctx.tree.el.contains(document.activeElement)) {
          ui.adding = null;
          ctx.update();
        }
      }, 150);
    },
  });
  const el = h("div.row.adder-row", h("span.drag-spacer"), h("span.twisty-spacer"), h("span.check.ghost", icon("plus", { size: 14 })), h("div.row-main", input));
  return {
    el,
    update({ depth }) {
      el.style.setProperty("--depth", depth);
    },
  };
}

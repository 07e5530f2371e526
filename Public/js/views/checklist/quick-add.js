// The quick-add box above the tree. At the top level the server parses the text (a due date,
// "#Another list", a repeat, a reminder), and the echo under the box says what it understood
// and where the item went; drilled down, it adds a plain sub-item of the item shown.
import { h } from "../../dom.js";
import { icon } from "../../icons.js";
import { newId } from "../../outbox.js";
import { createEcho } from "../quick-add-echo.js";

export function createQuickAdd(ctx) {
  const { app, listId } = ctx;
  const input = h("input.quick-add-input#quick-add", {
    type: "text", maxlength: 1000, autocomplete: "off",
    "aria-label": "Add an item",
  });
  const echo = createEcho(app);
  const form = h("form.quick-add", { onsubmit: onSubmit },
    h("span.quick-add-icon", icon("plus", { size: 18 })),
    input,
    h("kbd.quick-add-hint", "Enter"),
  );
  const el = h("div.quick-add-box", form, echo.el);

  function onSubmit(event) {
    event.preventDefault();
    const text = input.value.trim();
    if (!text) return;
    const rootId = ctx.params().rootId;
    if (rootId) {
      app.op({ op: "addItem", list: listId, id: newId(), parent: rootId, title: text.slice(0, 500) });
    } else {
      echo.follow(app.sync.quickAdd(listId, text));
    }
    input.value = "";
  }

  return {
    el,
    focus() { input.focus(); },
    destroy() { echo.destroy(); },
    update(state) {
      el.hidden = !state.canEdit;
      const rootId = ctx.params().rootId;
      const rootItem = rootId ? state.view.items.get(rootId) : null;
      input.placeholder = rootItem
        ? `Add a sub-item to “${rootItem.title}”`
        : matchMedia("(max-width: 720px)").matches ? "Add an item" : "Add an item — e.g. “Read chapter 4”";
    },
  };
}

// The inline rename field that stands in for a row's title (F2, double-click, the pencil).
// Its draft lives in `ui.editing`, so an update of the row never resets what is typed.
import { h } from "../../dom.js";

export function createRenameInput(id, ctx) {
  const { ui, actions } = ctx;
  return h("input.rename-input", {
    value: ui.editing.draft, maxlength: 500, "aria-label": "Item title",
    "data-focus-key": `rename-${id}`,
    oninput: (e) => { ui.editing.draft = e.target.value; },
    onkeydown: (e) => {
      e.stopPropagation();
      if (e.key === "Enter") { e.preventDefault(); actions.commitRename(); }
      if (e.key === "Escape") { e.preventDefault(); actions.cancelRename(); }
    },
    // Leaving the field saves it; a row moved by an update is not the person leaving.
    onblur: () => { if (!ctx.tree.updating && ui.editing && ui.editing.id === id) actions.commitRename(false); },
  });
}

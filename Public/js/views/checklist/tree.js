// The item tree: one kept component per visible row (keyed by item id, the adder by its
// parent), patched and moved in place on each update instead of the tree being rebuilt; or,
// with no rows, what stands in for them (loading, empty, not available offline).
import { updateKeyed } from "../../keyed.js";
import { h } from "../../dom.js";
import { visibleRows } from "./rows.js";
import { createItemRow } from "./item-row.js";
import { createAdderRow } from "./adder-row.js";
import { onTreeKey } from "./tree-keys.js";
import { notOfflineYet, treeLoading, treeEmpty } from "./placeholders.js";

export function createItemTree(ctx) {
  const { ui } = ctx;
  const el = h("div.tree#item-tree", { role: "tree", "aria-label": "Items" });
  const rows = new Map(); // key -> row component, in the order shown
  let placeholder = null; // { kind, el } shown instead of rows
  let updating = false;
  el.addEventListener("keydown", (event) => onTreeKey(event, ctx));

  /** Shows `build()` instead of the rows, built again only when `kind` changes. */
  function showPlaceholder(kind, build) {
    rows.clear();
    if (placeholder?.kind === kind) return;
    placeholder = { kind, el: build() };
    el.replaceChildren(placeholder.el);
  }

  function render(state) {
    if (!state.detail) {
      const offline = ctx.app.sync.unreachable;
      showPlaceholder(offline ? "offline" : "loading", offline ? notOfflineYet : treeLoading);
      return;
    }
    const models = visibleRows(state.view.index, ctx.params().rootId, ui.collapsed, ui.adding);
    const items = models.filter((model) => !model.adder);
    if (!items.some((model) => model.item.id === ui.activeId)) ui.activeId = items[0]?.item.id ?? null;
    if (!models.length) {
      const drilledDown = Boolean(ctx.params().rootId);
      showPlaceholder(`empty:${drilledDown}:${state.canEdit}`, () => treeEmpty(drilledDown, state.canEdit));
      return;
    }
    placeholder?.el.remove();
    placeholder = null;
    updateKeyed(el, rows, models, {
      create: (model) => (model.adder ? createAdderRow(model.parentId, ctx) : createItemRow(model.item.id, ctx)),
      update: (row, model) => row.update(model, state),
    });
  }

  function rowEl(id) {
    return el.querySelector(`.row[data-item-id="${CSS.escape(id)}"]`);
  }

  return {
    el,
    /** True while an update runs: a field blurred then (its row moved or gone) was not left by the person. */
    get updating() { return updating; },

    update(state) {
      updating = true;
      try {
        render(state);
      } finally {
        updating = false;
      }
    },

    /** Moves the roving tabindex to the row of `id` and focuses it. */
    focusRow(id) {
      const target = rowEl(id);
      if (!target) return;
      ui.activeId = id;
      el.querySelectorAll(".row[tabindex='0']").forEach((r) => r.setAttribute("tabindex", "-1"));
      target.setAttribute("tabindex", "0");
      target.focus();
    },

    /** The checkbox's "pop" once a tick has gone in. */
    flash(id) {
      requestAnimationFrame(() => {
        const check = rowEl(id)?.querySelector(".check");
        if (check) { check.classList.remove("pop"); void check.offsetWidth; check.classList.add("pop"); }
      });
    },
  };
}

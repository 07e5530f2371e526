// The card above the tree when drilled down into an item: up one level, the item's own
// checkbox and title, and its sub-items' progress. Built once per drilled-down item, patched.
import { h } from "../../dom.js";
import { icon } from "../../icons.js";
import { completion } from "../../tree.js";
import { createCheckbox } from "./checkbox.js";
import { lockReason, lockText } from "../../availability.js";
import { formatDue } from "../../format.js";

export function createRootCard(ctx) {
  const slot = h("div.root-card-slot");
  let card = null; // the parts of the shown card, for card.id

  function build(id) {
    const parts = {
      id,
      item: null,
      up: h("a.icon-button#drill-up", { "aria-label": "Up one level", title: "Up one level" }, icon("chevronLeft", { size: 18 })),
      title: h("button.root-title", { type: "button", onclick: () => ctx.openItem(id) }),
      summary: h("span.muted"),
      fill: h("div.progress-fill"),
    };
    parts.check = createCheckbox(() => ctx.actions.toggleDone(parts.item));
    slot.replaceChildren(h("div.root-card",
      parts.up,
      parts.check.el,
      h("div.root-card-text", parts.title, parts.summary),
      h("div.progress.slim", parts.fill)));
    return parts;
  }

  return {
    el: slot,
    update(state) {
      const rootId = ctx.params().rootId;
      const item = rootId ? state.view.items.get(rootId) : null;
      if (!item) {
        card = null;
        slot.replaceChildren();
        return;
      }
      if (card?.id !== rootId) card = build(rootId);
      card.item = item;
      const list = encodeURIComponent(ctx.listId);
      card.up.setAttribute("href", item.parent ? `#/list/${list}/in/${encodeURIComponent(item.parent)}` : `#/list/${list}`);
      card.check.update(item, state.canEdit, lockText(lockReason(item, state.view), formatDue));
      if (card.title.textContent !== item.title) card.title.textContent = item.title;
      const c = completion(state.view.index, rootId);
      card.summary.textContent = c.total ? `${c.done} of ${c.total} sub-items done · ${c.percent}%` : "No sub-items yet";
      card.fill.style.width = `${c.percent}%`;
    },
  };
}

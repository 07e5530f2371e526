// The Cancelled section under the tree: a toggle with the count, and when open one entry per
// cancelled item (where it was, how many sub-items went with it, who cancelled it, Restore).
// Entries are kept by item id and patched, so a Restore click is not lost to a live update.
import { h } from "../../dom.js";
import { icon } from "../../icons.js";
import { ancestors, descendants } from "../../tree.js";
import { relativeTime } from "../../format.js";
import { updateKeyed } from "../../keyed.js";
import { cancelledEntries } from "./rows.js";

export function createCancelledSection(ctx) {
  const { app, listId, ui } = ctx;
  const slot = h("div.cancelled-slot");
  const count = h("span.count");
  const toggle = h("button.section-toggle#cancelled-toggle", {
    type: "button",
    onclick: () => { ui.showCancelled = !ui.showCancelled; ctx.update(); },
  }, h("span"), h("span", "Cancelled"), count);
  const list = h("ul.cancelled-list");
  const section = h("section.cancelled-section#cancelled-section", { "aria-label": "Cancelled items" }, toggle);
  const entries = new Map(); // item id -> entry component, in the order shown
  let expandedShown = null;

  function createEntry(id) {
    const title = h("button.cancelled-title", { type: "button", onclick: () => ctx.openItem(id) });
    const about = h("span.muted");
    const restore = h("button.btn.small.secondary.restore-item", {
      type: "button", onclick: () => app.op({ op: "restoreItem", list: listId, item: id }),
    }, icon("undo", { size: 14 }), "Restore");
    const el = h("li.cancelled-item", { "data-item-id": id }, h("span.cancelled-icon", icon("ban", { size: 15 })), h("div.cancelled-text", title, about), restore);
    return {
      el,
      update({ item }, state) {
        const { view } = state;
        const under = descendants(view.index, id).filter((d) => d.status === "cancelled").length;
        const path = ancestors(view.items, id).map((a) => a.title).join(" › ");
        el.classList.toggle("pending", view.pendingItems.has(id));
        title.textContent = item.title;
        about.textContent = [path ? `in ${path} · ` : "", under ? `with ${under} sub-item${under === 1 ? "" : "s"} · ` : "",
          item.cancelledBy ? `cancelled by ${item.cancelledBy} ` : "cancelled ", item.cancelledAt ? relativeTime(item.cancelledAt) : ""].join("");
        if (state.canEdit && restore.parentNode !== el) el.append(restore);
        if (!state.canEdit) restore.remove();
      },
    };
  }

  return {
    el: slot,
    update(state) {
      const cancelled = state.detail ? cancelledEntries(state.view, ctx.params().rootId) : [];
      if (!cancelled.length) {
        slot.replaceChildren();
        list.replaceChildren();
        entries.clear();
        return;
      }
      if (section.parentNode !== slot) slot.replaceChildren(section);
      if (expandedShown !== ui.showCancelled) {
        expandedShown = ui.showCancelled;
        toggle.setAttribute("aria-expanded", String(ui.showCancelled));
        toggle.firstChild.replaceWith(icon(ui.showCancelled ? "chevronDown" : "chevronRight", { size: 16 }));
      }
      count.textContent = String(cancelled.length);
      if (!ui.showCancelled) {
        list.remove();
        return;
      }
      if (list.parentNode !== section) section.append(list);
      updateKeyed(list, entries, cancelled.map((item) => ({ key: item.id, item })), {
        create: (model) => createEntry(model.key),
        update: (entry, model) => entry.update(model, state),
      });
    },
  };
}

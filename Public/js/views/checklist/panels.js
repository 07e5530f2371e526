// The side panel the route asks for (an item's details, or the participants), over a scrim.
// A panel is kept while the route names the same one, and updated; closing it saves what was
// being typed (its destroy) and puts the focus back on the item's row.
import { h } from "../../dom.js";
import { createItemPanel } from "../item/panel.js";
import { createParticipantsPanel } from "../participants.js";

export function createPanelHost(ctx) {
  const { app, listId } = ctx;
  const slot = h("div.panel-slot");
  let panel = null; // { kind, id, view }

  function close() {
    const itemId = ctx.params().itemId;
    ctx.navigateHere();
    if (itemId) requestAnimationFrame(() => ctx.tree.focusRow(itemId));
  }

  return {
    el: slot,
    update(state) {
      const params = ctx.params();
      const wanted = params.panel === "item" && params.itemId ? { kind: "item", id: params.itemId }
        : params.panel === "people" ? { kind: "people", id: null } : null;
      if (!wanted) {
        if (panel) {
          panel.view.destroy();
          panel = null;
          slot.replaceChildren();
        }
        return;
      }
      if (panel && panel.kind === wanted.kind && panel.id === wanted.id) {
        panel.view.update(state);
        return;
      }
      panel?.view.destroy();
      const view = wanted.kind === "item"
        ? createItemPanel(app, { listId, itemId: wanted.id, close, drill: (id) => app.navigate(`#/list/${encodeURIComponent(listId)}/in/${encodeURIComponent(id)}`) })
        : createParticipantsPanel(app, { listId, close });
      panel = { ...wanted, view };
      slot.replaceChildren(h("div.scrim", { onclick: close }), view.el);
      view.update(state);
      requestAnimationFrame(() => view.focus?.());
    },
    destroy() {
      panel?.view.destroy();
    },
  };
}

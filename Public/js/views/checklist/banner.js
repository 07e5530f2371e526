// The line under the header that says a checklist is cancelled (with Restore for its owner),
// completed, or view-only. Redrawn only when what it says changes.
import { h } from "../../dom.js";
import { icon } from "../../icons.js";
import { relativeTime } from "../../format.js";

export function createBanner(ctx) {
  const { app, listId } = ctx;
  const el = h("div.banner-slot");
  let shown = null;

  function build(s, isOwner, role) {
    if (s.status === "cancelled") {
      return h("div.banner.cancelled#list-banner", icon("ban", { size: 18 }),
        h("span", `This checklist was cancelled${s.cancelledAt ? ` ${relativeTime(s.cancelledAt)}` : ""}. Nothing in it is lost.`),
        isOwner ? h("button.btn.small.secondary#restore-list-button", { type: "button", onclick: () => app.op({ op: "restoreList", list: listId }) }, icon("undo", { size: 15 }), "Restore") : null);
    }
    if (s.status === "completed") {
      return h("div.banner.completed#list-banner", icon("checkCircle", { size: 18 }),
        h("span", `Completed${s.completedAt ? ` ${relativeTime(s.completedAt)}` : ""}. Nice work!`));
    }
    if (role === "viewer") {
      return h("div.banner.info#list-banner", icon("eye", { size: 18 }), h("span", "You can view this checklist. Ask the owner for edit access to change it."));
    }
    return null;
  }

  return {
    el,
    update({ view, isOwner, role }) {
      const s = view.summary;
      const when = s.status === "cancelled" && s.cancelledAt ? relativeTime(s.cancelledAt)
        : s.status === "completed" && s.completedAt ? relativeTime(s.completedAt) : null;
      const showing = JSON.stringify([s.status, when, isOwner, role === "viewer"]);
      if (showing === shown) return;
      shown = showing;
      const banner = build(s, isOwner, role);
      el.replaceChildren(...(banner ? [banner] : []));
    },
  };
}

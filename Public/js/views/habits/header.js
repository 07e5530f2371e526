// A habit checklist's header: breadcrumb, title and description, today's date in the
// checklist's zone, the role, the people (Share for the owner), and the actions a habit
// checklist has — Edit (title, description, zone, goal) and, for its owner, Cancel or Restore.
// Built once and patched; the actions are redrawn only when what they offer changes.
import { h, setText } from "../../dom.js";
import { icon } from "../../icons.js";
import { whenChanged } from "../../keyed.js";
import { formatDayKey, displayZone, hueFor } from "../../format.js";
import { zoneLabel } from "../../zone.js";
import { avatarStack } from "../lists.js";
import { editListDialog, confirmCancelList } from "../checklist/list-dialogs.js";

const ROLE_LABEL = { owner: "Owner", editor: "Editor", viewer: "View only" };

/** `ctx`: { app, listId, openPanel(kind) }. */
export function createHabitHeader(ctx) {
  const { app, listId } = ctx;
  const title = document.createTextNode("");
  const description = h("p.checklist-description");
  const day = h("span.muted.habit-day");
  const zone = h("span.chip.plain.zone-chip#list-zone", { hidden: true });
  const role = h("span.badge.role#my-role");
  const peopleLabel = h("span.participants-label");
  const people = h("button.participants-button#participants-button", { type: "button", onclick: () => ctx.openPanel("people") }, h("span"), peopleLabel);
  const actions = h("div.header-actions");
  const banner = h("div.banner-slot");
  const el = h("header.checklist-header",
    h("nav.breadcrumb", { "aria-label": "Breadcrumb" }, h("a.crumb", { href: "#/" }, "Checklists"),
      h("span.crumb-sep", { "aria-hidden": "true" }, icon("chevronRight", { size: 14 })), h("span.crumb.current.habit-crumb", { "aria-current": "page" })),
    h("div.header-main",
      h("div.header-text",
        h("h1.page-title.checklist-title#checklist-title", { style: { "--hue": hueFor(listId) } }, h("span.title-dot"), title),
        description,
        h("div.header-meta", h("span.chip.plain", icon("refresh", { size: 12 }), "Habit checklist"), day, zone, role, people)),
      h("div.header-side", actions)),
    banner);
  const redrawPeople = whenChanged();
  const redrawActions = whenChanged();
  const redrawBanner = whenChanged();

  function button(id, kind, iconName, label, onclick) {
    return h(`button.btn.small.${kind}#${id}`, { type: "button", onclick }, icon(iconName, { size: 15 }), h("span", label));
  }

  return {
    el,
    /** `list`: the projected summary with `role`; `today`: the checklist's day; `names`: participants. */
    update({ list, today, names }) {
      if (title.data !== list.title) title.data = list.title;
      setText(el.querySelector(".habit-crumb"), list.title);
      description.hidden = !list.description;
      setText(description, list.description || "");
      setText(day, formatDayKey(today, { weekday: "long", month: "long", day: "numeric" }));
      const otherZone = list.tz && list.tz !== displayZone() ? list.tz : null;
      zone.hidden = !otherZone;
      setText(zone, otherZone ? `${zoneLabel(otherZone)} time` : "");
      role.className = `badge role role-${list.role || "viewer"}`;
      setText(role, ROLE_LABEL[list.role] || "");
      const isOwner = list.role === "owner";
      redrawPeople([names, isOwner], () => {
        people.firstChild.replaceWith(avatarStack(names, names.length || list.participants || 0));
        setText(peopleLabel, isOwner ? "Share" : "People");
      });
      const canEdit = app.canEdit(list.role) && list.status !== "cancelled";
      redrawActions([canEdit, isOwner, list.status], () => actions.replaceChildren(...[
        canEdit ? button("edit-list-button", "ghost", "pencil", "Edit", () => editListDialog(app, listId, app.project(listId).summary)) : null,
        isOwner && list.status !== "cancelled" ? button("cancel-list-button", "ghost.danger-text", "ban", "Cancel list", () => confirmCancelList(app, listId, app.project(listId).summary)) : null,
      ].filter(Boolean)));
      redrawBanner([list.status, isOwner], () => banner.replaceChildren(...(list.status === "cancelled" ? [h("div.banner.cancelled#list-banner", icon("ban", { size: 18 }),
        h("span", "This habit checklist was cancelled. Nothing in it is lost."),
        isOwner ? button("restore-list-button", "secondary", "undo", "Restore", () => app.op({ op: "restoreList", list: listId })) : null)] : [])));
    },
  };
}

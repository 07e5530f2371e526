// The checklist's header: breadcrumb, title, description, due date, role, participants,
// completion and the list's actions. Built once and patched; a part is redrawn only when what
// it shows changes, so its buttons stay the same elements across live updates.
import { h } from "../../dom.js";
import { icon } from "../../icons.js";
import { ancestors } from "../../tree.js";
import { formatDue, formatDueLong, isOverdue, isDueSoon, hueFor, displayZone } from "../../format.js";
import { zoneLabel } from "../../zone.js";
import { avatarStack } from "../lists.js";
import { openFeedDialog } from "../feed.js";
import { editListDialog, confirmCancelList } from "./list-dialogs.js";

const ROLE_LABEL = { owner: "Owner", editor: "Editor", viewer: "Viewer" };

export function createHeader(ctx) {
  const { app, listId } = ctx;
  const crumbs = h("nav.breadcrumb", { "aria-label": "Breadcrumb" });
  const titleText = document.createTextNode("");
  const description = h("p.checklist-description");
  const due = h("span.chip.due");
  const roleBadge = h("span.badge.role#my-role");
  const pending = h("span.badge.pending", icon("refresh", { size: 12 }), "Pending");
  const zone = h("span.chip.plain.zone-chip#list-zone", { hidden: true });
  const peopleLabel = h("span.participants-label");
  const people = h("button.participants-button#participants-button", { type: "button", onclick: () => ctx.openPanel("people") }, h("span"), peopleLabel);
  const percent = h("strong#list-percent");
  const doneCount = h("span.muted");
  const bar = h("div.progress", { role: "progressbar", "aria-valuemin": "0", "aria-valuemax": "100", "aria-label": "Checklist completion" });
  const fill = h("div.progress-fill");
  bar.append(fill);
  const actions = h("div.header-actions");
  const parts = [crumbs, h("div.header-main",
    h("div.header-text",
      h("h1.page-title.checklist-title#checklist-title", { style: { "--hue": hueFor(listId) } }, h("span.title-dot"), titleText),
      description,
      h("div.header-meta", due, zone, roleBadge, pending, people)),
    h("div.header-side", h("div.big-progress", h("div.big-progress-top", percent, doneCount), bar), actions))];
  const el = h("header.checklist-header", parts);
  let placeholder = null; // the kind of placeholder shown instead of the parts
  const shown = new Map(); // part -> what it shows, to redraw it only when that changes

  function redraw(part, showing, draw) {
    const key = JSON.stringify([showing]);
    if (shown.get(part) === key) return;
    shown.set(part, key);
    draw();
  }

  function drawCrumbs(links) {
    crumbs.replaceChildren(...links.flatMap(([label, href], i) => {
      const crumb = href ? h("a.crumb", { href }, label) : h("span.crumb.current", { "aria-current": "page" }, label);
      return i ? [h("span.crumb-sep", { "aria-hidden": "true" }, icon("chevronRight", { size: 14 })), crumb] : [crumb];
    }));
  }

  function actionButtons(s, canEditList, isOwner) {
    const button = (id, kind, iconName, label, onclick, title) => h(`button.btn.small.${kind}#${id}`, { type: "button", title, onclick }, icon(iconName, { size: 15 }), h("span", label));
    const summary = () => ctx.current().view.summary;
    return [
      canEditList ? button("edit-list-button", "ghost", "pencil", "Edit", () => editListDialog(app, listId, summary())) : null,
      canEditList && s.status === "active" ? button("complete-list-button", "secondary", "check", "Complete", () => app.op({ op: "completeList", list: listId })) : null,
      canEditList && s.status === "completed" ? button("reopen-list-button", "secondary", "undo", "Reopen", () => app.op({ op: "reopenList", list: listId })) : null,
      isOwner && s.status !== "cancelled" && !s.inbox ? button("cancel-list-button", "ghost.danger-text", "ban", "Cancel list", () => confirmCancelList(app, listId, summary())) : null,
      s.status !== "cancelled" && s.kind !== "habits"
        ? button("list-feed-button", "ghost", "calendar", "Calendar link", () => openFeedDialog(app, { list: listId, title: summary().title }), "Subscribe to this checklist’s due dates in your calendar app")
        : null,
    ].filter(Boolean);
  }

  return {
    el,
    /** Shows `build()` instead of the header (list missing or loading), built once per `kind`. */
    showPlaceholder(kind, build) {
      if (placeholder === kind) return;
      placeholder = kind;
      el.replaceChildren(build());
    },

    update(state) {
      const { view, role, isOwner } = state;
      const s = view.summary;
      if (placeholder !== null) {
        placeholder = null;
        el.replaceChildren(...parts);
      }
      const list = `#/list/${encodeURIComponent(listId)}`;
      const rootId = ctx.params().rootId;
      const links = rootId
        ? [["Checklists", "#/"], [s.title, list], ...ancestors(view.items, rootId).map((a) => [a.title, `${list}/in/${encodeURIComponent(a.id)}`]), [view.items.get(rootId)?.title || "", null]]
        : [["Checklists", "#/"], [s.title, null]];
      redraw("crumbs", links, () => drawCrumbs(links));
      if (titleText.data !== s.title) titleText.data = s.title;
      description.hidden = !s.description;
      description.textContent = s.description || "";
      const overdue = s.status === "active" && s.due && isOverdue(s.due);
      const urgency = overdue ? " overdue" : s.due && isDueSoon(s.due) ? " soon" : "";
      due.hidden = !s.due;
      redraw("due", [s.due, urgency], () => {
        due.className = `chip due${urgency}`;
        if (s.due) due.replaceChildren(icon(overdue ? "alert" : "calendar", { size: 13 }), `Due ${formatDue(s.due)}`);
        due.title = s.due ? formatDueLong(s.due) : "";
      });
      // The checklist's own zone, when it is not the reader's: its all-day dates and repeats follow it.
      const otherZone = s.tz && s.tz !== displayZone() ? s.tz : null;
      zone.hidden = !otherZone;
      redraw("zone", otherZone, () => {
        zone.replaceChildren(...(otherZone ? [icon("globe", { size: 12 }), `${zoneLabel(otherZone)} time`] : []));
        zone.title = otherZone ? `This checklist keeps ${otherZone} time for its all-day dates and repeats; change it in Edit` : "";
      });
      redraw("role", role, () => {
        roleBadge.className = `badge role role-${role || "viewer"}`;
        roleBadge.replaceChildren(...(role === "viewer" ? [icon("eye", { size: 12 }), "View only"] : [ROLE_LABEL[role] || ""]));
      });
      pending.hidden = !view.pendingList;
      const names = [...view.participants.keys()];
      const count = names.length || s.participants || 0;
      people.setAttribute("aria-label", `Participants (${count})`);
      redraw("people", [names, count], () => people.firstChild.replaceWith(avatarStack(names, count)));
      peopleLabel.textContent = isOwner ? "Share" : "People";
      const c = view.completion;
      percent.textContent = `${c.percent}%`;
      doneCount.textContent = c.total ? `${c.done} of ${c.total} done` : "No items yet";
      bar.setAttribute("aria-valuenow", String(c.percent));
      fill.style.width = `${c.percent}%`;
      const canEditList = app.canEdit(role) && s.status !== "cancelled";
      // The Inbox is its owner's alone: it is never shared or cancelled (the server refuses both).
      people.hidden = Boolean(s.inbox);
      redraw("actions", [s.status, s.kind, s.inbox, canEditList, isOwner], () => actions.replaceChildren(...actionButtons(s, canEditList, isOwner)));
      actions.hidden = !actions.children.length;
    },
  };
}

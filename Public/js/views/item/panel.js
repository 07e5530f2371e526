// The item panel: every field editable (title, notes, due date and optional time, location,
// a reminder before the due time, a repeating reminder, who it is assigned to), status
// actions, and who created/completed/cancelled it and when. The fields are built once and
// kept; a field the person is typing in is never overwritten by an update.
import { h, autosize } from "../../dom.js";
import { icon } from "../../icons.js";
import { createAttachmentsSection } from "../attachments.js";
import { ancestors } from "../../tree.js";
import { dueToInputs, isOverdue, formatDueLong } from "../../format.js";
import { saveFieldsOnChange } from "./saving.js";
import { renderReminder, renderRemindBefore, renderRepeat, renderAssignee, renderStatus, renderSub, renderHistory } from "./sections.js";

export function createItemPanel(app, { listId, itemId, close, drill }) {
  let item = null;
  let canEdit = false;

  const title = h("textarea.panel-title-input#item-title", { rows: 1, maxlength: 500, "aria-label": "Title", "data-field": "title" });
  const notes = h("textarea#item-notes", { rows: 3, maxlength: 10000, placeholder: "Add notes…", "data-field": "notes" });
  const dueDate = h("input#item-due-date", { type: "date", "aria-label": "Due date", "data-field": "due" });
  const dueTime = h("input#item-due-time", { type: "time", "aria-label": "Due time (optional)", "data-field": "due" });
  const clearDue = h("button.icon-button#item-clear-due", { type: "button", title: "Clear due date", "aria-label": "Clear due date" }, icon("x", { size: 16 }));
  const location = h("input#item-location", { maxlength: 200, placeholder: "Add a place", "data-field": "location" });
  const reminder = h("select#item-reminder", { "data-field": "remindEvery", "aria-label": "Repeat reminder" });
  const remindBefore = h("select#item-remind-before", { "data-field": "remindBefore", "aria-label": "Remind me" });
  const assignee = h("select#item-assignee", { "data-field": "assignee", "aria-label": "Assign to" });
  const repeatRule = h("select#item-repeat", { "data-field": "repeat", "aria-label": "Repeat" });
  const repeatHint = h("p.field-hint");
  const remindHint = h("p.field-hint");
  const statusSlot = h("div.panel-status");
  const pathSlot = h("div.panel-path");
  const subSlot = h("div.panel-sub");
  const historySlot = h("dl.panel-history#item-history");
  const dueHint = h("p.field-hint");
  const attachments = createAttachmentsSection(app, { listId, itemId });

  const el = h("aside.panel.item-panel#item-panel", { role: "dialog", "aria-label": "Item details", "aria-modal": "false", onkeydown: onKey },
    h("div.panel-head",
      pathSlot,
      h("button.icon-button#item-panel-close", { type: "button", "aria-label": "Close", title: "Close (Esc)", onclick: close }, icon("x", { size: 18 })),
    ),
    h("div.panel-body",
      title,
      statusSlot,
      h("div.panel-fields",
        field("calendar", "Due", h("div.due-inputs", dueDate, dueTime, clearDue), dueHint),
        field("refresh", "Repeat", repeatRule, repeatHint),
        field("mapPin", "Location", location),
        field("bell", "Remind me", remindBefore, remindHint),
        field("repeat", "Repeat reminder", reminder),
        field("users", "Assign to", assignee),
        field("note", "Notes", notes),
      ),
      attachments.el,
      subSlot,
      h("h3.panel-section-title", "History"),
      historySlot,
    ),
  );

  saveFieldsOnChange(app, {
    listId, itemId, item: () => item,
    fields: { title, notes, location, dueDate, dueTime, clearDue, reminder, remindBefore, repeatRule, assignee },
    resetRemindBefore: () => renderRemindBefore(remindBefore, remindHint, item),
  });

  function onKey(e) {
    if (e.key === "Escape") {
      e.preventDefault();
      e.stopPropagation();
      if (document.activeElement && el.contains(document.activeElement) && document.activeElement !== el) document.activeElement.blur();
      close();
    }
  }

  function setIfIdle(input, value) {
    if (document.activeElement === input) return;
    if (input.value !== value) {
      input.value = value;
      if (input.tagName === "TEXTAREA") input.dispatchEvent(new Event("input"));
    }
  }

  function update(state) {
    const view = state.view;
    item = view.items.get(itemId) || null;
    canEdit = state.canEdit && item && item.status !== "cancelled";
    if (!item) {
      pathSlot.replaceChildren(h("span.muted", "Item not found"));
      return;
    }
    const pending = view.pendingItems.has(itemId);
    el.classList.toggle("pending", pending);
    el.dataset.itemId = itemId;
    for (const input of [title, notes, dueDate, dueTime, location]) input.readOnly = !canEdit;
    for (const input of [reminder, remindBefore, assignee, repeatRule, dueDate, dueTime]) input.disabled = !canEdit;
    clearDue.hidden = !canEdit || !item.due;
    location.placeholder = canEdit ? "Add a place" : "—";
    notes.placeholder = canEdit ? "Add notes…" : "No notes";

    setIfIdle(title, item.title);
    setIfIdle(notes, item.notes || "");
    setIfIdle(location, item.location || "");
    const due = dueToInputs(item.due);
    setIfIdle(dueDate, due.date);
    setIfIdle(dueTime, due.time);
    dueHint.textContent = item.due ? `${formatDueLong(item.due)}${item.status === "open" && isOverdue(item.due) ? " · overdue" : ""}` : (canEdit ? "Pick a date; add a time if it matters." : "No due date");
    dueHint.classList.toggle("overdue", item.status === "open" && !!item.due && isOverdue(item.due));
    renderReminder(reminder, item);
    renderRemindBefore(remindBefore, remindHint, item);
    renderAssignee(assignee, item, state.view.participants);
    renderRepeat(repeatRule, repeatHint, item);

    const path = ancestors(view.items, itemId);
    pathSlot.replaceChildren(
      h("span.panel-path-text", path.length ? path.map((a) => a.title).join(" › ") : (state.view.summary.title || "")),
    );
    renderStatus(statusSlot, app, { listId, item, state, canEdit, pending });
    attachments.update(item, canEdit);
    renderSub(subSlot, app, { listId, itemId, state, canEdit, drill });
    renderHistory(historySlot, item);
  }

  autosize(title);
  autosize(notes);

  return {
    el,
    update,
    focus() {
      (canEdit ? title : el.querySelector("#item-panel-close")).focus();
    },
    destroy() {
      // Save what is being typed before the panel goes away.
      const active = document.activeElement;
      if (active && el.contains(active) && typeof active.blur === "function") active.blur();
    },
  };
}

function field(iconName, label, control, hint) {
  return h("div.panel-field",
    h("span.panel-field-icon", icon(iconName, { size: 16 })),
    h("label.panel-field-body", h("span.field-label", label), control, hint || null),
  );
}

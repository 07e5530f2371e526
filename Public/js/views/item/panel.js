// The item panel: every field editable (title, notes, due date and optional time, location,
// a reminder before the due time, a repeating reminder, who it is assigned to), status
// actions, and who created/completed/cancelled it and when. The fields are built once and
// kept; a field the person is typing in is never overwritten by an update.
import { h, autosize } from "../../dom.js";
import { icon } from "../../icons.js";
import { createAttachmentsSection } from "../attachments.js";
import { ancestors } from "../../tree.js";
import { dueToInputs, isOverdue, formatDueLong, formatDue, overdueSince } from "../../format.js";
import { lockReason, lockText } from "../../availability.js";
import { saveFieldsOnChange } from "./saving.js";
import { createCustomDuration } from "./custom-duration.js";
import { createOpensOnField } from "./opens-on.js";
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
  const opensOn = createOpensOnField({ item: () => item, send: (changes) => app.op({ op: "updateItem", list: listId, item: itemId, ...changes }) });
  const sequential = h("input#item-sequential", { type: "checkbox", "data-field": "sequential" });
  const remindHint = h("p.field-hint");
  const statusSlot = h("div.panel-status");
  const pathSlot = h("div.panel-path");
  const subSlot = h("div.panel-sub");
  const historySlot = h("dl.panel-history#item-history");
  const dueHint = h("p.field-hint");
  const attachments = createAttachmentsSection(app, { listId, itemId });
  const custom = {
    before: createCustomDuration("item-remind-before-custom", {
      onSet: (seconds) => saving.customAnswered("remindBefore", seconds),
      onCancel: () => item && renderRemindBefore(remindBefore, remindHint, item),
    }),
    every: createCustomDuration("item-reminder-custom", {
      onSet: (seconds) => saving.customAnswered("remindEvery", seconds),
      onCancel: () => item && renderReminder(reminder, item),
    }),
  };

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
        field("lock", "Opens on", opensOn.control, opensOn.hint),
        field("bell", "Remind me", remindBefore, custom.before.el, remindHint),
        field("repeat", "Repeat reminder", reminder, custom.every.el),
        field("users", "Assign to", assignee),
        field("note", "Notes", notes),
      ),
      attachments.el,
      subSlot,
      h("h3.panel-section-title", "History"),
      historySlot,
    ),
  );

  const saving = saveFieldsOnChange(app, {
    listId, itemId, item: () => item, custom,
    fields: { title, notes, location, dueDate, dueTime, clearDue, reminder, remindBefore, repeatRule, assignee, sequential },
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
    for (const input of [reminder, remindBefore, assignee, repeatRule, dueDate, dueTime, sequential]) input.disabled = !canEdit;
    clearDue.hidden = !canEdit || !item.due;
    location.placeholder = canEdit ? "Add a place" : "—";
    notes.placeholder = canEdit ? "Add notes…" : "No notes";

    setIfIdle(title, item.title);
    setIfIdle(notes, item.notes || "");
    setIfIdle(location, item.location || "");
    const due = dueToInputs(item.due);
    setIfIdle(dueDate, due.date);
    setIfIdle(dueTime, due.time);
    const dueText = item.due ? `${formatDueLong(item.due)}${item.status === "open" && isOverdue(item.due) ? ` · overdue ${overdueSince(item.due)}` : ""}` : (canEdit ? "Pick a date; add a time if it matters." : "No due date");
    if (dueHint.textContent !== dueText) dueHint.textContent = dueText;
    dueHint.classList.toggle("overdue", item.status === "open" && !!item.due && isOverdue(item.due));
    opensOn.update(item, canEdit);
    if (document.activeElement !== sequential) sequential.checked = Boolean(item.sequential);
    renderReminder(reminder, item);
    renderRemindBefore(remindBefore, remindHint, item);
    renderAssignee(assignee, item, state.view.participants);
    const habit = view.summary.kind === "habits";
    renderRepeat(repeatRule, repeatHint, item, habit);

    const path = ancestors(view.items, itemId);
    pathSlot.replaceChildren(
      h("span.panel-path-text", path.length ? path.map((a) => a.title).join(" › ") : (state.view.summary.title || "")),
    );
    const lock = lockText(lockReason(item, view), formatDue);
    renderStatus(statusSlot, app, { listId, item, state, canEdit, pending, lock, habit });
    attachments.update(item, canEdit);
    renderSub(subSlot, app, { listId, itemId, state, canEdit, drill, sequential });
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

function field(iconName, label, control, ...extra) {
  return h("div.panel-field",
    h("span.panel-field-icon", icon(iconName, { size: 16 })),
    h("div.panel-field-body", h("label.field-label", { for: control.id || null }, label), control, ...extra),
  );
}

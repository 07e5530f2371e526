// The item panel: every field editable (title, notes, due date and optional time, location,
// a reminder before the due time, a repeating reminder, who it is assigned to), status
// actions, and who created/completed/cancelled it and when.
// Each field is saved on its own (the server merges fields last-writer-wins).
import { h, autosize } from "../dom.js";
import { icon } from "../icons.js";
import { createAttachmentsSection } from "./attachments.js";
import { completion, childrenOf, ancestors, openDescendantCount } from "../tree.js";
import { dueToInputs, inputsToDue, formatTimestamp, relativeTime, REMINDER_PRESETS, formatInterval, isOverdue, formatDueLong, REPEAT_PRESETS, repeatInWords } from "../format.js";
import { newId } from "../outbox.js";

export function createItemPanel(app, { listId, itemId, close, drill }) {
  let item = null;
  let canEdit = false;

  const title = h("textarea.panel-title-input#item-title", { rows: 1, maxlength: 500, "aria-label": "Title", "data-field": "title" });
  const notes = h("textarea#item-notes", { rows: 3, maxlength: 10000, placeholder: "Add notes…", "data-field": "notes" });
  const dueDate = h("input#item-due-date", { type: "date", "aria-label": "Due date", "data-field": "due" });
  const dueTime = h("input#item-due-time", { type: "time", "aria-label": "Due time (optional)", "data-field": "due" });
  const clearDue = h("button.icon-button#item-clear-due", { type: "button", title: "Clear due date", "aria-label": "Clear due date", onclick: () => saveDue(true) }, icon("x", { size: 16 }));
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

  // Saving ---------------------------------------------------------------------------------------

  function send(fields) {
    app.op({ op: "updateItem", list: listId, item: itemId, ...fields });
  }

  function commitTitle() {
    const value = title.value.replace(/\s+/g, " ").trim();
    if (!item) return;
    if (!value) { title.value = item.title; return; }
    if (value !== item.title) send({ title: value.slice(0, 500) });
  }

  title.addEventListener("keydown", (e) => {
    if (e.key === "Enter") { e.preventDefault(); title.blur(); }
  });
  title.addEventListener("blur", commitTitle);
  notes.addEventListener("blur", () => {
    if (!item) return;
    const value = notes.value;
    if (value !== (item.notes || "")) send({ notes: value.trim() ? value : null });
  });
  location.addEventListener("blur", () => {
    if (!item) return;
    const value = location.value.trim();
    if (value !== (item.location || "")) send({ location: value || null });
  });
  location.addEventListener("keydown", (e) => { if (e.key === "Enter") { e.preventDefault(); location.blur(); } });
  dueDate.addEventListener("change", () => saveDue(false));
  dueTime.addEventListener("change", () => saveDue(false));
  reminder.addEventListener("change", () => {
    if (!item) return;
    const value = reminder.value ? Number(reminder.value) : null;
    if (value !== (item.remindEvery ?? null)) send({ remindEvery: value });
  });

  remindBefore.addEventListener("change", () => {
    if (!item) return;
    let value = remindBefore.value === "" ? null : Number(remindBefore.value);
    if (remindBefore.value === "custom") {
      const minutes = Number(prompt("Remind how many minutes before the due time?", "30"));
      if (!Number.isFinite(minutes) || minutes < 0) { renderRemindBefore(); return; }
      value = Math.round(minutes * 60);
    }
    if (value !== (item.remindBefore ?? null)) send({ remindBefore: value });
  });
  repeatRule.addEventListener("change", () => {
    if (!item) return;
    const value = repeatRule.value || null;
    if (value !== (item.repeat ?? null)) send({ repeat: value });
  });
  assignee.addEventListener("change", () => {
    if (!item) return;
    const value = assignee.value || null;
    if (value !== (item.assignee ?? null)) send({ assignee: value });
  });

  function saveDue(clear) {
    if (!item) return;
    if (clear) { dueDate.value = ""; dueTime.value = ""; }
    const value = inputsToDue(dueDate.value, dueTime.value);
    if (!dueDate.value && dueTime.value) return; // a time alone means nothing yet
    if (value !== (item.due ?? null)) send({ due: value });
  }

  function onKey(e) {
    if (e.key === "Escape") {
      e.preventDefault();
      e.stopPropagation();
      if (document.activeElement && el.contains(document.activeElement) && document.activeElement !== el) document.activeElement.blur();
      close();
    }
  }

  // Rendering --------------------------------------------------------------------------------------

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
    renderReminder();
    renderRemindBefore();
    renderAssignee(state);
    renderRepeat();

    const path = ancestors(view.items, itemId);
    pathSlot.replaceChildren(
      h("span.panel-path-text", path.length ? path.map((a) => a.title).join(" › ") : (state.view.summary.title || "")),
    );
    renderStatus(state, pending);
    attachments.update(item, canEdit);
    renderSub(state);
    renderHistory();
  }

  function renderReminder() {
    if (document.activeElement === reminder) return;
    const current = item.remindEvery ?? null;
    const options = [h("option", { value: "" }, "Never")];
    for (const p of REMINDER_PRESETS) options.push(h("option", { value: String(p.seconds) }, p.label));
    if (current !== null && !REMINDER_PRESETS.some((p) => p.seconds === current)) options.push(h("option", { value: String(current) }, formatInterval(current)));
    reminder.replaceChildren(...options);
    reminder.value = current === null ? "" : String(current);
  }

  function renderRemindBefore() {
    if (document.activeElement === remindBefore) return;
    const current = item.remindBefore ?? null;
    const presets = [[0, "At the due time"], [600, "10 minutes before"], [3600, "1 hour before"], [86400, "1 day before"]];
    const options = [h("option", { value: "" }, "No reminder")];
    for (const [seconds, label] of presets) options.push(h("option", { value: String(seconds) }, label));
    if (current !== null && !presets.some(([seconds]) => seconds === current)) {
      options.push(h("option", { value: String(current) }, `${formatInterval(current).replace(/^Every /, "")} before`));
    }
    options.push(h("option", { value: "custom" }, "Custom…"));
    remindBefore.replaceChildren(...options);
    remindBefore.value = current === null ? "" : String(current);
    remindHint.textContent = current !== null && !item.due ? "Set a due date for this reminder to ring." : "";
  }

  function renderRepeat() {
    if (document.activeElement === repeatRule) return;
    const current = item.repeat ?? "";
    const options = [h("option", { value: "" }, "Does not repeat")];
    for (const preset of REPEAT_PRESETS) options.push(h("option", { value: preset.rule }, preset.label));
    if (current && !REPEAT_PRESETS.some((p) => p.rule === current)) {
      const words = repeatInWords(current);
      options.push(h("option", { value: current }, words.charAt(0).toUpperCase() + words.slice(1)));
    }
    repeatRule.replaceChildren(...options);
    repeatRule.value = current;
    repeatHint.textContent = current ? "Ticking it off moves it to the next time; it stays on the list." : "";
  }

  function renderAssignee(state) {
    if (document.activeElement === assignee) return;
    const current = item.assignee ?? "";
    const names = [...state.view.participants.keys()].sort((a, b) => a.localeCompare(b));
    if (current && !names.includes(current)) names.push(current);
    assignee.replaceChildren(
      h("option", { value: "" }, "Nobody (owners and editors are reminded)"),
      ...names.map((name) => h("option", { value: name }, name)),
    );
    assignee.value = current;
  }

  function renderStatus(state, pending) {
    const parts = [];
    const open = openDescendantCount(state.view.index, itemId);
    if (item.status === "cancelled") {
      parts.push(h("span.status-pill.cancelled", icon("ban", { size: 14 }), "Cancelled"));
      if (state.canEdit) parts.push(h("button.btn.small.secondary#item-restore", { type: "button", onclick: () => app.op({ op: "restoreItem", list: listId, item: itemId }) }, icon("undo", { size: 14 }), "Restore"));
    } else {
      if (item.status === "done") parts.push(h("span.status-pill.done", icon("check", { size: 14 }), "Done"));
      else parts.push(h("span.status-pill.open", "Open"));
      if (canEdit) {
        parts.push(item.status === "done"
          ? h("button.btn.small.secondary#item-toggle-done", { type: "button", onclick: () => app.op({ op: "reopenItem", list: listId, item: itemId }) }, icon("undo", { size: 14 }), "Mark not done")
          : h("button.btn.small.primary#item-toggle-done", { type: "button", title: open ? `${open} open sub-item${open === 1 ? "" : "s"}` : null, onclick: () => app.op({ op: "completeItem", list: listId, item: itemId }) }, icon("check", { size: 14 }), "Mark done"));
        parts.push(h("button.btn.small.ghost.danger-text#item-cancel", { type: "button", onclick: () => app.op({ op: "cancelItem", list: listId, item: itemId }) }, icon("ban", { size: 14 }), "Cancel item"));
      }
    }
    if (pending) parts.push(h("span.chip.pending-chip", icon("refresh", { size: 12 }), "Pending"));
    statusSlot.replaceChildren(...parts);
  }

  function renderSub(state) {
    const kids = childrenOf(state.view.index, itemId);
    const c = completion(state.view.index, itemId);
    const adder = canEdit ? h("form.panel-add-sub", {
      onsubmit: (e) => {
        e.preventDefault();
        const input = e.target.querySelector("input");
        const text = input.value.trim();
        if (!text) return;
        app.op({ op: "addItem", list: listId, id: newId(), parent: itemId, title: text.slice(0, 500) });
        input.value = "";
      },
    }, h("input#item-add-sub", { placeholder: "Add a sub-item", maxlength: 500, "aria-label": "Add a sub-item" }), h("button.btn.small.secondary", { type: "submit" }, icon("plus", { size: 14 }), "Add")) : null;
    subSlot.replaceChildren(
      h("h3.panel-section-title", "Sub-items"),
      kids.length
        ? h("div.panel-sub-summary",
          h("div.progress.slim", h("div.progress-fill", { style: { width: `${c.percent}%` } })),
          h("span.muted", `${c.done} of ${c.total} done · ${c.percent}%`),
          h("button.btn.small.ghost#item-drill", { type: "button", onclick: () => drill(itemId) }, icon("corner", { size: 14 }), "Open as list"))
        : h("p.muted.small-text", "No sub-items."),
      // replaceChildren would write a missing adder (viewers, cancelled items) as "null".
      ...(adder ? [adder] : []),
    );
  }

  function renderHistory() {
    const rows = [];
    const entry = (label, by, at) => {
      rows.push(h("dt", label));
      rows.push(h("dd", by ? h("strong", by) : null, at ? h("span", { title: formatTimestamp(at) }, `${by ? " · " : ""}${formatTimestamp(at)} (${relativeTime(at)})`) : null));
    };
    entry("Created", item.createdBy, item.createdAt);
    if (item.doneAt || item.doneBy) entry("Completed", item.doneBy, item.doneAt);
    if (item.cancelledAt || item.cancelledBy) entry("Cancelled", item.cancelledBy, item.cancelledAt);
    historySlot.replaceChildren(...rows);
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

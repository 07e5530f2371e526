// The checklist's own dialogs, opened from its header: edit its details, and confirm
// cancelling it (nothing is deleted; the owner can restore it).
import { h } from "../../dom.js";
import { inputsToDue, dueToInputs } from "../../format.js";
import { openDialog } from "../dialog.js";
import { zoneSelect } from "../time-zone.js";

/** Sends only the fields that changed; `summary` is the list as shown when it opened. */
export function editListDialog(app, listId, summary) {
  const s = summary;
  const inputs = dueToInputs(s.due);
  const title = h("input#edit-list-title", { value: s.title, maxlength: 500, required: true });
  const description = h("textarea#edit-list-description", { rows: 3, maxlength: 10000, value: s.description || "" });
  const due = h("input#edit-list-due", { type: "date", value: inputs.date });
  const time = h("input#edit-list-time", { type: "time", value: inputs.time });
  const zone = zoneSelect("edit-list-tz", s.tz || "UTC");
  const habits = s.kind === "habits";
  const sequential = h("input#edit-list-sequential", { type: "checkbox", checked: Boolean(s.sequential) });
  const goal = h("input#edit-list-goal", { type: "number", min: "1", max: "3660", step: "1", inputmode: "numeric", placeholder: "e.g. 66", value: s.goal ? String(s.goal) : "" });
  openDialog({
    id: "edit-list-dialog",
    title: "Checklist details",
    body: [
      h("label.field", h("span.field-label", "Title"), title),
      h("label.field", h("span.field-label", "Description"), description),
      h("div.field-row", h("label.field", h("span.field-label", "Due date"), due), h("label.field", h("span.field-label", "Time ", h("span.muted", "(optional)")), time)),
      h("label.field", h("span.field-label", "Time zone"), zone,
        h("span.field-hint", "The checklist’s all-day dates, habit days and repeats follow this zone, for everyone in it.")),
      habits
        ? h("label.field", h("span.field-label", "Goal ", h("span.muted", "(days, optional)")), goal,
          h("span.field-hint", "Shows each person’s progress: “Day 23 of 66”."))
        : h("label.check-field", sequential, h("span", "One after another: each item opens when the one before it is done")),
    ],
    onSubmit() {
      const fields = { op: "updateList", list: listId };
      const t = title.value.trim();
      if (!t) throw new Error("The title can’t be empty.");
      if (t !== s.title) fields.title = t;
      const d = description.value.trim();
      if (d !== (s.description || "")) fields.description = d || null;
      const dueValue = inputsToDue(due.value, time.value);
      if (dueValue !== (s.due || null)) fields.due = dueValue;
      if (zone.value !== (s.tz || "UTC")) fields.tz = zone.value;
      if (!habits && sequential.checked !== Boolean(s.sequential)) fields.sequential = sequential.checked;
      if (habits) {
        const days = goal.value.trim() ? Number(goal.value) : null;
        if (days !== null && (!Number.isInteger(days) || days < 1 || days > 3660)) throw new Error("A goal is a whole number of days, from 1 to 3660.");
        if (days !== (s.goal ?? null)) fields.goal = days;
      }
      if (Object.keys(fields).length > 2) app.op(fields);
      return true;
    },
  });
}

export function confirmCancelList(app, listId, summary) {
  openDialog({
    id: "cancel-list-dialog",
    title: "Cancel this checklist?",
    description: `“${summary.title}” moves to Cancelled for everyone, with its open items. Nothing is deleted: you can restore it at any time.`,
    body: [],
    submitLabel: "Cancel checklist",
    danger: true,
    onSubmit() {
      app.op({ op: "cancelList", list: listId });
      return true;
    },
  });
}

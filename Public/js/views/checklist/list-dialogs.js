// The checklist's own dialogs, opened from its header: edit its details, and confirm
// cancelling it (nothing is deleted; the owner can restore it).
import { h } from "../../dom.js";
import { inputsToDue, dueToInputs } from "../../format.js";
import { openDialog } from "../dialog.js";

/** Sends only the fields that changed; `summary` is the list as shown when it opened. */
export function editListDialog(app, listId, summary) {
  const s = summary;
  const inputs = dueToInputs(s.due);
  const title = h("input#edit-list-title", { value: s.title, maxlength: 500, required: true });
  const description = h("textarea#edit-list-description", { rows: 3, maxlength: 10000, value: s.description || "" });
  const due = h("input#edit-list-due", { type: "date", value: inputs.date });
  const time = h("input#edit-list-time", { type: "time", value: inputs.time });
  openDialog({
    id: "edit-list-dialog",
    title: "Checklist details",
    body: [
      h("label.field", h("span.field-label", "Title"), title),
      h("label.field", h("span.field-label", "Description"), description),
      h("div.field-row", h("label.field", h("span.field-label", "Due date"), due), h("label.field", h("span.field-label", "Time ", h("span.muted", "(optional)")), time)),
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

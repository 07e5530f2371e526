// Saving the item panel's fields: each on its own, when it is left or changed, and only when
// it differs from the item (the server merges fields last-writer-wins).
import { inputsToDue } from "../../format.js";

/**
 * `fields` are the panel's inputs; `item()` is the item as last shown (null before);
 * `custom.before` and `custom.every` are the "Custom…" controls (custom-duration.js), opened
 * here and answered through `customAnswered(field, seconds)`.
 */
export function saveFieldsOnChange(app, { listId, itemId, fields, item, custom }) {
  const { title, notes, location, dueDate, dueTime, clearDue, reminder, remindBefore, repeatRule, assignee } = fields;
  const send = (changes) => app.op({ op: "updateItem", list: listId, item: itemId, ...changes });

  title.addEventListener("keydown", (e) => {
    if (e.key === "Enter") { e.preventDefault(); title.blur(); }
  });
  title.addEventListener("blur", () => {
    const value = title.value.replace(/\s+/g, " ").trim();
    if (!item()) return;
    if (!value) { title.value = item().title; return; }
    if (value !== item().title) send({ title: value.slice(0, 500) });
  });
  notes.addEventListener("blur", () => {
    if (!item()) return;
    const value = notes.value;
    if (value !== (item().notes || "")) send({ notes: value.trim() ? value : null });
  });
  location.addEventListener("blur", () => {
    if (!item()) return;
    const value = location.value.trim();
    if (value !== (item().location || "")) send({ location: value || null });
  });
  location.addEventListener("keydown", (e) => { if (e.key === "Enter") { e.preventDefault(); location.blur(); } });

  function saveDue(clear) {
    if (!item()) return;
    if (clear) { dueDate.value = ""; dueTime.value = ""; }
    const value = inputsToDue(dueDate.value, dueTime.value);
    if (!dueDate.value && dueTime.value) return; // a time alone means nothing yet
    if (value !== (item().due ?? null)) send({ due: value });
  }
  dueDate.addEventListener("change", () => saveDue(false));
  dueTime.addEventListener("change", () => saveDue(false));
  clearDue.addEventListener("click", () => saveDue(true));

  reminder.addEventListener("change", () => {
    if (!item()) return;
    if (reminder.value === "custom") return custom.every.open(item().remindEvery ?? 1800);
    const value = reminder.value ? Number(reminder.value) : null;
    if (value !== (item().remindEvery ?? null)) send({ remindEvery: value });
  });
  remindBefore.addEventListener("change", () => {
    if (!item()) return;
    if (remindBefore.value === "custom") return custom.before.open(item().remindBefore ?? 1800);
    const value = remindBefore.value === "" ? null : Number(remindBefore.value);
    if (value !== (item().remindBefore ?? null)) send({ remindBefore: value });
  });
  saveAssignee(assignee, item, send);
  saveSequential(fields.sequential, item, send);
  repeatRule.addEventListener("change", () => {
    if (!item()) return;
    const value = repeatRule.value || null;
    if (value !== (item().repeat ?? null)) send({ repeat: value });
  });
  return {
    /** A custom length was set (`seconds`) or abandoned (null) for `field` ("remindBefore" or "remindEvery"). */
    customAnswered(field, seconds) {
      if (!item() || seconds === null || seconds === (item()[field] ?? null)) return;
      send({ [field]: seconds });
    },
  };
}

/** "One after another" for the sub-items. */
function saveSequential(sequential, item, send) {
  sequential.addEventListener("change", () => {
    if (item() && sequential.checked !== Boolean(item().sequential)) send({ sequential: sequential.checked });
  });
}

function saveAssignee(assignee, item, send) {
  assignee.addEventListener("change", () => {
    if (!item()) return;
    const value = assignee.value || null;
    if (value !== (item().assignee ?? null)) send({ assignee: value });
  });
}

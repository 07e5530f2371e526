// The item panel's "Opens on" field: the item's `availableFrom` (a date, counted in the
// checklist's zone, or a date and time), before which it cannot be ticked off — for a course
// whose posts unlock one by one, or a task that makes no sense before a day.
import { h } from "../../dom.js";
import { icon } from "../../icons.js";
import { dueToInputs, inputsToDue, formatDueLong } from "../../format.js";

/** `item()` is the item as last shown; `send(changes)` saves. */
export function createOpensOnField({ item, send }) {
  const date = h("input#item-available-date", { type: "date", "aria-label": "Opens on (date)", "data-field": "availableFrom" });
  const time = h("input#item-available-time", { type: "time", "aria-label": "Opens at (time, optional)", "data-field": "availableFrom" });
  const clear = h("button.icon-button#item-clear-available", { type: "button", title: "Open now", "aria-label": "Clear the date it opens" }, icon("x", { size: 16 }));
  const hint = h("p.field-hint");

  function save(clearIt) {
    if (!item()) return;
    if (clearIt) { date.value = ""; time.value = ""; }
    if (!date.value && time.value) return; // a time alone means nothing yet
    const value = inputsToDue(date.value, time.value);
    if (value !== (item().availableFrom ?? null)) send({ availableFrom: value });
  }
  date.addEventListener("change", () => save(false));
  time.addEventListener("change", () => save(false));
  clear.addEventListener("click", () => save(true));

  return {
    control: h("div.due-inputs", date, time, clear),
    hint,
    update(current, canEdit) {
      date.disabled = time.disabled = !canEdit;
      clear.hidden = !canEdit || !current.availableFrom;
      const inputs = dueToInputs(current.availableFrom);
      for (const [input, value] of [[date, inputs.date], [time, inputs.time]]) {
        if (document.activeElement !== input && input.value !== value) input.value = value;
      }
      const text = current.availableFrom
        ? `Can be ticked off from ${formatDueLong(current.availableFrom)}${current.availableFrom.length === 10 ? " (in the checklist’s time zone)" : ""}`
        : canEdit ? "Open now. Pick a date to lock it until then." : "Open now";
      if (hint.textContent !== text) hint.textContent = text;
    },
  };
}

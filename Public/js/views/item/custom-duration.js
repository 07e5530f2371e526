// "Custom…" for the item panel's reminder choices: an amount and a unit in the panel itself
// (never a prompt() dialog), set with Enter or "Set", abandoned with Escape or "Cancel".
import { h } from "../../dom.js";

const UNITS = [[60, "minutes"], [3600, "hours"], [86400, "days"]];

/** `onSet(seconds)` when set; `onCancel()` when abandoned. `id` prefixes the parts' ids. */
export function createCustomDuration(id, { onSet, onCancel }) {
  const amount = h(`input#${id}-amount`, { type: "number", min: "1", step: "1", inputmode: "numeric", "aria-label": "How many" });
  const unit = h(`select#${id}-unit`, { "aria-label": "Unit" }, UNITS.map(([seconds, name]) => h("option", { value: String(seconds) }, name)));
  const error = h("span.field-hint.overdue", { role: "alert" });
  const el = h("div.custom-duration", { hidden: true, onkeydown },
    amount, unit,
    h(`button.btn.small.primary#${id}-set`, { type: "button", onclick: set }, "Set"),
    h("button.btn.small.ghost", { type: "button", onclick: cancel }, "Cancel"),
    error);

  function onkeydown(event) {
    if (event.key === "Enter") { event.preventDefault(); set(); }
    if (event.key === "Escape") { event.preventDefault(); event.stopPropagation(); cancel(); }
  }

  function set() {
    const count = Number(amount.value);
    if (!Number.isInteger(count) || count < 1) {
      error.textContent = "Enter a whole number, 1 or more.";
      amount.focus();
      return;
    }
    el.hidden = true;
    onSet(count * Number(unit.value));
  }

  function cancel() {
    el.hidden = true;
    onCancel();
  }

  return {
    el,
    /** Shows it, filled in with `seconds` in the largest whole unit. */
    open(seconds) {
      const [size] = [...UNITS].reverse().find(([size]) => seconds >= size && seconds % size === 0) || UNITS[0];
      amount.value = String(Math.max(1, Math.round(seconds / size)));
      unit.value = String(size);
      error.textContent = "";
      el.hidden = false;
      amount.focus();
      amount.select();
    },
  };
}

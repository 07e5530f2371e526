// The item panel's drawn parts: the choices of its selects (with the item's own value when it
// is not a preset), its status line and actions, its sub-items, and its history.
//
// Each part is redrawn only when what it shows changes, never on every update: updates arrive
// all the time (a reminder firing, someone else's edit, an acknowledgement), and an <option>
// rebuilt under a person choosing from the list is a choice lost (and a stale element for a
// test that found it a moment before). A select the person is using is left alone.
import { h } from "../../dom.js";
import { icon } from "../../icons.js";
import { completion, childrenOf, openDescendantCount } from "../../tree.js";
import { formatTimestamp, relativeTime, REMINDER_PRESETS, formatInterval, REPEAT_PRESETS, repeatInWords, formatBefore } from "../../format.js";
import { newId } from "../../outbox.js";

const REMIND_BEFORE_PRESETS = [0, 300, 600, 1800, 3600, 86400];
const shownOptions = new WeakMap(); // select -> JSON of the options it has
const shownParts = new WeakMap(); // slot -> JSON of what it shows

/**
 * Gives `select` the `options` ([value, label] pairs) and the `value`, touching the options
 * only when they differ from the ones it has and the value only when it differs.
 */
export function setOptions(select, options, value) {
  if (document.activeElement === select) return;
  const json = JSON.stringify(options);
  if (shownOptions.get(select) !== json) {
    shownOptions.set(select, json);
    select.replaceChildren(...options.map(([optionValue, label]) => h("option", { value: optionValue }, label)));
  }
  if (select.value !== value) select.value = value;
}

/** Runs `draw()` when `showing` differs (as JSON) from what `slot` last showed. */
function redrawWhenChanged(slot, showing, draw) {
  const json = JSON.stringify(showing);
  if (shownParts.get(slot) === json) return;
  shownParts.set(slot, json);
  draw();
}

export function renderReminder(select, item) {
  const current = item.remindEvery ?? null;
  const options = [["", "Never"], ...REMINDER_PRESETS.map((p) => [String(p.seconds), p.label])];
  if (current !== null && !REMINDER_PRESETS.some((p) => p.seconds === current)) options.push([String(current), formatInterval(current)]);
  options.push(["custom", "Custom…"]);
  setOptions(select, options, current === null ? "" : String(current));
}

export function renderRemindBefore(select, hint, item) {
  const current = item.remindBefore ?? null;
  const options = [["", "No reminder"], ...REMIND_BEFORE_PRESETS.map((seconds) => [String(seconds), formatBefore(seconds)])];
  if (current !== null && !REMIND_BEFORE_PRESETS.includes(current)) options.push([String(current), formatBefore(current)]);
  options.push(["custom", "Custom…"]);
  setOptions(select, options, current === null ? "" : String(current));
  const text = current === null ? "" : !item.due ? "Set a due date for this reminder to ring."
    : item.due.length === 10 ? "An all-day date counts as 9:00 AM in the checklist’s time zone." : "";
  if (hint.textContent !== text) hint.textContent = text;
}

/** `habit`: in a habit checklist, where every item repeats. */
export function renderRepeat(select, hint, item, habit = false) {
  const current = item.repeat ?? "";
  const options = [...(habit ? [] : [["", "Does not repeat"]]), ...REPEAT_PRESETS.map((preset) => [preset.rule, preset.label])];
  if (current && !REPEAT_PRESETS.some((p) => p.rule === current)) {
    const words = repeatInWords(current);
    options.push([current, words.charAt(0).toUpperCase() + words.slice(1)]);
  }
  setOptions(select, options, current);
  const text = habit ? "Which days this habit is due; check in on the habit page." : current ? "Ticking it off moves it to the next time; it stays on the list." : "";
  if (hint.textContent !== text) hint.textContent = text;
}

export function renderAssignee(select, item, participants) {
  const current = item.assignee ?? "";
  const names = [...participants.keys()].sort((a, b) => a.localeCompare(b));
  if (current && !names.includes(current)) names.push(current);
  setOptions(select, [["", "Nobody (owners and editors are reminded)"], ...names.map((name) => [name, name])], current);
}

/** `canEdit` is for this item (not cancelled); `state.canEdit` for the list (restoring). */
export function renderStatus(slot, app, { listId, item, state, canEdit, pending, lock = "", habit = false }) {
  const open = openDescendantCount(state.view.index, item.id);
  // Redrawn only when what it shows changes: a button replaced under the pointer by someone
  // else's unrelated edit would swallow the click.
  const locked = Boolean(lock) && item.status === "open";
  const shown = [item.status, state.canEdit, canEdit, pending, open, lock, habit];
  if (shownParts.get(slot) === JSON.stringify(shown)) return;
  shownParts.set(slot, JSON.stringify(shown));
  const parts = [];
  const op = (name) => () => app.op({ op: name, list: listId, item: item.id });
  if (item.status === "cancelled") {
    parts.push(h("span.status-pill.cancelled", icon("ban", { size: 14 }), "Cancelled"));
    if (state.canEdit) parts.push(h("button.btn.small.secondary#item-restore", { type: "button", onclick: op("restoreItem") }, icon("undo", { size: 14 }), "Restore"));
  } else {
    if (item.status === "done") parts.push(h("span.status-pill.done", icon("check", { size: 14 }), "Done"));
    else if (locked) parts.push(h("span.status-pill.locked#item-lock", icon("lock", { size: 14 }), lock));
    else parts.push(h("span.status-pill.open", "Open"));
    if (canEdit && !habit) {
      parts.push(item.status === "done"
        ? h("button.btn.small.secondary#item-toggle-done", { type: "button", onclick: op("reopenItem") }, icon("undo", { size: 14 }), "Mark not done")
        : h("button.btn.small.primary#item-toggle-done", {
          type: "button", disabled: locked, onclick: op("completeItem"),
          title: locked ? lock : open ? `${open} open sub-item${open === 1 ? "" : "s"}` : null,
        }, icon(locked ? "lock" : "check", { size: 14 }), "Mark done"));
    }
    if (canEdit) {
      parts.push(h("button.btn.small.ghost.danger-text#item-cancel", { type: "button", onclick: op("cancelItem") }, icon("ban", { size: 14 }), habit ? "Cancel habit" : "Cancel item"));
    }
  }
  if (pending) parts.push(h("span.chip.pending-chip", icon("refresh", { size: 12 }), "Pending"));
  slot.replaceChildren(...parts);
}

/** `sequential`: the panel's "one after another" checkbox, placed in this section. */
export function renderSub(slot, app, { listId, itemId, state, canEdit, drill, sequential }) {
  // Built once: the heading, the summary (redrawn) and the adder, which is only shown or
  // hidden, so a sub-item being typed keeps its field, focus and draft through live updates.
  if (!slot.firstChild) {
    const adder = h("form.panel-add-sub", {
      onsubmit: (e) => {
        e.preventDefault();
        const input = e.target.querySelector("input");
        const text = input.value.trim();
        if (!text) return;
        app.op({ op: "addItem", list: listId, id: newId(), parent: itemId, title: text.slice(0, 500) });
        input.value = "";
      },
    }, h("input#item-add-sub", { placeholder: "Add a sub-item", maxlength: 500, "aria-label": "Add a sub-item" }), h("button.btn.small.secondary", { type: "submit" }, icon("plus", { size: 14 }), "Add"));
    slot.replaceChildren(h("h3.panel-section-title", "Sub-items"), h("div.panel-sub-body"),
      h("label.check-field.small-text.panel-sequential", sequential, h("span", "One after another: each opens when the one before it is done")), adder);
  }
  const kids = childrenOf(state.view.index, itemId);
  const c = completion(state.view.index, itemId);
  slot.querySelector(".panel-add-sub").hidden = !canEdit;
  redrawWhenChanged(slot, [kids.length, c], () => slot.querySelector(".panel-sub-body").replaceChildren(
    kids.length
      ? h("div.panel-sub-summary",
        h("div.progress.slim", h("div.progress-fill", { style: { width: `${c.percent}%` } })),
        h("span.muted", `${c.done} of ${c.total} done · ${c.percent}%`),
        h("button.btn.small.ghost#item-drill", { type: "button", onclick: () => drill(itemId) }, icon("corner", { size: 14 }), "Open as list"))
      : h("p.muted.small-text", "No sub-items."),
  ));
}

export function renderHistory(slot, item) {
  const shown = [item.createdBy, item.createdAt, item.doneBy, item.doneAt, item.cancelledBy, item.cancelledAt, item.createdAt && relativeTime(item.createdAt)];
  redrawWhenChanged(slot, shown, () => drawHistory(slot, item));
}

function drawHistory(slot, item) {
  const rows = [];
  const entry = (label, by, at) => {
    rows.push(h("dt", label));
    rows.push(h("dd", by ? h("strong", by) : null, at ? h("span", { title: formatTimestamp(at) }, `${by ? " · " : ""}${formatTimestamp(at)} (${relativeTime(at)})`) : null));
  };
  entry("Created", item.createdBy, item.createdAt);
  if (item.doneAt || item.doneBy) entry("Completed", item.doneBy, item.doneAt);
  if (item.cancelledAt || item.cancelledBy) entry("Cancelled", item.cancelledBy, item.cancelledAt);
  slot.replaceChildren(...rows);
}

// The item panel's drawn parts: the choices of its selects (with the item's own value when it
// is not a preset), its status line and actions, its sub-items, and its history. A select the
// person is using is left alone.
import { h } from "../../dom.js";
import { icon } from "../../icons.js";
import { completion, childrenOf, openDescendantCount } from "../../tree.js";
import { formatTimestamp, relativeTime, REMINDER_PRESETS, formatInterval, REPEAT_PRESETS, repeatInWords } from "../../format.js";
import { newId } from "../../outbox.js";

const REMIND_BEFORE_PRESETS = [[0, "At the due time"], [600, "10 minutes before"], [3600, "1 hour before"], [86400, "1 day before"]];

export function renderReminder(select, item) {
  if (document.activeElement === select) return;
  const current = item.remindEvery ?? null;
  const options = [h("option", { value: "" }, "Never")];
  for (const p of REMINDER_PRESETS) options.push(h("option", { value: String(p.seconds) }, p.label));
  if (current !== null && !REMINDER_PRESETS.some((p) => p.seconds === current)) options.push(h("option", { value: String(current) }, formatInterval(current)));
  select.replaceChildren(...options);
  select.value = current === null ? "" : String(current);
}

export function renderRemindBefore(select, hint, item) {
  if (document.activeElement === select) return;
  const current = item.remindBefore ?? null;
  const options = [h("option", { value: "" }, "No reminder")];
  for (const [seconds, label] of REMIND_BEFORE_PRESETS) options.push(h("option", { value: String(seconds) }, label));
  if (current !== null && !REMIND_BEFORE_PRESETS.some(([seconds]) => seconds === current)) {
    options.push(h("option", { value: String(current) }, `${formatInterval(current).replace(/^Every /, "")} before`));
  }
  options.push(h("option", { value: "custom" }, "Custom…"));
  select.replaceChildren(...options);
  select.value = current === null ? "" : String(current);
  hint.textContent = current !== null && !item.due ? "Set a due date for this reminder to ring." : "";
}

export function renderRepeat(select, hint, item) {
  if (document.activeElement === select) return;
  const current = item.repeat ?? "";
  const options = [h("option", { value: "" }, "Does not repeat")];
  for (const preset of REPEAT_PRESETS) options.push(h("option", { value: preset.rule }, preset.label));
  if (current && !REPEAT_PRESETS.some((p) => p.rule === current)) {
    const words = repeatInWords(current);
    options.push(h("option", { value: current }, words.charAt(0).toUpperCase() + words.slice(1)));
  }
  select.replaceChildren(...options);
  select.value = current;
  hint.textContent = current ? "Ticking it off moves it to the next time; it stays on the list." : "";
}

export function renderAssignee(select, item, participants) {
  if (document.activeElement === select) return;
  const current = item.assignee ?? "";
  const names = [...participants.keys()].sort((a, b) => a.localeCompare(b));
  if (current && !names.includes(current)) names.push(current);
  select.replaceChildren(
    h("option", { value: "" }, "Nobody (owners and editors are reminded)"),
    ...names.map((name) => h("option", { value: name }, name)),
  );
  select.value = current;
}

/** `canEdit` is for this item (not cancelled); `state.canEdit` for the list (restoring). */
export function renderStatus(slot, app, { listId, item, state, canEdit, pending }) {
  const open = openDescendantCount(state.view.index, item.id);
  // Redrawn only when what it shows changes: a button replaced under the pointer by someone
  // else's unrelated edit would swallow the click.
  const shown = [item.status, state.canEdit, canEdit, pending, open].join("|");
  if (slot.dataset.shown === shown) return;
  slot.dataset.shown = shown;
  const parts = [];
  const op = (name) => () => app.op({ op: name, list: listId, item: item.id });
  if (item.status === "cancelled") {
    parts.push(h("span.status-pill.cancelled", icon("ban", { size: 14 }), "Cancelled"));
    if (state.canEdit) parts.push(h("button.btn.small.secondary#item-restore", { type: "button", onclick: op("restoreItem") }, icon("undo", { size: 14 }), "Restore"));
  } else {
    if (item.status === "done") parts.push(h("span.status-pill.done", icon("check", { size: 14 }), "Done"));
    else parts.push(h("span.status-pill.open", "Open"));
    if (canEdit) {
      parts.push(item.status === "done"
        ? h("button.btn.small.secondary#item-toggle-done", { type: "button", onclick: op("reopenItem") }, icon("undo", { size: 14 }), "Mark not done")
        : h("button.btn.small.primary#item-toggle-done", { type: "button", title: open ? `${open} open sub-item${open === 1 ? "" : "s"}` : null, onclick: op("completeItem") }, icon("check", { size: 14 }), "Mark done"));
      parts.push(h("button.btn.small.ghost.danger-text#item-cancel", { type: "button", onclick: op("cancelItem") }, icon("ban", { size: 14 }), "Cancel item"));
    }
  }
  if (pending) parts.push(h("span.chip.pending-chip", icon("refresh", { size: 12 }), "Pending"));
  slot.replaceChildren(...parts);
}

export function renderSub(slot, app, { listId, itemId, state, canEdit, drill }) {
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
    slot.replaceChildren(h("h3.panel-section-title", "Sub-items"), h("div.panel-sub-body"), adder);
  }
  const kids = childrenOf(state.view.index, itemId);
  const c = completion(state.view.index, itemId);
  slot.querySelector(".panel-sub-body").replaceChildren(
    kids.length
      ? h("div.panel-sub-summary",
        h("div.progress.slim", h("div.progress-fill", { style: { width: `${c.percent}%` } })),
        h("span.muted", `${c.done} of ${c.total} done · ${c.percent}%`),
        h("button.btn.small.ghost#item-drill", { type: "button", onclick: () => drill(itemId) }, icon("corner", { size: 14 }), "Open as list"))
      : h("p.muted.small-text", "No sub-items."),
  );
  slot.querySelector(".panel-add-sub").hidden = !canEdit;
}

export function renderHistory(slot, item) {
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

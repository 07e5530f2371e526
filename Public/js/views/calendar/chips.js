// The calendar's chips (in a month cell and a week column): a task (an item or a checklist's
// own due, one occurrence of it), a habit checklist's day (its check-in state, never an
// overdue task), and "+N more". Each keeps its element and patches it, so a click on a chip
// lands on the chip it was aimed at while updates arrive.
import { h, setText, setClass, setAttr, classNames } from "../../dom.js";
import { icon } from "../../icons.js";
import { keyedChildren, whenChanged } from "../../keyed.js";
import { formatTime, isOverdue } from "../../format.js";
import { habitDayText } from "./entries.js";

export const HABIT_ICONS = { done: "check", skipped: "minus", partial: "checkCircle", missed: "x", open: "circle", upcoming: "refresh" };

/** Where an entry links: the item's panel, or the checklist. */
export function entryHref(entry) {
  const list = `#/list/${encodeURIComponent(entry.listId)}`;
  return entry.kind === "item" ? `${list}/item/${encodeURIComponent(entry.id)}` : list;
}

/** A keyed list of chips in `container`; `models` are `{ key, entry }` or `{ key: "more", more }`. */
export function chipList(container) {
  return keyedChildren(container, { create: createChipFor, update: (chip, model) => chip.update(model) });
}

function createChipFor(model) {
  if (model.more) return createMore();
  return model.entry.kind === "habits" ? createHabitChip() : createTaskChip();
}

function createMore() {
  const el = h("span.cal-more");
  return { el, update({ more }) { setText(el, `+${more} more`); } };
}

/** One task's chip: the link kept; its marker redrawn only when its kind changes. */
function createTaskChip() {
  let marker = null;
  const text = h("span.cal-chip-text");
  const el = h("a.cal-chip", text);
  const redrawMarker = whenChanged();
  return {
    el,
    update({ entry }) {
      const overdue = !entry.done && isOverdue(entry.due);
      setClass(el, classNames("cal-chip", { done: entry.done, overdue, list: entry.kind === "list" }));
      setAttr(el, "href", entryHref(entry));
      setAttr(el, "title", `${entry.title} — ${entry.listTitle}`);
      setAttr(el, "data-item-id", entry.kind === "item" ? entry.id : null);
      setAttr(el, "data-due", entry.due);
      el.style.setProperty("--hue", entry.hue);
      redrawMarker(entry.kind === "list" ? "list" : entry.repeat ? "repeat" : "dot", (kind) => {
        const next = kind === "list" ? icon("flag", { size: 11 }) : kind === "repeat" ? icon("refresh", { size: 10 }) : h("span.cal-dot");
        if (marker) marker.replaceWith(next);
        else el.prepend(next);
        marker = next;
      });
      setText(text, entry.allDay ? entry.title : `${formatTime(entry.due)} ${entry.title}`);
    },
  };
}

/** One habit checklist's day: its state as a mark and in words ("2 of 3 done"), linking to the checklist. */
function createHabitChip() {
  const mark = h("span.habit-mark");
  const text = h("span.cal-chip-text");
  const el = h("a.cal-chip.habit-chip", mark, text);
  const redrawMark = whenChanged();
  return {
    el,
    update({ entry }) {
      setClass(el, `cal-chip habit-chip habit-${entry.state}`);
      setAttr(el, "href", entryHref(entry));
      setAttr(el, "data-list-id", entry.listId);
      setAttr(el, "data-state", entry.state);
      setAttr(el, "title", `${entry.title}: ${habitDayText(entry)}`);
      el.style.setProperty("--hue", entry.hue);
      redrawMark(entry.state, (state) => mark.replaceChildren(icon(HABIT_ICONS[state], { size: 11 })));
      setText(text, `${entry.title} · ${habitDayText(entry)}`);
    },
  };
}

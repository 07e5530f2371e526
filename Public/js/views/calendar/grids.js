// The calendar's two grids: a month (weekday names, then a cell per day with its first chips
// and "+N more") and a week (a column per day with every chip). Days are "YYYY-MM-DD" strings
// of the display zone. Each day's element is kept under its day and its chips under theirs.
import { h, setText, setClass, setAttr, classNames } from "../../dom.js";
import { keyedChildren, whenChanged } from "../../keyed.js";
import { isOverdue, formatDayKey } from "../../format.js";
import { addDays } from "../../zone.js";
import { chipList } from "./chips.js";

const MAX_CHIPS = 3;
const A_MONDAY = "2024-01-01";

/** The month grid; `onSelect(day)` when a day's number is clicked. Its `nodes` go into the grid. */
export function createMonthGrid({ onSelect }) {
  const weekdayNames = [];
  for (let i = 0; i < 7; i++) {
    const day = addDays(A_MONDAY, i);
    weekdayNames.push(h("div.cal-weekday", { role: "columnheader" },
      h("span.long", formatDayKey(day, { weekday: "short" })), h("span.short", formatDayKey(day, { weekday: "narrow" }))));
  }
  const days = h("div.cal-days");
  const cells = keyedChildren(days, { create: () => createMonthCell(onSelect), update: (cell, model) => cell.update(model) });
  return {
    nodes: [h("div.cal-weekdays", { role: "row" }, weekdayNames), days],
    /** `models`: [{ key: day, day, inMonth, entries, today, selected }] */
    update(models) { cells.update(models); },
  };
}

/** One day of the month: its button kept (a click or the focus on it survives), its chips kept under their keys. */
function createMonthCell(onSelect) {
  let day = null;
  const date = h("span.cal-date");
  const count = h("span.cal-count");
  const button = h("button.cal-day", { type: "button", onclick: () => onSelect(day) }, date);
  const chips = h("div.cal-chips");
  const dots = h("div.cal-dots", { "aria-hidden": "true" });
  const el = h("div.cal-cell", { role: "gridcell" }, button, chips, dots);
  const chipItems = chipList(chips);
  const redrawDots = whenChanged();
  return {
    el,
    update({ day: next, inMonth, entries, today, selected }) {
      day = next;
      const tasks = entries.filter((e) => e.kind !== "habits");
      const open = tasks.filter((e) => !e.done).length;
      setClass(el, classNames("cal-cell", { outside: !inMonth, today, selected, "has-overdue": tasks.some((e) => !e.done && isOverdue(e.due)) }));
      setAttr(el, "data-day", day);
      setAttr(button, "aria-label", `${formatDayKey(day, { weekday: "long", month: "long", day: "numeric" })}: ${tasks.length} due`);
      setText(date, String(Number(day.slice(8))));
      if (open) {
        setText(count, String(open));
        if (count.parentNode !== button) button.append(count);
      } else {
        count.remove();
      }
      const shown = entries.slice(0, MAX_CHIPS).map((entry) => ({ key: entry.key, entry }));
      if (entries.length > MAX_CHIPS) shown.push({ key: "more", more: entries.length - MAX_CHIPS });
      chipItems.update(shown);
      redrawDots(entries.slice(0, 4).map((e) => [e.kind === "habits" ? `habit ${e.state}` : e.done ? "done" : "", e.hue]), (marks) => {
        dots.replaceChildren(...marks.map(([state, hue]) => h("span", { class: `cal-dot ${state}`.trim(), style: { "--hue": hue } })));
      });
    },
  };
}

/** The week grid: seven columns, Monday first, every entry of each day. */
export function createWeekGrid() {
  const wrap = h("div.week-grid#calendar-week");
  const columns = keyedChildren(wrap, { create: createWeekColumn, update: (column, model) => column.update(model) });
  return {
    nodes: [wrap],
    /** `models`: [{ key: day, day, entries, today }] */
    update(models) { columns.update(models); },
  };
}

/** One day of the week: its heading patched, every chip kept under its key (or a dash when none). */
function createWeekColumn() {
  const weekday = h("span.week-weekday");
  const date = h("span.week-date");
  const chips = h("div.week-chips");
  const none = h("p.week-empty.muted", "—");
  const el = h("div.week-day", { role: "gridcell" }, h("div.week-day-head", weekday, date), none);
  const chipItems = chipList(chips);
  return {
    el,
    update({ day, entries, today }) {
      setClass(el, classNames("week-day", { today }));
      setAttr(el, "data-day", day);
      setText(weekday, formatDayKey(day, { weekday: "short" }));
      setText(date, String(Number(day.slice(8))));
      chipItems.update(entries.map((entry) => ({ key: entry.key, entry })));
      const body = entries.length ? chips : none;
      if (body.parentNode !== el) (entries.length ? none : chips).replaceWith(body);
    },
  };
}

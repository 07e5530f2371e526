// The agenda under the calendar: each day of the month or week that has something, with its
// tasks (time or "All day", overdue ones saying since when) and its habit checklists' state.
// Days and entries are kept under their keys and patched in place.
import { h, setText, setClass, setAttr, classNames } from "../../dom.js";
import { icon } from "../../icons.js";
import { keyedChildren, whenChanged } from "../../keyed.js";
import { formatTime, isOverdue, formatDayKey, overdueSince } from "../../format.js";
import { entryHref, HABIT_ICONS } from "./chips.js";
import { habitDayText } from "./entries.js";

export function createAgenda() {
  const el = h("div.agenda#calendar-agenda");
  const card = h("div.card.agenda-card");
  const heading = h("h2.section-title", h("div.section-heading", h("span", "Agenda")));
  const days = keyedChildren(card, { create: createAgendaDay, update: (day, model) => day.update(model) });
  let shown = null; // "days", or the empty state's range ("month", "week")

  return {
    el,
    /** `models`: [{ key: day, day, entries, today, selected }] in order; `rangeName` for the empty state. */
    update(models, rangeName) {
      if (!models.length) {
        days.clear();
        if (shown !== rangeName) {
          shown = rangeName;
          el.replaceChildren(h("div.agenda-empty", icon("calendar", { size: 28 }), h("p", `No due dates this ${rangeName}. Give items a due date and they show up here.`)));
        }
        return;
      }
      days.update(models);
      if (shown !== "days") {
        shown = "days";
        el.replaceChildren(heading, card);
      }
    },
  };
}

/** One day: its heading patched, its entries kept under their keys. */
function createAgendaDay() {
  const dayNumber = h("span.agenda-daynum");
  const weekday = h("span");
  const monthDay = h("span.muted");
  const list = h("ul.agenda-list");
  const el = h("section.agenda-day", h("h3.agenda-date", dayNumber, h("span.agenda-date-text", weekday, monthDay)), list);
  const entries = keyedChildren(list, { create: createAgendaEntry, update: (entry, model) => entry.update(model) });
  return {
    el,
    update({ day, entries: dayEntries, today, selected }) {
      setClass(el, classNames("agenda-day", { today, selected }));
      setAttr(el, "data-day", day);
      setText(dayNumber, String(Number(day.slice(8))));
      setText(weekday, today ? "Today" : formatDayKey(day, { weekday: "long" }));
      setText(monthDay, formatDayKey(day, { month: "long", day: "numeric" }));
      entries.update(dayEntries.map((entry) => ({ key: entry.key, entry })));
    },
  };
}

/** One entry: a task (time or "All day", overdue ones saying since when) or a habit
 *  checklist's day (its state, never red). Its link is kept; its parts are patched. */
function createAgendaEntry() {
  const status = h("span.agenda-status");
  const title = h("span.agenda-title");
  const listName = h("span.agenda-list");
  const time = h("span.agenda-time");
  const link = h("a.agenda-entry", status, title, listName, time);
  const redrawStatus = whenChanged();
  return {
    el: h("li", link),
    update({ entry }) {
      setAttr(link, "href", entryHref(entry));
      link.style.setProperty("--hue", entry.hue);
      setText(title, entry.title);
      if (entry.kind === "habits") return showHabitDay(entry);
      const overdue = !entry.done && isOverdue(entry.due);
      setClass(link, classNames("agenda-entry", { done: entry.done, overdue }));
      setAttr(link, "data-item-id", entry.kind === "item" ? entry.id : null);
      setAttr(link, "data-due", entry.due);
      redrawStatus(entry.done ? "done" : entry.kind === "list" ? "list" : null, (kind) => {
        status.replaceChildren(...(kind === "done" ? [icon("check", { size: 12 })] : kind === "list" ? [icon("flag", { size: 12 })] : []));
      });
      setText(listName, entry.kind === "list" ? "Checklist due" : entry.listTitle);
      const when = entry.allDay ? "All day" : formatTime(entry.due);
      setText(time, overdue ? `${when} · overdue ${overdueSince(entry.due)}` : when);
    },
  };

  function showHabitDay(entry) {
    setClass(link, `agenda-entry habit-entry habit-${entry.state}`);
    setClass(status, "agenda-status habit-mark");
    setAttr(link, "data-list-id", entry.listId);
    setAttr(link, "data-state", entry.state);
    redrawStatus(`habit ${entry.state}`, () => status.replaceChildren(icon(HABIT_ICONS[entry.state], { size: 12 })));
    setText(listName, "Habits");
    setText(time, habitDayText(entry));
  }
}

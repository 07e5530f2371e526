// A month grid or a week of everything due, across all checklists (from the subscribed
// lists' state), with an agenda for the month or week below. Every entry links to its item.
// Days, chips and agenda entries are kept under their keys (a chip's: its item and day) and
// patched in place, so a click on a chip lands on the chip it was aimed at while updates arrive.
import { h, setText, setClass, setAttr, classNames } from "../dom.js";
import { keyedChildren, whenChanged } from "../keyed.js";
import { icon } from "../icons.js";
import { dueDayKey, dueDate, isAllDay, formatTime, isOverdue, localDateKey, hueFor, repeatInWords } from "../format.js";
import { isOccurrence, addDays } from "../habits-math.js";
import { openFeedDialog } from "./feed.js";

const MAX_CHIPS = 3;

export function createCalendarView(app, initialParams) {
  let params = initialParams;
  let selectedDay = null;
  const title = h("h1.page-title#calendar-title");
  const grid = h("div.calendar-grid#calendar-grid", { role: "grid" });
  const agenda = h("div.agenda#calendar-agenda");
  const showDone = h("input#calendar-show-done", { type: "checkbox", checked: true, onchange: () => update() });
  const el = h("section.page.calendar-page",
    h("div.page-header.calendar-header",
      h("div.calendar-heading", title, h("p.page-subtitle#calendar-subtitle")),
      h("div.calendar-controls",
        h("label.toggle", showDone, h("span", "Show done")),
        h("div.segmented", { role: "group", "aria-label": "Calendar range" },
          h("button.segment#calendar-month-mode", { type: "button", onclick: () => go(monthKey(anchorDay())) }, "Month"),
          h("button.segment#calendar-week-mode", { type: "button", onclick: () => goWeek(mondayOf(anchorDay())) }, "Week"),
        ),
        h("div.button-group",
          h("button.icon-button.bordered#calendar-prev", { type: "button", "aria-label": "Previous", onclick: () => shift(-1) }, icon("chevronLeft", { size: 18 })),
          h("button.btn.secondary.small#calendar-today", { type: "button", onclick: () => (isWeek() ? goWeek(mondayOf(new Date())) : go(monthKey(new Date()))) }, "Today"),
          h("button.icon-button.bordered#calendar-next", { type: "button", "aria-label": "Next", onclick: () => shift(1) }, icon("chevronRight", { size: 18 })),
        ),
        h("button.btn.ghost.small#calendar-subscribe", { type: "button", title: "Subscribe to your due dates in a calendar app", onclick: () => openFeedDialog(app) },
          icon("calendar", { size: 15 }), h("span", "Subscribe")),
      ),
    ),
    h("div.card.calendar-card", h("div.calendar-scroll", grid)),
    agenda,
  );

  function month() {
    const m = /^(\d{4})-(\d{2})$/.exec(params.month || "");
    const now = new Date();
    return m ? { year: Number(m[1]), month: Number(m[2]) - 1 } : { year: now.getFullYear(), month: now.getMonth() };
  }

  function monthKey(date) {
    return `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, "0")}`;
  }

  function go(key) {
    selectedDay = null;
    app.navigate(`#/calendar/${key}`);
  }

  function shift(delta) {
    if (isWeek()) return goWeek(addDaysTo(weekStart(), 7 * delta));
    const { year, month: m } = month();
    go(monthKey(new Date(year, m + delta, 1)));
  }

  function isWeek() {
    return Boolean(params.week);
  }

  /** The Monday the week view starts on (from the route, or this week). */
  function weekStart() {
    const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(params.week || "");
    return m ? mondayOf(new Date(Number(m[1]), Number(m[2]) - 1, Number(m[3]))) : mondayOf(new Date());
  }

  /** A day inside what is shown, for switching between month and week. */
  function anchorDay() {
    if (isWeek()) return weekStart();
    const { year, month: m } = month();
    const now = new Date();
    return now.getFullYear() === year && now.getMonth() === m ? now : new Date(year, m, 1);
  }

  function mondayOf(date) {
    return new Date(date.getFullYear(), date.getMonth(), date.getDate() - ((date.getDay() + 6) % 7));
  }

  function addDaysTo(date, days) {
    return new Date(date.getFullYear(), date.getMonth(), date.getDate() + days);
  }

  function goWeek(monday) {
    selectedDay = null;
    app.navigate(`#/calendar/week/${localDateKey(monday)}`);
  }

  /** Every dated thing: items (not cancelled) and checklists themselves; an open repeating
   *  item also on each later day of its rule up to `until` ("YYYY-MM-DD"). */
  function entries(until) {
    const out = [];
    const includeDone = showDone.checked;
    for (const summary of app.store.orderedLists()) {
      if (summary.status === "cancelled") continue;
      const view = app.project(summary.id);
      const hue = hueFor(summary.id);
      if (view.summary.due) {
        out.push({ kind: "list", id: summary.id, listId: summary.id, title: view.summary.title, listTitle: view.summary.title, due: view.summary.due, done: view.summary.status === "completed", hue, pending: view.pendingList });
      }
      for (const item of view.items.values()) {
        if (!item.due || item.status === "cancelled") continue;
        if (item.status === "done" && !includeDone) continue;
        const entry = { kind: "item", id: item.id, listId: summary.id, title: item.title, listTitle: view.summary.title, due: item.due, done: item.status === "done", hue, pending: view.pendingItems.has(item.id) };
        out.push(entry);
        if (item.repeat && item.status === "open" && until) {
          // The due is the next occurrence; the rule counts from it here (the server keeps the true start).
          const first = dueDayKey(item.due);
          for (let day = addDays(first, 1); day <= until; day = addDays(day, 1)) {
            if (!isOccurrence(item.repeat, first, day)) continue;
            out.push({ ...entry, due: shiftDue(item.due, day), repeat: repeatInWords(item.repeat), occurrence: true });
          }
        }
      }
    }
    out.sort((a, b) => (dueDate(a.due) - dueDate(b.due)) || (isAllDay(b.due) - isAllDay(a.due)) || a.title.localeCompare(b.title));
    return out;
  }

  /** The due moved to `day`: a date, or the same local time on that day. */
  function shiftDue(due, day) {
    if (isAllDay(due)) return day;
    const time = dueDate(due);
    const [y, m, d] = day.split("-").map(Number);
    return new Date(y, m - 1, d, time.getHours(), time.getMinutes()).toISOString();
  }

  /** An entry's key: what it is and the day it shows on (each occurrence of a repeating item is its own). */
  function entryKey(entry) {
    return `${entry.kind}:${entry.listId}/${entry.id}@${dueDayKey(entry.due)}`;
  }

  function href(entry) {
    return entry.kind === "list" ? `#/list/${encodeURIComponent(entry.listId)}` : `#/list/${encodeURIComponent(entry.listId)}/item/${encodeURIComponent(entry.id)}`;
  }

  /** Grid parts for the month (weekday names, then the days' cells) and for the week, each
   *  made the first time it shows; switching between them swaps the parts, not the page. */
  let monthParts = null;
  let weekParts = null;

  function showGrid(parts) {
    if (grid.firstChild !== parts.nodes[0]) grid.replaceChildren(...parts.nodes);
  }

  function monthGrid() {
    if (monthParts) return monthParts;
    const weekdayNames = [];
    for (let i = 0; i < 7; i++) {
      const d = new Date(2024, 0, 1 + i); // a Monday
      weekdayNames.push(h("div.cal-weekday", { role: "columnheader" }, h("span.long", d.toLocaleDateString(undefined, { weekday: "short" })), h("span.short", d.toLocaleDateString(undefined, { weekday: "narrow" }))));
    }
    const days = h("div.cal-days");
    const cells = keyedChildren(days, { create: createCell, update: (cell, model) => cell.update(model) });
    monthParts = { nodes: [h("div.cal-weekdays", { role: "row" }, weekdayNames), days], cells };
    return monthParts;
  }

  function weekGrid() {
    if (weekParts) return weekParts;
    const wrap = h("div.week-grid#calendar-week");
    weekParts = { nodes: [wrap], columns: keyedChildren(wrap, { create: createWeekColumn, update: (column, model) => column.update(model) }) };
    return weekParts;
  }

  function update() {
    el.querySelector("#calendar-month-mode").classList.toggle("active", !isWeek());
    el.querySelector("#calendar-week-mode").classList.toggle("active", isWeek());
    el.querySelector("#calendar-month-mode").setAttribute("aria-pressed", String(!isWeek()));
    el.querySelector("#calendar-week-mode").setAttribute("aria-pressed", String(isWeek()));
    if (isWeek()) return updateWeek();
    const { year, month: m } = month();
    const first = new Date(year, m, 1);
    const monthName = first.toLocaleDateString(undefined, { month: "long", year: "numeric" });
    title.textContent = monthName;
    document.title = `${monthName} · Calendar · Checkwire`;
    const gridEnd = new Date(year, m + 1, 6);
    const all = entries(localDateKey(gridEnd));
    const byDay = new Map();
    for (const entry of all) {
      const key = dueDayKey(entry.due);
      if (!byDay.has(key)) byDay.set(key, []);
      byDay.get(key).push(entry);
    }
    const todayKey = localDateKey(new Date());
    const offset = (first.getDay() + 6) % 7; // weeks start on Monday
    const start = new Date(year, m, 1 - offset);
    const daysInMonth = new Date(year, m + 1, 0).getDate();
    const weeks = Math.ceil((offset + daysInMonth) / 7);
    const cells = [];
    let monthCount = 0;
    for (let i = 0; i < weeks * 7; i++) {
      const day = new Date(start.getFullYear(), start.getMonth(), start.getDate() + i);
      const key = localDateKey(day);
      const inMonth = day.getMonth() === m;
      const list = byDay.get(key) || [];
      if (inMonth) monthCount += list.length;
      cells.push({ key, day, inMonth, list, today: key === todayKey, selected: selectedDay === key });
    }
    const parts = monthGrid();
    parts.cells.update(cells);
    showGrid(parts);
    el.querySelector("#calendar-subtitle").textContent = monthCount ? `${monthCount} due this month across your checklists` : "Nothing due this month";
    renderAgenda(all, (date) => date.getFullYear() === year && date.getMonth() === m, todayKey, "month");
  }

  /** One day of the month grid: its button kept (a click or the focus on it survives), its chips kept under their keys. */
  function createCell() {
    let key = null;
    const date = h("span.cal-date");
    const count = h("span.cal-count");
    const button = h("button.cal-day", {
      type: "button",
      onclick: () => { selectedDay = key; update(); agenda.querySelector(`[data-day="${key}"]`)?.scrollIntoView({ behavior: "smooth", block: "nearest" }); },
    }, date);
    const chips = h("div.cal-chips");
    const dots = h("div.cal-dots", { "aria-hidden": "true" });
    const el = h("div.cal-cell", { role: "gridcell" }, button, chips, dots);
    const chipList = keyedChildren(chips, { create: createChipOrMore, update: (chip, model) => chip.update(model) });
    const redrawDots = whenChanged();
    return {
      el,
      update({ key: day, day: dateOf, inMonth, list, today, selected }) {
        key = day;
        const openCount = list.filter((e) => !e.done).length;
        setClass(el, classNames("cal-cell", { outside: !inMonth, today, selected, "has-overdue": list.some((e) => !e.done && isOverdue(e.due)) }));
        setAttr(el, "data-day", key);
        setAttr(button, "aria-label", `${dateOf.toLocaleDateString(undefined, { weekday: "long", month: "long", day: "numeric" })}: ${list.length} due`);
        setText(date, String(dateOf.getDate()));
        if (openCount) {
          setText(count, String(openCount));
          if (count.parentNode !== button) button.append(count);
        } else {
          count.remove();
        }
        const shown = list.slice(0, MAX_CHIPS).map((entry) => ({ key: entryKey(entry), entry }));
        if (list.length > MAX_CHIPS) shown.push({ key: "more", more: list.length - MAX_CHIPS });
        chipList.update(shown);
        redrawDots(list.slice(0, 4).map((e) => [e.done, e.hue]), (marks) => {
          dots.replaceChildren(...marks.map(([done, hue]) => h(`span.cal-dot${done ? ".done" : ""}`, { style: { "--hue": hue } })));
        });
      },
    };
  }

  function createChipOrMore(model) {
    if (!model.more) return createChip();
    const el = h("span.cal-more");
    return { el, update({ more }) { setText(el, `+${more} more`); } };
  }

  /** One entry's chip (one occurrence of it: the key has its day): the link kept and patched. */
  function createChip() {
    let marker = null;
    const text = h("span.cal-chip-text");
    const el = h("a.cal-chip", text);
    const redrawMarker = whenChanged();
    return {
      el,
      update({ entry }) {
        const overdue = !entry.done && isOverdue(entry.due);
        setClass(el, classNames("cal-chip", { done: entry.done, overdue, list: entry.kind === "list" }));
        setAttr(el, "href", href(entry));
        setAttr(el, "title", `${entry.title} — ${entry.listTitle}`);
        setAttr(el, "data-item-id", entry.kind === "item" ? entry.id : null);
        el.style.setProperty("--hue", entry.hue);
        redrawMarker(entry.kind === "list" ? "list" : entry.occurrence ? "repeat" : "dot", (kind) => {
          const next = kind === "list" ? icon("flag", { size: 11 }) : kind === "repeat" ? icon("refresh", { size: 10 }) : h("span.cal-dot");
          if (marker) marker.replaceWith(next);
          else el.prepend(next);
          marker = next;
        });
        setText(text, isAllDay(entry.due) ? entry.title : `${formatTime(dueDate(entry.due))} ${entry.title}`);
      },
    };
  }

  /** Seven columns, Monday first, every entry of each day (all-day ones first). */
  function updateWeek() {
    const monday = weekStart();
    const sunday = addDaysTo(monday, 6);
    const format = new Intl.DateTimeFormat(undefined, { month: "long", day: "numeric", year: "numeric" });
    const label = format.formatRange ? format.formatRange(monday, sunday) : `${format.format(monday)} – ${format.format(sunday)}`;
    title.textContent = `Week of ${label}`;
    document.title = `Week of ${label} · Calendar · Checkwire`;
    const all = entries(localDateKey(sunday));
    const todayKey = localDateKey(new Date());
    const columns = [];
    let count = 0;
    for (let i = 0; i < 7; i++) {
      const day = addDaysTo(monday, i);
      const key = localDateKey(day);
      const list = all.filter((e) => dueDayKey(e.due) === key);
      count += list.length;
      columns.push({ key, day, list, today: key === todayKey });
    }
    const parts = weekGrid();
    parts.columns.update(columns);
    showGrid(parts);
    el.querySelector("#calendar-subtitle").textContent = count ? `${count} due this week across your checklists` : "Nothing due this week";
    const mondayKey = localDateKey(monday);
    const sundayKey = localDateKey(sunday);
    renderAgenda(all, (date) => { const key = localDateKey(date); return key >= mondayKey && key <= sundayKey; }, todayKey, "week");
  }

  /** One day of the week view: its heading patched, every chip kept under its key (or a dash when none). */
  function createWeekColumn() {
    const weekday = h("span.week-weekday");
    const date = h("span.week-date");
    const chips = h("div.week-chips");
    const none = h("p.week-empty.muted", "—");
    const el = h("div.week-day", { role: "gridcell" }, h("div.week-day-head", weekday, date), none);
    const chipList = keyedChildren(chips, { create: createChip, update: (chip, model) => chip.update(model) });
    return {
      el,
      update({ key, day, list, today }) {
        setClass(el, classNames("week-day", { today }));
        setAttr(el, "data-day", key);
        setText(weekday, day.toLocaleDateString(undefined, { weekday: "short" }));
        setText(date, String(day.getDate()));
        chipList.update(list.map((entry) => ({ key: entryKey(entry), entry })));
        const body = list.length ? chips : none;
        if (body.parentNode !== el) (list.length ? none : chips).replaceWith(body);
      },
    };
  }

  let agendaShown = null; // "days", or the empty state's range ("month", "week")
  const agendaDays = h("div.card.agenda-card");
  const agendaHeading = h("h2.section-title", h("div.section-heading", h("span", "Agenda")));
  const agendaSections = keyedChildren(agendaDays, { create: createAgendaDay, update: (day, model) => day.update(model) });

  function renderAgenda(all, inRange, todayKey, rangeName) {
    const days = new Map();
    for (const entry of all) {
      const date = dueDate(entry.due);
      if (!inRange(date)) continue;
      const key = dueDayKey(entry.due);
      if (!days.has(key)) days.set(key, []);
      days.get(key).push(entry);
    }
    if (!days.size) {
      agendaSections.clear();
      if (agendaShown !== rangeName) {
        agendaShown = rangeName;
        agenda.replaceChildren(h("div.agenda-empty", icon("calendar", { size: 28 }), h("p", `No due dates this ${rangeName}. Give items a due date and they show up here.`)));
      }
      return;
    }
    agendaSections.update([...days.entries()].map(([key, list]) => ({ key, list, today: key === todayKey, selected: key === selectedDay })));
    if (agendaShown !== "days") {
      agendaShown = "days";
      agenda.replaceChildren(agendaHeading, agendaDays);
    }
  }

  /** One day of the agenda: its heading patched, its entries kept under their keys. */
  function createAgendaDay() {
    const dayNumber = h("span.agenda-daynum");
    const weekday = h("span");
    const monthDay = h("span.muted");
    const list = h("ul.agenda-list");
    const el = h("section.agenda-day", h("h3.agenda-date", dayNumber, h("span.agenda-date-text", weekday, monthDay)), list);
    const entryList = keyedChildren(list, { create: createAgendaEntry, update: (entry, model) => entry.update(model) });
    return {
      el,
      update({ key, list: dayEntries, today, selected }) {
        const [y, mo, d] = key.split("-").map(Number);
        const date = new Date(y, mo - 1, d);
        setClass(el, classNames("agenda-day", { today, selected }));
        setAttr(el, "data-day", key);
        setText(dayNumber, String(d));
        setText(weekday, today ? "Today" : date.toLocaleDateString(undefined, { weekday: "long" }));
        setText(monthDay, date.toLocaleDateString(undefined, { month: "long", day: "numeric" }));
        entryList.update(dayEntries.map((entry) => ({ key: entryKey(entry), entry })));
      },
    };
  }

  function createAgendaEntry() {
    const status = h("span.agenda-status");
    const entryTitle = h("span.agenda-title");
    const listName = h("span.agenda-list");
    const time = h("span.agenda-time");
    const link = h("a.agenda-entry", status, entryTitle, listName, time);
    const redrawStatus = whenChanged();
    return {
      el: h("li", link),
      update({ entry }) {
        const overdue = !entry.done && isOverdue(entry.due);
        setClass(link, classNames("agenda-entry", { done: entry.done, overdue }));
        setAttr(link, "href", href(entry));
        setAttr(link, "data-item-id", entry.kind === "item" ? entry.id : null);
        link.style.setProperty("--hue", entry.hue);
        redrawStatus(entry.done ? "done" : entry.kind === "list" ? "list" : null, (kind) => {
          status.replaceChildren(...(kind === "done" ? [icon("check", { size: 12 })] : kind === "list" ? [icon("flag", { size: 12 })] : []));
        });
        setText(entryTitle, entry.title);
        setText(listName, entry.kind === "list" ? "Checklist due" : entry.listTitle);
        setText(time, isAllDay(entry.due) ? "All day" : formatTime(dueDate(entry.due)));
      },
    };
  }

  return {
    el,
    update,
    setParams(next) { params = next; },
    destroy() {},
  };
}

// The calendar: a month grid or a week of everything due across the checklists (from the
// subscribed lists' state), with an agenda for the month or week below; habit checklists as
// their day's check-in state (or hidden). Every day is the person's, in their time zone
// (format.js's display zone), whatever zone the browser is in; the parts are components that
// keep their elements (grids.js, chips.js, agenda.js).
import { h } from "../../dom.js";
import { icon } from "../../icons.js";
import { hueFor, todayKey, displayZone, formatDayKey } from "../../format.js";
import { addDays, addMonths, mondayOf, monthLength, isoWeekday } from "../../zone.js";
import { openFeedDialog } from "../feed.js";
import { taskEntries, habitEntries } from "./entries.js";
import { createMonthGrid, createWeekGrid } from "./grids.js";
import { createAgenda } from "./agenda.js";
import { createHabitHistory } from "./habit-history.js";

const HABITS_KEY = "checkwire.calendar.habits";

export function createCalendarView(app, initialParams) {
  let params = initialParams;
  let selectedDay = null;
  const title = h("h1.page-title#calendar-title");
  const subtitle = h("p.page-subtitle#calendar-subtitle");
  const grid = h("div.calendar-grid#calendar-grid", { role: "grid" });
  const agenda = createAgenda();
  const controls = createControls(app, {
    update: () => update(),
    month: () => goMonth(anchorDay().slice(0, 7)),
    week: () => goWeek(mondayOf(anchorDay())),
    today: () => (isWeek() ? goWeek(mondayOf(todayKey())) : goMonth(todayKey().slice(0, 7))),
    shift,
  });
  const el = h("section.page.calendar-page",
    h("div.page-header.calendar-header", h("div.calendar-heading", title, subtitle), controls.el),
    h("div.card.calendar-card", h("div.calendar-scroll", grid)),
    agenda.el,
  );
  let month = null;
  let week = null;
  const history = createHabitHistory(app, () => update());

  function isWeek() { return Boolean(params.week); }

  /** "YYYY-MM" shown (from the route, or this month). */
  function shownMonth() {
    return /^\d{4}-\d{2}$/.test(params.month || "") ? params.month : todayKey().slice(0, 7);
  }

  /** The Monday the week view starts on (any day of the week in the route, or this week). */
  function weekStart() {
    return mondayOf(/^\d{4}-\d{2}-\d{2}$/.test(params.week || "") ? params.week : todayKey());
  }

  /** A day inside what is shown, for switching between month and week. */
  function anchorDay() {
    if (isWeek()) return weekStart();
    const today = todayKey();
    return today.startsWith(shownMonth()) ? today : `${shownMonth()}-01`;
  }

  function goMonth(key) {
    selectedDay = null;
    app.navigate(`#/calendar/${key}`);
  }

  function goWeek(monday) {
    selectedDay = null;
    app.navigate(`#/calendar/week/${monday}`);
  }

  function shift(delta) {
    if (isWeek()) goWeek(addDays(weekStart(), 7 * delta));
    else goMonth(addMonths(shownMonth(), delta));
  }

  function select(day) {
    selectedDay = day;
    update();
    agenda.el.querySelector(`[data-day="${day}"]`)?.scrollIntoView({ behavior: "smooth", block: "nearest" });
  }

  /** Tasks and habit days from `from` to `to`, grouped by day. */
  function entriesByDay(from, to) {
    const hueOf = (id) => hueFor(id);
    const lists = app.store.orderedLists().map((summary) => ({ summary, view: app.project(summary.id) }));
    const tasks = taskEntries({ lists, from, to, zone: displayZone(), showDone: controls.showDone.checked, hueOf, today: todayKey() });
    const habitSummaries = controls.showHabits.checked ? lists.filter(({ summary }) => summary.kind === "habits" && summary.status !== "cancelled") : [];
    history.want(habitSummaries.map(({ summary }) => summary), from, to < todayKey() ? to : todayKey());
    const habits = habitEntries({ habitLists: habitSummaries.map((l) => ({ ...l, rows: history.rows(l.summary.id) })), from, to, now: new Date(), hueOf });
    const byDay = new Map();
    for (const entry of [...tasks, ...habits]) { // a day's tasks first, then its habit checklists
      if (!byDay.has(entry.day)) byDay.set(entry.day, []);
      byDay.get(entry.day).push(entry);
    }
    return { byDay, taskCount: (inRange) => tasks.filter((e) => inRange(e.day)).length };
  }

  function showGrid(nodes) {
    if (grid.firstChild !== nodes[0]) grid.replaceChildren(...nodes);
  }

  function updateMonth() {
    const shown = shownMonth();
    const first = `${shown}-01`;
    const last = `${shown}-${String(monthLength(shown)).padStart(2, "0")}`;
    const start = addDays(first, 1 - isoWeekday(first));
    const weeks = Math.ceil((isoWeekday(first) - 1 + monthLength(shown)) / 7);
    const end = addDays(start, weeks * 7 - 1);
    const name = formatDayKey(first, { month: "long", year: "numeric" });
    title.textContent = name;
    document.title = `${name} · Calendar · Checkwire`;
    const { byDay, taskCount } = entriesByDay(start, end);
    const today = todayKey();
    const cells = [];
    for (let day = start; day <= end; day = addDays(day, 1)) {
      cells.push({ key: day, day, inMonth: day.startsWith(shown), entries: byDay.get(day) || [], today: day === today, selected: selectedDay === day });
    }
    month ??= createMonthGrid({ onSelect: select });
    month.update(cells);
    showGrid(month.nodes);
    const count = taskCount((day) => day >= first && day <= last);
    subtitle.textContent = count ? `${count} due this month across your checklists` : "Nothing due this month";
    updateAgenda(byDay, first, last, today, "month");
  }

  function updateWeek() {
    const monday = weekStart();
    const sunday = addDays(monday, 6);
    const label = `${formatDayKey(monday, { month: "long", day: "numeric" })} – ${formatDayKey(sunday, { month: "long", day: "numeric", year: "numeric" })}`;
    title.textContent = `Week of ${label}`;
    document.title = `Week of ${label} · Calendar · Checkwire`;
    const { byDay, taskCount } = entriesByDay(monday, sunday);
    const today = todayKey();
    const columns = [];
    for (let day = monday; day <= sunday; day = addDays(day, 1)) columns.push({ key: day, day, entries: byDay.get(day) || [], today: day === today });
    week ??= createWeekGrid();
    week.update(columns);
    showGrid(week.nodes);
    const count = taskCount(() => true);
    subtitle.textContent = count ? `${count} due this week across your checklists` : "Nothing due this week";
    updateAgenda(byDay, monday, sunday, today, "week");
  }

  /** The agenda lists tasks; habit checklists only on today (the grid shows their other days). */
  function updateAgenda(byDay, from, to, today, rangeName) {
    const listed = (day) => byDay.get(day).filter((entry) => entry.kind !== "habits" || day === today);
    const days = [...byDay.keys()].filter((day) => day >= from && day <= to && listed(day).length).sort();
    agenda.update(days.map((day) => ({ key: day, day, entries: listed(day), today: day === today, selected: day === selectedDay })), rangeName);
  }

  function update() {
    controls.showMode(isWeek() ? "week" : "month");
    if (isWeek()) updateWeek();
    else updateMonth();
  }

  return {
    el,
    update,
    setParams(next) { params = next; },
    destroy() {},
  };
}

/** The calendar's controls: Show done, Habits, Month/Week, previous/today/next, Subscribe. */
function createControls(app, on) {
  const showDone = h("input#calendar-show-done", { type: "checkbox", checked: true, onchange: on.update });
  const showHabits = h("input#calendar-show-habits", { type: "checkbox", checked: readHabitsChoice(), onchange: () => { saveHabitsChoice(showHabits.checked); on.update(); } });
  const modes = {
    month: h("button.segment#calendar-month-mode", { type: "button", onclick: on.month }, "Month"),
    week: h("button.segment#calendar-week-mode", { type: "button", onclick: on.week }, "Week"),
  };
  const el = h("div.calendar-controls",
    h("label.toggle", showDone, h("span", "Show done")),
    h("label.toggle", { title: "Show each habit checklist's day: what you checked in" }, showHabits, h("span", "Habits")),
    h("div.segmented", { role: "group", "aria-label": "Calendar range" }, modes.month, modes.week),
    h("div.button-group",
      h("button.icon-button.bordered#calendar-prev", { type: "button", "aria-label": "Previous", onclick: () => on.shift(-1) }, icon("chevronLeft", { size: 18 })),
      h("button.btn.secondary.small#calendar-today", { type: "button", onclick: on.today }, "Today"),
      h("button.icon-button.bordered#calendar-next", { type: "button", "aria-label": "Next", onclick: () => on.shift(1) }, icon("chevronRight", { size: 18 })),
    ),
    h("button.btn.ghost.small#calendar-subscribe", { type: "button", title: "Subscribe to your due dates in a calendar app", onclick: () => openFeedDialog(app) },
      icon("calendar", { size: 15 }), h("span", "Subscribe")),
  );
  return {
    el, showDone, showHabits,
    showMode(mode) {
      for (const [name, button] of Object.entries(modes)) {
        button.classList.toggle("active", name === mode);
        button.setAttribute("aria-pressed", String(name === mode));
      }
    },
  };
}

function readHabitsChoice() {
  try {
    return localStorage.getItem(HABITS_KEY) !== "hidden";
  } catch {
    return true;
  }
}

function saveHabitsChoice(shown) {
  try {
    localStorage.setItem(HABITS_KEY, shown ? "shown" : "hidden");
  } catch {
    // The choice lasts for this page only.
  }
}

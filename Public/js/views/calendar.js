// A month grid or a week of everything due, across all checklists (from the subscribed
// lists' state), with an agenda for the month or week below. Every entry links to its item.
import { h, replaceChildrenPreservingFocus } from "../dom.js";
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

  function href(entry) {
    return entry.kind === "list" ? `#/list/${encodeURIComponent(entry.listId)}` : `#/list/${encodeURIComponent(entry.listId)}/item/${encodeURIComponent(entry.id)}`;
  }

  function chip(entry) {
    const overdue = !entry.done && isOverdue(entry.due);
    return h(`a.cal-chip${entry.done ? ".done" : ""}${overdue ? ".overdue" : ""}${entry.kind === "list" ? ".list" : ""}`, {
      href: href(entry), style: { "--hue": entry.hue }, title: `${entry.title} — ${entry.listTitle}`, "data-item-id": entry.kind === "item" ? entry.id : null,
    }, entry.kind === "list" ? icon("flag", { size: 11 }) : entry.occurrence ? icon("refresh", { size: 10 }) : h("span.cal-dot"),
    h("span.cal-chip-text", isAllDay(entry.due) ? entry.title : `${formatTime(dueDate(entry.due))} ${entry.title}`));
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
    const weekdayNames = [];
    for (let i = 0; i < 7; i++) {
      const d = new Date(2024, 0, 1 + i); // a Monday
      weekdayNames.push(h("div.cal-weekday", { role: "columnheader" }, h("span.long", d.toLocaleDateString(undefined, { weekday: "short" })), h("span.short", d.toLocaleDateString(undefined, { weekday: "narrow" }))));
    }
    let monthCount = 0;
    for (let i = 0; i < weeks * 7; i++) {
      const day = new Date(start.getFullYear(), start.getMonth(), start.getDate() + i);
      const key = localDateKey(day);
      const inMonth = day.getMonth() === m;
      const list = byDay.get(key) || [];
      if (inMonth) monthCount += list.length;
      const openCount = list.filter((e) => !e.done).length;
      cells.push(h(`div.cal-cell${inMonth ? "" : ".outside"}${key === todayKey ? ".today" : ""}${selectedDay === key ? ".selected" : ""}${list.some((e) => !e.done && isOverdue(e.due)) ? ".has-overdue" : ""}`, {
        role: "gridcell", "data-day": key,
      },
      h("button.cal-day", {
        type: "button", "aria-label": `${day.toLocaleDateString(undefined, { weekday: "long", month: "long", day: "numeric" })}: ${list.length} due`,
        "data-focus-key": `day-${key}`,
        onclick: () => { selectedDay = key; update(); agenda.querySelector(`[data-day="${key}"]`)?.scrollIntoView({ behavior: "smooth", block: "nearest" }); },
      }, h("span.cal-date", String(day.getDate())), openCount ? h("span.cal-count", String(openCount)) : null),
      h("div.cal-chips", list.slice(0, MAX_CHIPS).map(chip), list.length > MAX_CHIPS ? h("span.cal-more", `+${list.length - MAX_CHIPS} more`) : null),
      h("div.cal-dots", { "aria-hidden": "true" }, list.slice(0, 4).map((e) => h(`span.cal-dot${e.done ? ".done" : ""}`, { style: { "--hue": e.hue } }))),
      ));
    }
    replaceChildrenPreservingFocus(grid, h("div.cal-weekdays", { role: "row" }, weekdayNames), h("div.cal-days", cells));
    el.querySelector("#calendar-subtitle").textContent = monthCount ? `${monthCount} due this month across your checklists` : "Nothing due this month";
    renderAgenda(all, (date) => date.getFullYear() === year && date.getMonth() === m, todayKey, "month");
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
      columns.push(h(`div.week-day${key === todayKey ? ".today" : ""}`, { role: "gridcell", "data-day": key },
        h("div.week-day-head",
          h("span.week-weekday", day.toLocaleDateString(undefined, { weekday: "short" })),
          h("span.week-date", String(day.getDate()))),
        list.length ? h("div.week-chips", list.map(chip)) : h("p.week-empty.muted", "—"),
      ));
    }
    replaceChildrenPreservingFocus(grid, h("div.week-grid#calendar-week", columns));
    el.querySelector("#calendar-subtitle").textContent = count ? `${count} due this week across your checklists` : "Nothing due this week";
    const mondayKey = localDateKey(monday);
    const sundayKey = localDateKey(sunday);
    renderAgenda(all, (date) => { const key = localDateKey(date); return key >= mondayKey && key <= sundayKey; }, todayKey, "week");
  }

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
      replaceChildrenPreservingFocus(agenda, h("div.agenda-empty", icon("calendar", { size: 28 }), h("p", `No due dates this ${rangeName}. Give items a due date and they show up here.`)));
      return;
    }
    replaceChildrenPreservingFocus(agenda, h("h2.section-title", h("div.section-heading", h("span", "Agenda"))),
      h("div.card.agenda-card", [...days.entries()].map(([key, list]) => {
        const [y, mo, d] = key.split("-").map(Number);
        const date = new Date(y, mo - 1, d);
        return h(`section.agenda-day${key === todayKey ? ".today" : ""}${key === selectedDay ? ".selected" : ""}`, { "data-day": key },
          h("h3.agenda-date", h("span.agenda-daynum", String(d)),
            h("span.agenda-date-text", h("span", key === todayKey ? "Today" : date.toLocaleDateString(undefined, { weekday: "long" })),
              h("span.muted", date.toLocaleDateString(undefined, { month: "long", day: "numeric" })))),
          h("ul.agenda-list", list.map((entry) => {
            const overdue = !entry.done && isOverdue(entry.due);
            return h("li", h(`a.agenda-entry${entry.done ? ".done" : ""}${overdue ? ".overdue" : ""}`, { href: href(entry), style: { "--hue": entry.hue }, "data-item-id": entry.kind === "item" ? entry.id : null },
              h("span.agenda-status", entry.done ? icon("check", { size: 12 }) : entry.kind === "list" ? icon("flag", { size: 12 }) : null),
              h("span.agenda-title", entry.title),
              h("span.agenda-list", entry.kind === "list" ? "Checklist due" : entry.listTitle),
              h("span.agenda-time", isAllDay(entry.due) ? "All day" : formatTime(dueDate(entry.due))),
            ));
          })),
        );
      })),
    );
  }

  return {
    el,
    update,
    setParams(next) { params = next; },
    destroy() {},
  };
}

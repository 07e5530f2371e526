// A month grid of everything due, across all checklists (from the subscribed lists' state),
// with an agenda for the month below. Every entry links to its item.
import { h, replaceChildrenPreservingFocus } from "../dom.js";
import { icon } from "../icons.js";
import { dueDayKey, dueDate, isAllDay, formatTime, isOverdue, localDateKey, hueFor, repeatInWords } from "../format.js";
import { isOccurrence, addDays } from "../habits-math.js";

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
        h("div.button-group",
          h("button.icon-button.bordered#calendar-prev", { type: "button", "aria-label": "Previous month", onclick: () => shift(-1) }, icon("chevronLeft", { size: 18 })),
          h("button.btn.secondary.small#calendar-today", { type: "button", onclick: () => go(monthKey(new Date())) }, "Today"),
          h("button.icon-button.bordered#calendar-next", { type: "button", "aria-label": "Next month", onclick: () => shift(1) }, icon("chevronRight", { size: 18 })),
        ),
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
    const { year, month: m } = month();
    go(monthKey(new Date(year, m + delta, 1)));
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
    renderAgenda(all, year, m, todayKey);
  }

  function renderAgenda(all, year, m, todayKey) {
    const days = new Map();
    for (const entry of all) {
      const date = dueDate(entry.due);
      if (date.getFullYear() !== year || date.getMonth() !== m) continue;
      const key = dueDayKey(entry.due);
      if (!days.has(key)) days.set(key, []);
      days.get(key).push(entry);
    }
    if (!days.size) {
      replaceChildrenPreservingFocus(agenda, h("div.agenda-empty", icon("calendar", { size: 28 }), h("p", "No due dates this month. Give items a due date and they show up here.")));
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

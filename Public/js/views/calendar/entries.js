// What the calendar shows, worked out without a DOM (Node's test runner checks it): every
// dated thing across the checklists from one day to another, on the days the person sees
// them, and each habit checklist's check-in state per day.
//
// Days are the display zone's (the person's): a date-only due is its own day; a date-time
// falls on its date there. A repeating item's next occurrences are found in its checklist's
// zone and keep their wall time there (10:00 in New York stays 10:00 across the spring
// change), exactly as the server's `agenda` and calendar feed place them.
import { isOccurrence } from "../../habits-math.js";
import { addDays, dayIn, dueDayIn, dueOnDay, isDateOnly } from "../../zone.js";

// An occurrence search gives up this many days past the range's end (a rule always has one in
// 31 × 12 days; a far-past due of a daily item walks up to the range first).
const MAX_STEPS = 800;

/**
 * @param lists [{ summary, view }]: each checklist's summary and its projected state (app.project)
 * @param from, to the first and last day shown ("YYYY-MM-DD", the display zone's)
 * @param zone the display zone
 * @param showDone whether done items are shown
 * @param today the display zone's today: a repeating item's later occurrences show from it on
 *   (the past ones are not tasks of their own; the item is overdue at its current due)
 * @returns entries sorted by day, all-day first, then time and title:
 *   { key, kind: "item"|"list", listId, id, title, listTitle, due, day, allDay, done, hue, pending, repeat, occurrence }
 */
export function taskEntries({ lists, from, to, zone, showDone, hueOf, today = "" }) {
  const out = [];
  const add = (entry) => {
    const day = dueDayIn(entry.due, zone);
    if (day < from || day > to || (entry.occurrence && day < today)) return;
    out.push({ ...entry, day, allDay: isDateOnly(entry.due), key: `${entry.kind}:${entry.listId}/${entry.id}@${day}` });
  };
  for (const { summary, view } of lists) {
    if (summary.status === "cancelled" || summary.kind === "habits") continue;
    const base = { listId: summary.id, listTitle: view.summary.title, hue: hueOf(summary.id) };
    if (view.summary.due) {
      add({ ...base, kind: "list", id: summary.id, title: view.summary.title, due: view.summary.due, done: view.summary.status === "completed", pending: view.pendingList });
    }
    for (const item of view.items.values()) {
      if (!item.due || item.status === "cancelled") continue;
      if (item.status === "done" && !showDone) continue;
      const entry = { ...base, kind: "item", id: item.id, title: item.title, due: item.due, done: item.status === "done", pending: view.pendingItems.has(item.id), repeat: item.repeat || null, occurrence: false };
      add(entry);
      if (item.repeat && item.status === "open") {
        for (const due of laterOccurrences(item, summary.tz || "UTC", to, zone)) add({ ...entry, due, occurrence: true });
      }
    }
  }
  return out.sort(compareEntries);
}

/**
 * The dues of a repeating item's occurrences after its current one, up to the last that
 * falls on or before `to` in the display zone. The rule counts from the current due (always
 * an occurrence; the server keeps the true start, which gives the same days).
 */
export function laterOccurrences(item, listZone, to, zone) {
  const start = dueDayIn(item.due, listZone);
  const dues = [];
  let day = start;
  for (let step = 0; step < MAX_STEPS; step += 1) {
    day = addDays(day, 1);
    if (!isOccurrence(item.repeat, start, day)) continue;
    const due = dueOnDay(item.due, day, listZone);
    // A day later in the display zone than in the checklist's, at most.
    if (dueDayIn(due, zone) > to) break;
    dues.push(due);
  }
  return dues;
}

function compareEntries(a, b) {
  if (a.day !== b.day) return a.day < b.day ? -1 : 1;
  if (a.allDay !== b.allDay) return a.allDay ? -1 : 1;
  if (!a.allDay && a.due !== b.due) return Date.parse(a.due) - Date.parse(b.due);
  return a.title.localeCompare(b.title);
}

/**
 * Each habit checklist's day, as what it is: how many of its habits were due that day and
 * how many this person checked in as done or skipped, or missed — never an overdue task.
 * Days are the checklist's own (a habit day is a date in its zone). Past days show only once
 * their history is known and the person had something due (their start on the habits).
 * @param habitLists [{ summary, view, rows }]: rows are this person's `history` rows, or null before they load
 * @returns [{ key, kind: "habits", listId, title, day, due, done, skipped, missed, state, hue }] sorted by day,
 *   `state` "done" | "skipped" | "partial" | "missed" | "open" (today, not all checked in) | "upcoming"
 */
export function habitEntries({ habitLists, from, to, now, hueOf }) {
  const out = [];
  for (const { summary, view, rows } of habitLists) {
    if (summary.status === "cancelled") continue;
    const zone = summary.tz || "UTC";
    const today = dayIn(now, zone);
    const habits = [...view.items.values()].filter((item) => item.status !== "cancelled" && item.repeat && item.due);
    const byDay = new Map();
    for (const row of rows || []) {
      if (!byDay.has(row.date)) byDay.set(row.date, []);
      byDay.get(row.date).push(row.value);
    }
    for (let day = from; day <= to; day = addDays(day, 1)) {
      const values = byDay.get(day) || [];
      // A past day counts what the history lists for it (every habit due from the person's
      // start on it); today and later, every habit due.
      const due = day < today ? values.length : habits.filter((item) => isOccurrence(item.repeat, dueDayIn(item.due, zone), day)).length;
      if (!due) continue; // nothing due, before their start, or not loaded yet
      const done = values.filter((v) => v === "done").length;
      const skipped = values.filter((v) => v === "skipped").length;
      const missed = values.filter((v) => v === "missed").length;
      out.push({
        key: `habits:${summary.id}@${day}`, kind: "habits", listId: summary.id, title: view.summary.title, hue: hueOf(summary.id),
        day, due, done, skipped, missed, state: habitState(day, today, due, done, skipped, missed),
      });
    }
  }
  return out.sort((a, b) => (a.day < b.day ? -1 : a.day > b.day ? 1 : a.title.localeCompare(b.title)));
}

function habitState(day, today, due, done, skipped, missed) {
  if (day > today) return "upcoming";
  if (done + skipped >= due) return done ? "done" : "skipped";
  if (day === today) return "open";
  return missed >= due ? "missed" : "partial";
}

/** A habit day in words: "2 of 3 done", "all skipped", "missed", "3 habits" (upcoming). */
export function habitDayText(entry) {
  switch (entry.state) {
    case "upcoming": return entry.due === 1 ? "1 habit" : `${entry.due} habits`;
    case "skipped": return "skipped";
    case "missed": return "missed";
    case "done": return entry.due === 1 ? "done" : `all ${entry.due} done`;
    default: return `${entry.done + entry.skipped} of ${entry.due} done`;
  }
}

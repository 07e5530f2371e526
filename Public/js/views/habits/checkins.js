// The check-ins a habit view shows, worked out without a DOM (Node's test runner checks it):
// the server's `history` rows with this person's own pending check-ins laid over them, so a
// tap shows at once, and the days each habit is due.
import { isOccurrence } from "../../habits-math.js";
import { dueDayIn, addDays, daysBetween } from "../../zone.js";

/**
 * `rows`: history rows ({ date, user, item, value }); `pending`: outbox entries of the list.
 * Returns the rows with `me`'s pending check-ins applied: a value replaces the day's row (or
 * adds one), `null` makes a past day "missed" again and takes today's away.
 */
export function withPending(rows, pending, me, today) {
  const out = new Map(rows.map((row) => [`${row.user}|${row.item}|${row.date}`, row]));
  for (const entry of pending) {
    const op = entry.message;
    if (op.op !== "checkIn") continue;
    const key = `${me}|${op.item}|${op.date}`;
    if (op.value) out.set(key, { date: op.date, user: me, item: op.item, value: op.value });
    else if (op.date < today) out.set(key, { date: op.date, user: me, item: op.item, value: "missed" });
    else out.delete(key);
  }
  return [...out.values()];
}

/** The habit's first day, in its checklist's zone. */
export function firstDay(item, zone) {
  return item.due ? dueDayIn(item.due, zone) : null;
}

/** Whether the habit is due on `day` (a day of its checklist's zone). */
export function isDueOn(item, day, zone) {
  const start = firstDay(item, zone);
  return Boolean(start && item.repeat) && isOccurrence(item.repeat, start, day);
}

/**
 * The cells of the "last days" grid for one habit: the `count` days before today, each
 * `{ day, due, value }` where `value` is this person's "done" | "skipped" | "missed", or null
 * on a day it was due before their start (nothing was asked of them then; a check-in there
 * moves their start back). `due` is false for days it was not due, or before it began.
 */
export function pastDays(item, myRows, today, zone, count) {
  const rows = myRows.filter((row) => row.item === item.id);
  const values = new Map(rows.map((row) => [row.date, row.value]));
  // The server lists every scheduled day from the person's start: the earliest row is it.
  const personStart = rows.reduce((earliest, row) => (row.date < earliest ? row.date : earliest), today);
  const start = firstDay(item, zone);
  const cells = [];
  for (let i = count; i >= 1; i -= 1) {
    const day = addDays(today, -i);
    const due = Boolean(start) && day >= start && isDueOn(item, day, zone);
    cells.push({ day, due, value: due ? values.get(day) ?? (day >= personStart ? "missed" : null) : null });
  }
  return cells;
}

/** What a tap on a past day's cell sets: missed → done → skipped → (undone) missed. */
export function nextValue(value) {
  return value === "done" ? "skipped" : value === "skipped" ? null : "done";
}

/**
 * Progress toward the checklist's goal: `{ day, of }` where `day` counts from this person's
 * first day with something due (their earliest history row) to today, or null without a goal.
 */
export function goalProgress(goal, myRows, today) {
  if (!goal) return null;
  const first = myRows.reduce((earliest, row) => (row.date < earliest ? row.date : earliest), today);
  return { day: daysBetween(first, today) + 1, of: goal };
}

/**
 * One person's days from `from` to `to` for the coach's strip, each told apart at a glance:
 * "done" (everything due done, or done and skipped), "skipped" (everything skipped),
 * "partial" (some missed, some kept), "missed" (all missed), "none" (nothing was due), with
 * the counts in words for its tooltip.
 */
export function coachDays(rows, user, from, to) {
  const byDay = new Map();
  for (const row of rows) {
    if (row.user !== user || row.date < from || row.date > to) continue;
    if (!byDay.has(row.date)) byDay.set(row.date, { done: 0, skipped: 0, missed: 0 });
    byDay.get(row.date)[row.value] += 1;
  }
  const days = [];
  for (let day = from; day <= to; day = addDays(day, 1)) {
    const c = byDay.get(day);
    if (!c) { days.push({ day, state: "none", text: "nothing due" }); continue; }
    const state = c.missed && (c.done || c.skipped) ? "partial" : c.missed ? "missed" : c.done ? "done" : "skipped";
    const text = [c.done && `${c.done} done`, c.skipped && `${c.skipped} skipped`, c.missed && `${c.missed} missed`].filter(Boolean).join(", ");
    days.push({ day, state, text });
  }
  return days;
}

// Habit arithmetic the habit view draws with, from a `history` reply: the score over time
// (the contract's per-item strength, m = 0.5^(√f/13), averaged over the items) and the share
// of what was due that each person kept per day. Pure, so Node can test it.
import { dayIn, addDays } from "./zone.js";

/** Occurrences per day of a rule (the contract's `f`): 1 daily, 3/7 for three weekdays. */
export function occurrencesPerDay(rule) {
  const parts = Object.fromEntries((rule || "FREQ=DAILY").split(";").map((part) => part.split("=")));
  const interval = Number(parts.INTERVAL || 1);
  if (parts.FREQ === "WEEKLY") return (parts.BYDAY ? parts.BYDAY.split(",").length : 1) / (7 * interval);
  if (parts.FREQ === "MONTHLY") return 12 / 365.25 / interval;
  return 1 / interval;
}

/** "YYYY-MM-DD" of `date` in an IANA zone. */
export function localDay(date, zone) {
  return dayIn(date, zone || "UTC");
}

export { addDays };

/**
 * One person's score at the end of each day from `from` to `to`, given their history rows
 * ({date, item, value}) and the items ({id, repeat}). A day's check-in moves the item's score
 * toward 1 (done, skipped) or 0 (missed); days without a row for an item leave it as it was.
 */
export function scoreSeries(rows, items, from, to) {
  const decay = new Map(items.map((item) => [item.id, Math.pow(0.5, Math.sqrt(occurrencesPerDay(item.repeat)) / 13)]));
  const scores = new Map(items.map((item) => [item.id, 0]));
  const byDay = new Map();
  for (const row of rows) {
    if (!byDay.has(row.date)) byDay.set(row.date, []);
    byDay.get(row.date).push(row);
  }
  const series = [];
  for (let day = from; day <= to; day = addDays(day, 1)) {
    for (const row of byDay.get(day) || []) {
      if (!decay.has(row.item)) continue;
      const m = decay.get(row.item);
      scores.set(row.item, scores.get(row.item) * m + (row.value === "missed" ? 0 : 1) * (1 - m));
    }
    const values = [...scores.values()];
    series.push({ day, score: values.length ? values.reduce((a, b) => a + b, 0) / values.length : 0 });
  }
  return series;
}

/** Per day from `from` to `to`: the share of what was due that `user` kept, or null with nothing due. */
export function keptPerDay(rows, user, from, to) {
  const due = new Map();
  const kept = new Map();
  for (const row of rows) {
    if (row.user !== user) continue;
    due.set(row.date, (due.get(row.date) || 0) + 1);
    if (row.value !== "missed") kept.set(row.date, (kept.get(row.date) || 0) + 1);
  }
  const days = [];
  for (let day = from; day <= to; day = addDays(day, 1)) {
    days.push({ day, kept: due.has(day) ? (kept.get(day) || 0) / due.get(day) : null });
  }
  return days;
}

/**
 * Whether `day` ("YYYY-MM-DD") is an occurrence of `rule` (the contract's RRULE subset) for
 * an item whose first occurrence is `start`: every INTERVAL days, Monday-based weeks on BYDAY
 * (or the start's weekday), or months on BYMONTHDAY (or the start's day), never before start.
 */
export function isOccurrence(rule, start, day) {
  if (day < start) return false;
  if (day === start) return true;
  const parts = Object.fromEntries(rule.split(";").map((p) => p.split("=")));
  const interval = Number(parts.INTERVAL || 1);
  const codes = ["SU", "MO", "TU", "WE", "TH", "FR", "SA"];
  const at = (d) => new Date(`${d}T00:00:00Z`);
  const days = Math.round((at(day) - at(start)) / 86400000);
  if (parts.FREQ === "DAILY") return days % interval === 0;
  if (parts.FREQ === "WEEKLY") {
    const mondayOffset = (d) => (at(d).getUTCDay() + 6) % 7;
    const weeks = Math.floor((days + mondayOffset(start) - mondayOffset(day)) / 7);
    const byDay = parts.BYDAY ? parts.BYDAY.split(",") : [codes[at(start).getUTCDay()]];
    return weeks % interval === 0 && byDay.includes(codes[at(day).getUTCDay()]);
  }
  if (parts.FREQ === "MONTHLY") {
    const months = (Number(day.slice(0, 4)) - Number(start.slice(0, 4))) * 12 + Number(day.slice(5, 7)) - Number(start.slice(5, 7));
    return months % interval === 0 && Number(day.slice(8)) === Number(parts.BYMONTHDAY || start.slice(8));
  }
  return false;
}

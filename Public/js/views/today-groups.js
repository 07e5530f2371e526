// The Today view's groups and row keys, worked out without a DOM (Node's test runner checks
// them): Overdue first, then one group per day in the agenda's order.
import { localDay, addDays } from "../habits-math.js";
import { formatDayKey } from "../format.js";

/** The day an agenda due falls on in `zone`: a date as it is, a time on its local day. */
export function dueDay(due, zone) {
  return due.length > 10 ? localDay(new Date(due), zone) : due;
}

/**
 * @param agenda the server's `agenda` reply ({ overdue, items }, each entry { list, listTitle, item })
 * @param today "YYYY-MM-DD" in `zone`
 * @returns {Array<{ key, kind: "overdue"|"today"|"later", day: string|null, entries: Array<entry & { key }> }>}
 *   a group's key is "overdue" or its day; an entry's is its checklist, item id and day (one
 *   occurrence of a repeating item is not the next one).
 */
export function agendaGroups(agenda, today, zone) {
  const keyed = (entry) => ({ ...entry, key: `${entry.list}/${entry.item.id}@${dueDay(entry.item.due, zone)}` });
  const groups = [];
  if (agenda.overdue.length) groups.push({ key: "overdue", kind: "overdue", day: null, entries: agenda.overdue.map(keyed) });
  const byDay = new Map();
  for (const entry of agenda.items) {
    const day = dueDay(entry.item.due, zone);
    if (!byDay.has(day)) byDay.set(day, []);
    byDay.get(day).push(keyed(entry));
  }
  for (const [day, entries] of byDay) groups.push({ key: day, kind: day === today ? "today" : "later", day, entries });
  return groups;
}

/** "Today", "Tomorrow", or the day in words. */
export function dayLabel(day, today) {
  if (day === today) return "Today";
  if (day === addDays(today, 1)) return "Tomorrow";
  return formatDayKey(day, { weekday: "long", month: "short", day: "numeric" });
}

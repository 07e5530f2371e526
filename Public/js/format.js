// Dates, due values and relative times, in the reader's locale and in the person's time zone.
//
// A due value is either an all-day date "2027-03-12" or a UTC date-time
// "2027-03-12T17:00:00Z". Date-times are shown in the display zone: the person's zone from
// `settings` (the browser's until that is known), so the web says what the server's agenda,
// quick add and calendar feed say, whatever zone the browser happens to be in.
import { browserZone, dayIn, timeIn, instantAt, wireTime, addDays, daysBetween, dayAsDate, isDateOnly, dueDayIn } from "./zone.js";

const locale = undefined; // the browser's

let zone = browserZone();

/** The zone days and times are shown in. */
export function displayZone() {
  return zone;
}

/** Shows days and times in `next` from now on (the person's `settings` zone). */
export function setDisplayZone(next) {
  if (next) zone = next;
}

export function isAllDay(due) {
  return isDateOnly(due);
}

/** Today's "YYYY-MM-DD" in the display zone. */
export function todayKey(now = new Date()) {
  return dayIn(now, zone);
}

/** The moment a due value refers to: 00:00 of an all-day date in the display zone. */
export function dueDate(due) {
  if (!due) return null;
  if (isDateOnly(due)) return instantAt(due, "00:00", zone);
  const date = new Date(due);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** The day ("YYYY-MM-DD") a due value falls on for this person. */
export function dueDayKey(due) {
  if (!due) return null;
  if (!isDateOnly(due) && Number.isNaN(Date.parse(due))) return null;
  return dueDayIn(due, zone);
}

/** An all-day date is overdue once its day is over; a date-time once it has passed. */
export function isOverdue(due, now = new Date()) {
  if (!due) return false;
  if (isDateOnly(due)) return due < todayKey(now);
  const t = Date.parse(due);
  return !Number.isNaN(t) && t < now.getTime();
}

export function isDueSoon(due, now = new Date()) {
  if (!due || isOverdue(due, now)) return false;
  return daysBetween(todayKey(now), dueDayKey(due)) <= 1;
}

/** "9:30 AM" of a moment in the display zone. */
export function formatTime(date) {
  return new Date(date).toLocaleTimeString(locale, { hour: "numeric", minute: "2-digit", timeZone: zone });
}

/** A day ("YYYY-MM-DD") in words, with any Intl options (weekday, month, day, year). */
export function formatDayKey(day, options) {
  return dayAsDate(day).toLocaleDateString(locale, { ...options, timeZone: "UTC" });
}

/** "Today", "Tomorrow", "Yesterday", "Friday", "Mar 12", "Mar 12, 2028" for a day ("YYYY-MM-DD"). */
export function formatDay(day, now = new Date()) {
  const today = todayKey(now);
  const diff = daysBetween(today, day);
  if (diff === 0) return "Today";
  if (diff === 1) return "Tomorrow";
  if (diff === -1) return "Yesterday";
  if (diff > 1 && diff < 7) return formatDayKey(day, { weekday: "long" });
  return formatDayKey(day, day.slice(0, 4) === today.slice(0, 4)
    ? { month: "short", day: "numeric" }
    : { month: "short", day: "numeric", year: "numeric" });
}

export function formatDue(due, now = new Date()) {
  const day = dueDayKey(due);
  if (!day) return "";
  return isDateOnly(due) ? formatDay(day, now) : `${formatDay(day, now)}, ${formatTime(due)}`;
}

/** A long form for tooltips: "Friday, March 12, 2027 at 5:00 PM". */
export function formatDueLong(due) {
  const day = dueDayKey(due);
  if (!day) return "";
  const text = formatDayKey(day, { weekday: "long", month: "long", day: "numeric", year: "numeric" });
  return isDateOnly(due) ? text : `${text} at ${formatTime(due)}`;
}

export function formatTimestamp(iso) {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return "";
  return date.toLocaleString(locale, { month: "short", day: "numeric", year: "numeric", hour: "numeric", minute: "2-digit", timeZone: zone });
}

/** "just now", "2 min ago", "3 h ago", "yesterday", "5 days ago", then a date. */
export function relativeTime(iso, now = new Date()) {
  const date = typeof iso === "string" ? new Date(iso) : iso;
  if (!date || Number.isNaN(date.getTime())) return "";
  const seconds = Math.round((now.getTime() - date.getTime()) / 1000);
  if (seconds < 45) return "just now";
  const minutes = Math.round(seconds / 60);
  if (minutes < 60) return `${minutes} min ago`;
  const hours = Math.round(minutes / 60);
  if (hours < 24) return `${hours} h ago`;
  const day = dayIn(date, zone);
  const days = daysBetween(day, todayKey(now));
  if (days === 1) return "yesterday";
  if (days < 7) return `${days} days ago`;
  return formatDay(day, now);
}

/** How long ago a due passed, for an overdue row: "since yesterday", "since Mon", "since 3:00 PM". */
export function overdueSince(due, now = new Date()) {
  const day = dueDayKey(due);
  if (!day) return "";
  const diff = daysBetween(day, todayKey(now));
  if (!isDateOnly(due) && diff === 0) return `since ${formatTime(due)}`;
  if (diff === 1) return isDateOnly(due) ? "since yesterday" : `since yesterday, ${formatTime(due)}`;
  if (diff < 7) return `since ${formatDayKey(day, { weekday: "short" })} (${diff} days)`;
  return `since ${formatDay(day, now)} (${diff} days)`;
}

/** Splits a due value into the display zone's values of <input type=date> and <input type=time>. */
export function dueToInputs(due) {
  if (!due) return { date: "", time: "" };
  if (isDateOnly(due)) return { date: due, time: "" };
  if (Number.isNaN(Date.parse(due))) return { date: "", time: "" };
  return { date: dayIn(Date.parse(due), zone), time: timeIn(Date.parse(due), zone) };
}

/** The due value for date (and optional time) inputs read in the display zone; null when the date is empty. */
export function inputsToDue(dateValue, timeValue) {
  if (!dateValue) return null;
  if (!timeValue) return dateValue;
  return wireTime(instantAt(dateValue, timeValue, zone));
}

/** 09:00 tomorrow in the display zone, as a Date. */
export function tomorrowMorning(now = new Date()) {
  return instantAt(addDays(todayKey(now), 1), "09:00", zone);
}

export const REMINDER_PRESETS = [
  { seconds: 300, label: "Every 5 minutes" },
  { seconds: 600, label: "Every 10 minutes" },
  { seconds: 1800, label: "Every 30 minutes" },
  { seconds: 3600, label: "Every hour" },
  { seconds: 86400, label: "Every day" },
  { seconds: 604800, label: "Every week" },
  { seconds: 1209600, label: "Every 2 weeks" },
  { seconds: 2592000, label: "Every 30 days" },
];

const UNITS = [[604800, "week"], [86400, "day"], [3600, "hour"], [60, "minute"], [1, "second"]];

/** A length of time in the largest whole unit: "1 minute", "5 minutes", "2 hours", "1 day", "90 seconds". */
export function formatDuration(seconds) {
  const [size, unit] = UNITS.find(([size]) => seconds % size === 0 && seconds >= size) || [1, "second"];
  return plural(seconds / size, unit);
}

/** A repeating reminder in words: "Every hour", "Every 5 minutes", "Every 2 days". */
export function formatInterval(seconds) {
  const preset = REMINDER_PRESETS.find((p) => p.seconds === seconds);
  if (preset) return preset.label;
  const words = formatDuration(seconds);
  return words.startsWith("1 ") ? `Every ${words.slice(2)}` : `Every ${words}`;
}

/** A reminder before the due time in words: "At the due time", "10 minutes before", "1 day before". */
export function formatBefore(seconds) {
  return seconds === 0 ? "At the due time" : `${formatDuration(seconds)} before`;
}

export function initials(name) {
  if (!name) return "?";
  const parts = name.split(/[._\-\s]+/).filter(Boolean);
  const letters = parts.length > 1 ? parts[0][0] + parts[1][0] : name.slice(0, 2);
  return letters.toUpperCase();
}

/** A stable hue for a name or id, for avatars and list colours. */
export function hueFor(text) {
  let hash = 0;
  for (const ch of String(text)) hash = (hash * 31 + ch.codePointAt(0)) >>> 0;
  return hash % 360;
}

export function plural(count, one, many = `${one}s`) {
  return `${count} ${count === 1 ? one : many}`;
}

/** The zone quick add reads "tomorrow at 5" in: the person's. */
export function timeZone() {
  return zone;
}

const WEEKDAY_NAMES = { MO: "Mon", TU: "Tue", WE: "Wed", TH: "Thu", FR: "Fri", SA: "Sat", SU: "Sun" };

/** A repeat rule (the contract's RRULE subset) in words: "every Mon, Thu", "every 2 weeks". */
export function repeatInWords(rule) {
  if (!rule) return "";
  const parts = Object.fromEntries(rule.split(";").map((part) => part.split("=")));
  const interval = Number(parts.INTERVAL || 1);
  const unit = { DAILY: "day", WEEKLY: "week", MONTHLY: "month" }[parts.FREQ] || "time";
  if (parts.BYDAY) {
    const days = parts.BYDAY.split(",");
    const named = days.join(",") === "MO,TU,WE,TH,FR" ? "weekday" : days.map((d) => WEEKDAY_NAMES[d] || d).join(", ");
    return interval === 1 ? `every ${named}` : `every ${interval} weeks on ${named}`;
  }
  const every = interval === 1 ? `every ${unit}` : interval === 2 && unit === "week" ? "every other week" : `every ${interval} ${unit}s`;
  return parts.BYMONTHDAY ? `${every} on the ${ordinal(Number(parts.BYMONTHDAY))}` : every;
}

function ordinal(n) {
  const suffix = n % 100 >= 11 && n % 100 <= 13 ? "th" : ({ 1: "st", 2: "nd", 3: "rd" }[n % 10] || "th");
  return `${n}${suffix}`;
}

/** The repeat choices the item panel offers (any other rule is shown as it is). */
export const REPEAT_PRESETS = [
  { rule: "FREQ=DAILY", label: "Every day" },
  { rule: "FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR", label: "Every weekday" },
  { rule: "FREQ=WEEKLY", label: "Every week" },
  { rule: "FREQ=WEEKLY;INTERVAL=2", label: "Every other week" },
  { rule: "FREQ=MONTHLY", label: "Every month" },
];

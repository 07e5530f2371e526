// Dates, due values and relative times, in the reader's locale and time zone.
//
// A due value is either an all-day date "2027-03-12" or a UTC date-time
// "2027-03-12T17:00:00Z"; the UI shows date-times in local time.

const DAY_MS = 86400000;
const locale = undefined; // the browser's

const dateOnly = /^(\d{4})-(\d{2})-(\d{2})$/;

export function isAllDay(due) {
  return typeof due === "string" && dateOnly.test(due);
}

/** The moment a due value refers to: local midnight for an all-day date. */
export function dueDate(due) {
  if (!due) return null;
  const match = dateOnly.exec(due);
  if (match) return new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
  const date = new Date(due);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** "YYYY-MM-DD" of a Date in local time. */
export function localDateKey(date) {
  const y = date.getFullYear();
  const m = String(date.getMonth() + 1).padStart(2, "0");
  const d = String(date.getDate()).padStart(2, "0");
  return `${y}-${m}-${d}`;
}

/** The local calendar day ("YYYY-MM-DD") a due value falls on. */
export function dueDayKey(due) {
  if (!due) return null;
  if (isAllDay(due)) return due;
  const date = dueDate(due);
  return date ? localDateKey(date) : null;
}

export function startOfDay(date = new Date()) {
  return new Date(date.getFullYear(), date.getMonth(), date.getDate());
}

function dayDifference(date, now = new Date()) {
  return Math.round((startOfDay(date) - startOfDay(now)) / DAY_MS);
}

/** An all-day date is overdue once its day is over; a date-time once it has passed. */
export function isOverdue(due, now = new Date()) {
  const date = dueDate(due);
  if (!date) return false;
  if (isAllDay(due)) return dayDifference(date, now) < 0;
  return date.getTime() < now.getTime();
}

export function isDueSoon(due, now = new Date()) {
  const date = dueDate(due);
  if (!date || isOverdue(due, now)) return false;
  return dayDifference(date, now) <= 1;
}

export function formatTime(date) {
  return date.toLocaleTimeString(locale, { hour: "numeric", minute: "2-digit" });
}

/** "Today", "Tomorrow", "Yesterday", "Fri", "Mar 12", "Mar 12, 2028" (+ time). */
export function formatDay(date, now = new Date()) {
  const diff = dayDifference(date, now);
  if (diff === 0) return "Today";
  if (diff === 1) return "Tomorrow";
  if (diff === -1) return "Yesterday";
  if (diff > 1 && diff < 7) return date.toLocaleDateString(locale, { weekday: "long" });
  const sameYear = date.getFullYear() === now.getFullYear();
  return date.toLocaleDateString(locale, sameYear
    ? { month: "short", day: "numeric" }
    : { month: "short", day: "numeric", year: "numeric" });
}

export function formatDue(due, now = new Date()) {
  const date = dueDate(due);
  if (!date) return "";
  const day = formatDay(date, now);
  return isAllDay(due) ? day : `${day}, ${formatTime(date)}`;
}

/** A long form for tooltips: "Friday, March 12, 2027 at 5:00 PM". */
export function formatDueLong(due) {
  const date = dueDate(due);
  if (!date) return "";
  const day = date.toLocaleDateString(locale, { weekday: "long", month: "long", day: "numeric", year: "numeric" });
  return isAllDay(due) ? day : `${day} at ${formatTime(date)}`;
}

export function formatTimestamp(iso) {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return "";
  return date.toLocaleString(locale, { month: "short", day: "numeric", year: "numeric", hour: "numeric", minute: "2-digit" });
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
  const days = dayDifference(now, date);
  if (days === 1) return "yesterday";
  if (days < 7) return `${days} days ago`;
  return formatDay(date, now);
}

/** Splits a due value into the local values of <input type=date> and <input type=time>. */
export function dueToInputs(due) {
  if (!due) return { date: "", time: "" };
  if (isAllDay(due)) return { date: due, time: "" };
  const date = dueDate(due);
  if (!date) return { date: "", time: "" };
  const hh = String(date.getHours()).padStart(2, "0");
  const mm = String(date.getMinutes()).padStart(2, "0");
  return { date: localDateKey(date), time: `${hh}:${mm}` };
}

/** The due value for local date (and optional time) inputs; null when the date is empty. */
export function inputsToDue(dateValue, timeValue) {
  if (!dateValue) return null;
  if (!timeValue) return dateValue;
  const [y, m, d] = dateValue.split("-").map(Number);
  const [hh, mm] = timeValue.split(":").map(Number);
  const local = new Date(y, m - 1, d, hh, mm);
  return local.toISOString().replace(/\.\d{3}Z$/, "Z");
}

export const REMINDER_PRESETS = [
  { seconds: 3600, label: "Every hour" },
  { seconds: 86400, label: "Every day" },
  { seconds: 604800, label: "Every week" },
  { seconds: 1209600, label: "Every 2 weeks" },
  { seconds: 2592000, label: "Every 30 days" },
];

export function formatInterval(seconds) {
  const preset = REMINDER_PRESETS.find((p) => p.seconds === seconds);
  if (preset) return preset.label;
  if (seconds % 86400 === 0) return `Every ${seconds / 86400} days`;
  if (seconds % 3600 === 0) return `Every ${seconds / 3600} hours`;
  if (seconds % 60 === 0) return `Every ${seconds / 60} minutes`;
  return `Every ${seconds} seconds`;
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

export function timeZone() {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || undefined;
  } catch {
    return undefined;
  }
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

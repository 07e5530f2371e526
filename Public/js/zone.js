// Dates and times in an IANA time zone, with nothing but the browser's Intl: the day and the
// wall-clock time an instant has in a zone, and the instant a wall-clock time on a day is.
//
// Days are "YYYY-MM-DD" strings throughout, never `Date`s read with local getters: a page
// shows one person's days (their zone, from `settings`), and a checklist keeps its own (its
// `tz`: date-only dues, habit days, repeating items' occurrences), whatever zone the browser
// is in. The rules follow the server's (RepeatDue.swift): a repeating date-time keeps its wall
// time in the checklist's zone, a wall time a daylight-saving change skips moves forward by
// the gap, and one it repeats is the earlier of the two instants. Pure: Node tests it.

const partFormatters = new Map();

function partFormatter(zone) {
  let format = partFormatters.get(zone);
  if (!format) {
    format = new Intl.DateTimeFormat("en-US", {
      timeZone: zone, hourCycle: "h23",
      year: "numeric", month: "2-digit", day: "2-digit", hour: "2-digit", minute: "2-digit", second: "2-digit",
    });
    partFormatters.set(zone, format);
  }
  return format;
}

/** The zone this browser is set to (the person's own, unless they say otherwise). */
export function browserZone() {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || "UTC";
  } catch {
    return "UTC";
  }
}

/** Whether `zone` is an IANA name this browser knows. */
export function isKnownZone(zone) {
  if (typeof zone !== "string" || !zone) return false;
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** Every zone name the browser knows, for a picker (UTC included). */
export function zoneNames() {
  const names = typeof Intl.supportedValuesOf === "function" ? Intl.supportedValuesOf("timeZone") : [];
  return names.includes("UTC") ? names : ["UTC", ...names];
}

/** The wall clock of `instant` (a Date or milliseconds) in `zone`: { year, month, day, hour, minute, second }. */
export function wallClock(instant, zone) {
  const parts = {};
  for (const part of partFormatter(zone).formatToParts(new Date(instant))) {
    if (part.type !== "literal") parts[part.type] = Number(part.value);
  }
  return { year: parts.year, month: parts.month, day: parts.day, hour: parts.hour % 24, minute: parts.minute, second: parts.second };
}

const pad = (n, width = 2) => String(n).padStart(width, "0");

/** "YYYY-MM-DD" of `instant` in `zone`. */
export function dayIn(instant, zone) {
  const w = wallClock(instant, zone);
  return `${pad(w.year, 4)}-${pad(w.month)}-${pad(w.day)}`;
}

/** "HH:MM" (24 h) of `instant` in `zone`. */
export function timeIn(instant, zone) {
  const w = wallClock(instant, zone);
  return `${pad(w.hour)}:${pad(w.minute)}`;
}

/** How far `zone`'s wall clock is ahead of UTC at `instant`, in milliseconds. */
export function offsetAt(instant, zone) {
  const ms = new Date(instant).getTime();
  const w = wallClock(ms, zone);
  const wall = Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second);
  return wall - (ms - (((ms % 1000) + 1000) % 1000));
}

/**
 * The instant the wall-clock time `time` ("HH:MM" or "HH:MM:SS") on `day` is in `zone`.
 * A time a daylight-saving change skips (02:30 on the day clocks go from 2 to 3) moves
 * forward by the gap (03:30); a time it repeats is the earlier instant.
 */
export function instantAt(day, time, zone) {
  const [y, m, d] = day.split("-").map(Number);
  const [hh, mm, ss = 0] = time.split(":").map(Number);
  const wall = Date.UTC(y, m - 1, d, hh, mm, ss);
  // The offsets in force half a day either side: one of them is the offset at the answer.
  const before = offsetAt(wall - 12 * 3600000, zone);
  const after = offsetAt(wall + 12 * 3600000, zone);
  const fits = [before, after].map((offset) => wall - offset).filter((t) => wallMs(t, zone) === wall);
  if (fits.length) return new Date(Math.min(...fits));
  // Skipped: read with the offset before the change, which lands after the gap.
  return new Date(wall - before);
}

function wallMs(instant, zone) {
  const w = wallClock(instant, zone);
  return Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second);
}

// ---- days as strings ------------------------------------------------------------------------

/** The day `n` days after "YYYY-MM-DD". */
export function addDays(day, n) {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + n);
  return date.toISOString().slice(0, 10);
}

/** Whole days from `from` to `to` (both "YYYY-MM-DD"). */
export function daysBetween(from, to) {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86400000);
}

/** 1 = Monday … 7 = Sunday. */
export function isoWeekday(day) {
  return ((new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7) + 1;
}

/** The Monday of `day`'s week. */
export function mondayOf(day) {
  return addDays(day, 1 - isoWeekday(day));
}

/** "YYYY-MM" of a day. */
export function monthOf(day) {
  return day.slice(0, 7);
}

/** The first day of the month `delta` months after "YYYY-MM". */
export function addMonths(month, delta) {
  const [y, m] = month.split("-").map(Number);
  const total = y * 12 + (m - 1) + delta;
  return `${pad(Math.floor(total / 12), 4)}-${pad((total % 12) + 1)}`;
}

/** Days in "YYYY-MM". */
export function monthLength(month) {
  const [y, m] = month.split("-").map(Number);
  return new Date(Date.UTC(y, m, 0)).getUTCDate();
}

/** A day as a Date at noon UTC, for formatting its name with `timeZone: "UTC"` (never off by one). */
export function dayAsDate(day) {
  return new Date(`${day}T12:00:00Z`);
}

// ---- due values -----------------------------------------------------------------------------

const dateOnly = /^\d{4}-\d{2}-\d{2}$/;

/** Whether a due is a date (all day) rather than a date-time. */
export function isDateOnly(due) {
  return typeof due === "string" && dateOnly.test(due);
}

/** The day a due falls on for a reader in `zone`: a date is its own day; a moment, its date there. */
export function dueDayIn(due, zone) {
  if (!due) return null;
  return isDateOnly(due) ? due : dayIn(Date.parse(due), zone);
}

/** RFC 3339 UTC without milliseconds, as the contract writes times. */
export function wireTime(instant) {
  return new Date(instant).toISOString().replace(/\.\d{3}Z$/, "Z");
}

/**
 * `due` moved to `day` in the checklist's `zone`: the day itself for a date, otherwise the
 * same wall-clock time on that day there (10:00 in New York stays 10:00 across the spring
 * change, so its UTC instant moves an hour).
 */
export function dueOnDay(due, day, zone) {
  if (isDateOnly(due)) return day;
  const w = wallClock(Date.parse(due), zone);
  return wireTime(instantAt(day, `${pad(w.hour)}:${pad(w.minute)}:${pad(w.second)}`, zone));
}

/** A zone for people: "New York (Eastern Time)", "Tokyo (Japan Standard Time)", "UTC". */
export function zoneLabel(zone, now = new Date()) {
  if (!zone || zone === "UTC" || zone === "Etc/UTC") return "UTC";
  const city = zone.split("/").pop().replaceAll("_", " ");
  let generic = "";
  try {
    generic = new Intl.DateTimeFormat("en-US", { timeZone: zone, timeZoneName: "longGeneric" })
      .formatToParts(now).find((part) => part.type === "timeZoneName")?.value || "";
  } catch {
    generic = "";
  }
  return generic && !generic.startsWith("GMT") && generic !== city ? `${city} (${generic})` : city;
}

// Why an item cannot be completed yet (the contract's `available: false`), in words a person
// can act on: "Opens Mar 12" (its `availableFrom`, a date counted in the checklist's zone) or
// "Opens when “Part 1” is done" (the open sibling before it under a sequential parent).
// The server decides `available`; this only explains it. Pure, so Node can test it.
import { childrenOf } from "./tree.js";
import { dayIn, isDateOnly } from "./zone.js";

/** Whether `availableFrom` has come: a date once its day has begun in `zone`, a time once reached. */
export function hasArrived(availableFrom, zone, now = new Date()) {
  if (!availableFrom) return true;
  if (isDateOnly(availableFrom)) return availableFrom <= dayIn(now, zone);
  return Date.parse(availableFrom) <= now.getTime();
}

/**
 * What holds an unavailable open item back: `{ until }` (its availableFrom, not yet come),
 * `{ after }` (the open sibling before it under a sequential parent, or at the root of a
 * sequential checklist), `{ within }` (its unavailable parent), `{}` when the server says so
 * for a reason not seen here, or null when it may be completed. A date that has come since
 * the server said "unavailable" frees it (no event is sent when a date arrives).
 * `view` is the projected checklist ({ items, index, summary }).
 */
export function lockReason(item, view, now = new Date()) {
  if (!item || item.available !== false || item.status !== "open") return null;
  const zone = view.summary.tz || "UTC";
  if (item.availableFrom && !hasArrived(item.availableFrom, zone, now)) return { until: item.availableFrom };
  const parent = item.parent ? view.items.get(item.parent) : null;
  if (parent ? parent.sequential : view.summary.sequential) {
    const siblings = childrenOf(view.index, item.parent);
    const before = siblings.slice(0, siblings.findIndex((s) => s.id === item.id)).find((s) => s.status === "open");
    if (before) return { after: before };
  }
  if (parent && lockReason(parent, view, now)) return { within: parent };
  return item.availableFrom ? null : {};
}

/** The reason in words, with `formatDue` for the date. */
export function lockText(reason, formatDue) {
  if (!reason) return "";
  if (reason.until) return `Opens ${formatDue(reason.until).replace(/^(Today|Tomorrow)/, (word) => word.toLowerCase())}`;
  if (reason.after) return `Opens when “${reason.after.title}” is done`;
  if (reason.within) return `Opens with “${reason.within.title}”`;
  return "Not available yet";
}

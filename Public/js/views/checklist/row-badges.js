// The small chips under a row's title (due, sub-item progress, files, place, lock, repeat,
// reminder, notes, pending). Described as plain data first, so a row redraws its chips only
// when they change and Node's test runner can check what a row shows without a DOM.
import { h } from "../../dom.js";
import { icon } from "../../icons.js";
import { formatDue, formatDueLong, isOverdue, isDueSoon, formatInterval, formatBefore, repeatInWords, overdueSince } from "../../format.js";

/**
 * @param progress the item's completion when it has sub-items, else null
 * @param lock why it cannot be completed yet, in words (availability.js), or ""
 * @returns {Array<{ kind, title, icon, text?, textInChip?, ring? }>} `kind` is the class list after "chip"
 */
export function rowBadges(item, { progress, pending, lock = "" }) {
  const badges = [];
  const open = item.status === "open";
  const overdue = open && item.due && isOverdue(item.due);
  if (item.due) {
    const urgency = overdue ? " overdue" : open && isDueSoon(item.due) ? " soon" : "";
    badges.push({ kind: `due${urgency}`, title: overdue ? `${formatDueLong(item.due)} · overdue ${overdueSince(item.due)}` : formatDueLong(item.due), icon: overdue ? "alert" : "calendar", text: formatDue(item.due) });
  }
  if (progress) badges.push({ kind: "sub-progress", title: `${progress.done} of ${progress.total} sub-items done`, ring: progress.percent, text: `${progress.done}/${progress.total}` });
  const files = (item.attachments || []).filter((a) => a.status !== "cancelled").length;
  if (files) badges.push({ kind: "plain attachment-count", title: `${files} file${files === 1 ? "" : "s"}`, icon: "paperclip", textInChip: String(files) });
  if (item.location) badges.push({ kind: "plain", title: item.location, icon: "mapPin", textInChip: item.location });
  if (item.available === false && open) {
    badges.push({ kind: "plain locked-chip", title: lock || "Not available yet", icon: "lock", textInChip: lock && lock.length <= 24 ? lock : "Not yet" });
  }
  if (item.repeat) badges.push({ kind: "plain repeat-chip", title: `Repeats ${repeatInWords(item.repeat)}`, icon: "refresh", textInChip: repeatInWords(item.repeat) });
  if (item.remindBefore !== null && item.remindBefore !== undefined && open) badges.push({ kind: "plain remind-chip", title: `Reminder: ${formatBefore(item.remindBefore).toLowerCase()}`, icon: "bell" });
  if (item.remindEvery) badges.push({ kind: "plain", title: `Reminder: ${formatInterval(item.remindEvery).toLowerCase()}`, icon: "repeat" });
  if (item.notes) badges.push({ kind: "plain", title: "Has notes", icon: "note" });
  if (pending) badges.push({ kind: "pending-chip", title: "Saved on this device; waiting to reach the server", icon: "refresh", text: "Pending" });
  return badges;
}

/** The chips for `rowBadges`' descriptions. */
export function renderBadges(badges) {
  return badges.map((badge) => h(`span.chip.${badge.kind.replaceAll(" ", ".")}`, { title: badge.title },
    badge.ring !== undefined ? h("span.mini-ring", { style: { "--p": badge.ring } }) : icon(badge.icon, { size: 12 }),
    badge.textInChip !== undefined ? h("span.chip-text", badge.textInChip) : badge.text ?? null,
  ));
}

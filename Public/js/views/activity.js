// The checklist's recent events, kept from the events this client received
// ("ana completed Homework 2 · 2 min ago"), plus this person's own pending edits.
import { h, replaceChildrenPreservingFocus } from "../dom.js";
import { initials, hueFor, relativeTime, formatTimestamp } from "../format.js";
import { icon } from "../icons.js";

const PENDING_VERBS = {
  addItem: "add", quickAdd: "add", updateItem: "edit", moveItem: "move", completeItem: "complete",
  reopenItem: "reopen", cancelItem: "cancel", restoreItem: "restore", updateList: "update the checklist",
  completeList: "complete the checklist", reopenList: "reopen the checklist", cancelList: "cancel the checklist",
  restoreList: "restore the checklist", share: "share the checklist", unshare: "remove a participant",
};

export function renderActivity(container, app, detail, view) {
  const listId = container.closest("[data-list-id]")?.dataset.listId;
  const pending = listId ? app.outbox.forList(listId) : [];
  const entries = detail ? detail.activity.slice(0, 50) : [];
  if (!entries.length && !pending.length) {
    replaceChildrenPreservingFocus(container, h("p.activity-empty", icon("activity", { size: 20 }), h("span", "Changes made while you’re here show up in this feed.")));
    return;
  }
  const items = [];
  for (const entry of [...pending].reverse()) {
    const m = entry.message;
    const target = m.item ? view.items.get(m.item)?.title : m.title || m.text;
    items.push(h("li.activity-entry.pending",
      h("span.avatar.small", { style: { "--hue": hueFor(app.user?.username || "") } }, initials(app.user?.username)),
      h("div.activity-text",
        h("span", h("strong", "You"), ` — waiting to ${PENDING_VERBS[m.op] || m.op}`, target && !/checklist|participant/.test(PENDING_VERBS[m.op] || "") ? [" ", h("em", target)] : null),
        h("span.activity-time", icon("refresh", { size: 12 }), " pending")),
    ));
  }
  for (const entry of entries) {
    // As it was at the event: a rename reads "“old” → “new”", a list event names the list.
    const label = entry.verb === "renamed" && entry.detail ? entry.detail : entry.title;
    const subject = entry.itemId && label
      ? h("a.activity-link", { href: `#/list/${encodeURIComponent(listId)}/item/${encodeURIComponent(entry.itemId)}` }, label)
      : entry.listTitle ? h("em", `“${entry.listTitle}”`) : label ? h("em", label) : null;
    items.push(h("li.activity-entry", { "data-seq": String(entry.seq) },
      h("span.avatar.small", { style: { "--hue": hueFor(entry.by) } }, initials(entry.by)),
      h("div.activity-text",
        h("span", h("strong", entry.by), ` ${entry.verb}`, subject ? [" ", subject] : null),
        h("time.activity-time", { datetime: entry.at, title: formatTimestamp(entry.at) }, relativeTime(entry.at))),
    ));
  }
  replaceChildrenPreservingFocus(container, h("ol.activity-list", items));
}

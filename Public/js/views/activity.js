// The checklist's recent events, kept from the events this client received
// ("ana completed Homework 2 · 2 min ago"), plus this person's own pending edits. Each entry
// is kept under its key (the event's seq, or the pending edit's opId) and patched in place,
// so a selection or a hovered link in the feed outlives the events that arrive meanwhile.
import { h, setText, setClass, setAttr } from "../dom.js";
import { initials, hueFor, relativeTime, formatTimestamp } from "../format.js";
import { icon } from "../icons.js";
import { keyedChildren, whenChanged } from "../keyed.js";

const PENDING_VERBS = {
  addItem: "add", quickAdd: "add", updateItem: "edit", moveItem: "move", completeItem: "complete",
  reopenItem: "reopen", cancelItem: "cancel", restoreItem: "restore", updateList: "update the checklist",
  completeList: "complete the checklist", reopenList: "reopen the checklist", cancelList: "cancel the checklist",
  restoreList: "restore the checklist", share: "share the checklist", unshare: "remove a participant",
  checkIn: "check in on", cancelAttachment: "remove a file from", restoreAttachment: "restore a file on",
};

/**
 * What the feed shows, newest first, without a DOM: this person's pending edits (newest
 * first), then up to 50 events. `titleOf(itemId)` is the item's title as projected now.
 * @returns {Array<{ key, pending, seq?, by, verb, subject: null | { text, href? }, at? }>}
 */
export function activityEntries({ pending, events, listId, username, titleOf }) {
  const out = [];
  for (const entry of [...pending].reverse()) {
    const m = entry.message;
    const verb = PENDING_VERBS[m.op] || m.op;
    const target = m.item ? titleOf(m.item) : m.title || m.text;
    out.push({
      key: `pending:${entry.opId}`, pending: true, by: username || "", verb,
      subject: target && !/checklist|participant/.test(PENDING_VERBS[m.op] || "") ? { text: target } : null,
    });
  }
  for (const event of events.slice(0, 50)) {
    // As it was at the event: a rename reads "“old” → “new”", a list event names the list.
    const label = (event.verb === "renamed" || event.verb === "assigned") && event.detail ? event.detail : event.title;
    const subject = event.itemId && label
      ? { text: label, href: `#/list/${encodeURIComponent(listId)}/item/${encodeURIComponent(event.itemId)}` }
      : event.listTitle ? { text: `“${event.listTitle}”` } : label ? { text: label } : null;
    out.push({ key: `seq:${event.seq}`, pending: false, seq: event.seq, by: event.by, verb: event.verb, subject, at: event.at });
  }
  return out;
}

export function createActivityFeed(app, listId) {
  const el = h("div.activity-body#activity");
  const list = h("ol.activity-list");
  const empty = h("p.activity-empty", icon("activity", { size: 20 }), h("span", "Changes made while you’re here show up in this feed."));
  const entries = keyedChildren(list, { create: createEntry, update: (entry, model) => entry.update(model) });

  function show(node) {
    if (el.firstChild !== node || el.childNodes.length !== 1) el.replaceChildren(node);
  }

  return {
    el,
    update(detail, view) {
      const models = activityEntries({
        pending: app.outbox.forList(listId),
        events: detail ? detail.activity : [],
        listId,
        username: app.user?.username,
        titleOf: (id) => view.items.get(id)?.title,
      });
      if (!models.length) {
        entries.clear();
        show(empty);
        return;
      }
      entries.update(models);
      show(list);
    },
  };
}

/** One entry: the li, its avatar and time kept; the sentence redrawn only when it changes. */
function createEntry() {
  const avatar = h("span.avatar.small");
  const sentence = h("span");
  let timeEl = h("time.activity-time");
  const el = h("li.activity-entry", avatar, h("div.activity-text", sentence, timeEl));
  const redraw = whenChanged();
  let pendingShown = null;
  return {
    el,
    update(model) {
      setClass(el, model.pending ? "activity-entry pending" : "activity-entry");
      setAttr(el, "data-seq", model.pending ? null : String(model.seq));
      avatar.style.setProperty("--hue", hueFor(model.by));
      setText(avatar, initials(model.by));
      redraw([model.by, model.verb, model.subject, model.pending], () => {
        const subject = !model.subject ? null
          : model.subject.href ? h("a.activity-link", { href: model.subject.href }, model.subject.text) : h("em", model.subject.text);
        sentence.replaceChildren(h("strong", model.pending ? "You" : model.by),
          model.pending ? ` — waiting to ${model.verb}` : ` ${model.verb}`, ...(subject ? [" ", subject] : []));
      });
      if (model.pending !== pendingShown) {
        pendingShown = model.pending;
        // A pending entry's time is a "pending" mark (a span, as before), an event's a <time>.
        const next = model.pending ? h("span.activity-time", icon("refresh", { size: 12 }), " pending") : h("time.activity-time");
        timeEl.replaceWith(next);
        timeEl = next;
      }
      if (!model.pending) {
        setAttr(timeEl, "datetime", model.at);
        setAttr(timeEl, "title", formatTimestamp(model.at));
        setText(timeEl, relativeTime(model.at));
      }
    },
  };
}

// Reminders as they fire: a banner per item at the top of the page ("Done", "Snooze 10 min /
// 1 h / tomorrow", "Dismiss"), and a system notification where the user allowed them.
//
// A banner goes away when handled here or on another device of the same user (the server
// sends reminderDismissed / reminderSnoozed to all of them). Permission for notifications is
// asked only from a click ("Notify me on this device" in the user menu), never on load.
//
// Banners are kept components, updated with the page: a reminder delivered at sign-in comes
// before the checklists do, so whether its Done button is there is decided again once the
// person's role is known. With more than one, the newest shows and the others fold under
// "N more" (a phone's screen is not theirs to fill), with "Dismiss all". A system notification
// rings once per occurrence on this browser: the server sends missed reminders again after
// every reconnect (a laptop waking, a network drop), and those must not ring again.
import { h, setText } from "../dom.js";
import { icon } from "../icons.js";
import { keyedChildren } from "../keyed.js";
import { formatDueLong, tomorrowMorning } from "../format.js";
import { wireTime } from "../zone.js";

const SNOOZES = [
  { label: "10 min", id: "10m", until: () => new Date(Date.now() + 10 * 60000) },
  { label: "1 h", id: "1h", until: () => new Date(Date.now() + 3600000) },
  { label: "Tomorrow", id: "tomorrow", until: () => tomorrowMorning() },
];
const RUNG_PREFIX = "checkwire.rung.";
const RUNG_FOR_MS = 24 * 3600000; // the server resends missed reminders of the last 24 hours

export function notificationsSupported() {
  return typeof Notification !== "undefined" && window.isSecureContext;
}

/** Asks for permission; call only from a user action. Resolves to the permission. */
export async function enableNotifications() {
  if (!notificationsSupported()) return "unsupported";
  if (Notification.permission !== "default") return Notification.permission;
  return Notification.requestPermission();
}

export function createReminderBanners(app) {
  const list = h("div.reminder-list");
  const moreCount = h("span.reminder-more-count");
  const toggle = h("button.btn.small.ghost#reminders-toggle", { type: "button", onclick: () => { expanded = !expanded; render(); } });
  const more = h("div.reminder-more#reminders-more", icon("bell", { size: 16 }), moreCount, toggle,
    h("button.btn.small.secondary#reminders-dismiss-all", { type: "button", onclick: dismissAll }, "Dismiss all"));
  const el = h("div.reminder-stack#reminders", { "aria-live": "assertive" });
  const reminders = new Map(); // "list/item" -> the reminder message, newest last
  const banners = keyedChildren(list, { create: (model) => createBanner(app, model.reminder, handled), update: (banner, model) => banner.update(model) });
  let expanded = false;

  function remove(listId, itemId) {
    if (!reminders.delete(`${listId}/${itemId}`)) return;
    if (reminders.size <= 1) expanded = false;
    render();
  }

  function handled(listId, itemId, request) {
    remove(listId, itemId);
    request.catch((error) => app.toast(error.message || "The server did not take that; try again.", { kind: "error" }));
  }

  function dismissAll() {
    for (const reminder of [...reminders.values()]) {
      handled(reminder.list, reminder.item.id, app.sync.dismissReminder(reminder.list, reminder.item.id, reminder.at));
    }
  }

  function render() {
    const newestFirst = [...reminders.values()].reverse();
    const shown = expanded ? newestFirst : newestFirst.slice(0, 1);
    banners.update(shown.map((reminder) => ({ key: `${reminder.list}/${reminder.item.id}`, reminder })));
    const hidden = newestFirst.length - shown.length;
    setText(moreCount, expanded ? `${newestFirst.length} reminders` : `${hidden} more reminder${hidden === 1 ? "" : "s"}`);
    setText(toggle, expanded ? "Show fewer" : "Show all");
    const parts = newestFirst.length > 1 ? [list, more] : newestFirst.length ? [list] : [];
    if (parts.length !== el.children.length || parts.some((part, i) => el.children[i] !== part)) el.replaceChildren(...parts);
  }

  return {
    el,
    show(reminder) {
      const key = `${reminder.list}/${reminder.item.id}`;
      reminders.delete(key); // the newest goes on top
      reminders.set(key, reminder);
      render();
      notify(app, reminder);
    },
    remove,
    /** The page changed (a role may now be known): the banners are patched. */
    update: render,
    clear() {
      reminders.clear();
      expanded = false;
      render();
    },
  };
}

/** One item's banner, kept while it shows; `update` patches it with the latest reminder. */
function createBanner(app, first, handled) {
  let reminder = first;
  const ids = () => [reminder.list, reminder.item.id];
  const title = h("a.reminder-title");
  const where = h("span.reminder-where");
  const late = h("span.reminder-late", " · missed while you were away");
  const done = h("button.btn.small.primary.reminder-done", {
    type: "button",
    onclick: () => {
      const [listId, itemId] = ids();
      app.op({ op: "completeItem", list: listId, item: itemId });
      handled(listId, itemId, app.sync.dismissReminder(listId, itemId, reminder.at));
    },
  }, icon("check", { size: 14 }), "Done");
  const actions = h("div.reminder-actions", done,
    ...SNOOZES.map((snooze) => h("button.btn.small.secondary.reminder-snooze", {
      type: "button", "data-snooze": snooze.id, title: `Remind me again ${snooze.id === "tomorrow" ? "tomorrow at 9:00" : `in ${snooze.label}`}`,
      onclick: () => handled(...ids(), app.sync.snoozeReminder(...ids(), wireTime(snooze.until()))),
    }, snooze.id === "tomorrow" ? snooze.label : `Snooze ${snooze.label}`)),
    h("button.btn.small.ghost.reminder-dismiss", { type: "button", onclick: () => handled(...ids(), app.sync.dismissReminder(...ids(), reminder.at)) }, "Dismiss"),
  );
  const text = h("div.reminder-text", title, where);
  const el = h("div.reminder-banner", { role: "alert" }, h("span.reminder-icon", icon("bell", { size: 18 })), text, actions);
  return {
    el,
    update({ reminder: next }) {
      reminder = next;
      const [listId, itemId] = ids();
      const summary = app.store.lists.get(listId);
      el.dataset.list = listId;
      el.dataset.item = itemId;
      setText(title, reminder.item.title);
      title.setAttribute("href", `#/list/${encodeURIComponent(listId)}/item/${encodeURIComponent(itemId)}`);
      const due = reminder.item.due ? ` · due ${formatDueLong(reminder.item.due)}` : "";
      setText(where, ` — ${reminder.listTitle || summary?.title || "a checklist"}${due}`);
      if (reminder.late && late.parentNode !== text) text.append(late);
      if (!reminder.late) late.remove();
      // Until the checklists are known, the reminder was sent to an owner or editor (or the
      // assignee): Done is offered, and hidden only for a known viewer.
      done.hidden = Boolean(summary) && !app.canEdit(summary.role);
    },
  };
}

/** A system notification, once per occurrence on this browser (whatever the tabs and reconnects). */
function notify(app, reminder) {
  if (!notificationsSupported() || Notification.permission !== "granted") return;
  if (!firstRing(app.user?.username, `${reminder.list}/${reminder.item.id}@${reminder.at}`)) return;
  try {
    const note = new Notification(`Reminder: ${reminder.item.title}`, {
      body: reminder.listTitle || "", tag: `${reminder.list}/${reminder.item.id}`,
    });
    note.onclick = () => {
      window.focus();
      app.navigate(`#/list/${encodeURIComponent(reminder.list)}/item/${encodeURIComponent(reminder.item.id)}`);
    };
  } catch {
    // Some browsers allow notifications only from a service worker; the banner is there anyway.
  }
}

/** Whether this occurrence has not rung on this browser yet; records that it has now. */
export function firstRing(username, occurrence, now = Date.now(), storage = globalThis.localStorage) {
  const key = `${RUNG_PREFIX}${(username || "").toLowerCase()}`;
  let rung = {};
  try { rung = JSON.parse(storage.getItem(key) || "{}") || {}; } catch { rung = {}; }
  for (const [name, at] of Object.entries(rung)) if (now - at > RUNG_FOR_MS) delete rung[name];
  const first = !(occurrence in rung);
  rung[occurrence] = rung[occurrence] ?? now;
  try { storage.setItem(key, JSON.stringify(rung)); } catch { /* rings again after a reload at worst */ }
  return first;
}

// Reminders as they fire: a banner per item at the top of the page ("Done", "Snooze 10 min /
// 1 h / tomorrow", "Dismiss"), and a system notification where the user allowed them.
//
// A banner goes away when handled here or on another device of the same user (the server
// sends reminderDismissed / reminderSnoozed to all of them). Permission for notifications is
// asked only from a click ("Notify me on this device" in the user menu), never on load.
import { h } from "../dom.js";
import { icon } from "../icons.js";
import { formatDueLong } from "../format.js";

const SNOOZES = [
  { label: "10 min", id: "10m", until: () => new Date(Date.now() + 10 * 60000) },
  { label: "1 h", id: "1h", until: () => new Date(Date.now() + 3600000) },
  { label: "Tomorrow", id: "tomorrow", until: tomorrowMorning },
];

/** 09:00 tomorrow, local time. */
function tomorrowMorning() {
  const date = new Date();
  date.setDate(date.getDate() + 1);
  date.setHours(9, 0, 0, 0);
  return date;
}

/** RFC 3339 UTC without milliseconds, as the contract writes times. */
function wireTime(date) {
  return date.toISOString().replace(/\.\d{3}Z$/, "Z");
}

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
  const el = h("div.reminder-stack#reminders", { "aria-live": "assertive" });
  const banners = new Map(); // "list/item" -> element

  function key(list, item) {
    return `${list}/${item}`;
  }

  function remove(list, item) {
    const banner = banners.get(key(list, item));
    if (!banner) return;
    banners.delete(key(list, item));
    banner.remove();
  }

  function handled(list, item, request) {
    remove(list, item);
    request.catch((error) => app.toast(error.message || "The server did not take that; try again.", { kind: "error" }));
  }

  function show(reminder) {
    const { list, item, at } = reminder;
    remove(list, item.id);
    const due = item.due ? ` · due ${formatDueLong(item.due)}` : "";
    const late = reminder.late ? h("span.reminder-late", " · missed while you were away") : null;
    const canEdit = app.canEdit(app.store.lists.get(list)?.role);
    const banner = h("div.reminder-banner", { role: "alert", "data-list": list, "data-item": item.id },
      h("span.reminder-icon", icon("bell", { size: 18 })),
      h("div.reminder-text",
        h("a.reminder-title", { href: `#/list/${encodeURIComponent(list)}/item/${encodeURIComponent(item.id)}` }, item.title),
        h("span.reminder-where", ` — ${reminder.listTitle || app.store.lists.get(list)?.title || "a checklist"}${due}`),
        late,
      ),
      h("div.reminder-actions",
        canEdit ? h("button.btn.small.primary.reminder-done", {
          type: "button",
          onclick: () => {
            app.op({ op: "completeItem", list, item: item.id });
            handled(list, item.id, app.sync.dismissReminder(list, item.id, at));
          },
        }, icon("check", { size: 14 }), "Done") : null,
        ...SNOOZES.map((snooze) => h(`button.btn.small.secondary.reminder-snooze`, {
          type: "button", "data-snooze": snooze.id, title: `Remind me again in ${snooze.label.toLowerCase()}`,
          onclick: () => handled(list, item.id, app.sync.snoozeReminder(list, item.id, wireTime(snooze.until()))),
        }, snooze.id === "tomorrow" ? snooze.label : `Snooze ${snooze.label}`)),
        h("button.btn.small.ghost.reminder-dismiss", {
          type: "button", onclick: () => handled(list, item.id, app.sync.dismissReminder(list, item.id, at)),
        }, "Dismiss"),
      ),
    );
    banners.set(key(list, item.id), banner);
    el.prepend(banner);
    notify(reminder);
  }

  function notify(reminder) {
    if (!notificationsSupported() || Notification.permission !== "granted") return;
    try {
      const note = new Notification(`Reminder: ${reminder.item.title}`, {
        body: reminder.listTitle || "", tag: key(reminder.list, reminder.item.id), renotify: true,
      });
      note.onclick = () => {
        window.focus();
        app.navigate(`#/list/${encodeURIComponent(reminder.list)}/item/${encodeURIComponent(reminder.item.id)}`);
      };
    } catch {
      // Some browsers allow notifications only from a service worker; the banner is there anyway.
    }
  }

  function clear() {
    banners.clear();
    el.replaceChildren();
  }

  return { el, show, remove, clear };
}

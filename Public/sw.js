// Keeps the app shell available offline: network first (so updates show at once), the
// cached copy when the server cannot be reached. Data never goes through here: edits wait
// in the outbox (localStorage) and state comes over the WebSocket.
//
// And shows reminders that arrive by Web Push (docs/notifications.md): the push's body is the
// `reminder` message itself. A tab of Checkwire that is visible shows its own banner (it got
// the reminder live, or gets it from here), so nothing is shown twice; otherwise a
// notification with Done and Snooze 10 min, which act on the server with this device's
// session (a WebSocket of their own), and a click that opens the item.
const CACHE = "checkwire-shell-v12";
// The signed-in session, put here by the page (`js/push.js`): a service worker cannot read
// localStorage. Never fetched from the network.
const DEVICE_CACHE = "checkwire-device";
const SESSION_URL = "/checkwire-device/session";
const SNOOZE_MS = 10 * 60000;
const ACTION_TIMEOUT_MS = 15000;
const SHELL = [
  "./", "index.html", "app.css", "favicon.svg", "manifest.webmanifest",
  "js/main.js", "js/connection.js", "js/sync.js", "js/store.js", "js/outbox.js", "js/projection.js",
  "js/tree.js", "js/format.js", "js/zone.js", "js/availability.js", "js/dom.js", "js/icons.js",
  "js/keyed.js", "js/views/auth.js", "js/views/lists.js",
  "js/views/checklist/view.js", "js/views/checklist/header.js", "js/views/checklist/banner.js",
  "js/views/checklist/root-card.js", "js/views/checklist/quick-add.js", "js/views/checklist/tree.js",
  "js/views/checklist/rows.js", "js/views/checklist/item-row.js", "js/views/checklist/row-badges.js",
  "js/views/checklist/checkbox.js", "js/views/checklist/rename-input.js", "js/views/checklist/adder-row.js",
  "js/views/checklist/tree-keys.js", "js/views/checklist/reorder.js", "js/views/checklist/reorder-rules.js",
  "js/views/checklist/item-actions.js", "js/views/checklist/cancelled.js", "js/views/checklist/panels.js",
  "js/views/checklist/list-dialogs.js", "js/views/checklist/placeholders.js",
  "js/views/item/panel.js", "js/views/item/saving.js", "js/views/item/sections.js",
  "js/views/item/custom-duration.js", "js/views/item/opens-on.js",
  "js/views/participants.js", "js/views/activity.js", "js/views/dialog.js",
  "js/views/calendar/view.js", "js/views/calendar/entries.js", "js/views/calendar/grids.js",
  "js/views/calendar/chips.js", "js/views/calendar/agenda.js", "js/views/calendar/habit-history.js",
  "js/views/habits/view.js", "js/views/habits/header.js", "js/views/habits/today.js",
  "js/views/habits/progress.js", "js/views/habits/checkins.js",
  "js/views/reminders.js", "js/habits-math.js", "js/views/today.js", "js/views/today-groups.js",
  "js/views/search-results.js", "js/views/quick-add-echo.js", "js/views/time-zone.js",
  "js/views/feed.js", "js/views/attachments.js", "js/push.js", "js/views/push-settings.js", "js/views/email-settings.js",
];

self.addEventListener("install", (event) => {
  event.waitUntil(caches.open(CACHE).then((cache) => cache.addAll(SHELL)).catch(() => {}).then(() => self.skipWaiting()));
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches.keys()
      .then((keys) => Promise.all(keys.filter((key) => key !== CACHE && key !== DEVICE_CACHE).map((key) => caches.delete(key))))
      .then(() => self.clients.claim()),
  );
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  const url = new URL(request.url);
  if (request.method !== "GET" || url.origin !== self.location.origin || url.pathname.startsWith("/ws") || url.pathname.startsWith("/feed/") || url.pathname.startsWith("/attachments")) return;
  event.respondWith(
    fetch(request)
      .then((response) => {
        if (response.ok) {
          const copy = response.clone();
          caches.open(CACHE).then((cache) => cache.put(request, copy)).catch(() => {});
        }
        return response;
      })
      .catch(() => caches.match(request, { ignoreSearch: true }).then((hit) => hit || caches.match("index.html"))),
  );
});

// ---- reminders by push ----------------------------------------------------------------------

/** The notification for a reminder: title, body, the item's tag (a newer one replaces it). */
function notificationFor(reminder) {
  const item = reminder.item || {};
  const body = [reminder.listTitle, item.due ? `due ${item.due}` : null, reminder.late ? "missed while you were away" : null]
    .filter(Boolean).join(" · ");
  return {
    title: `Reminder: ${item.title || "an item"}`,
    options: {
      body,
      tag: `${reminder.list}/${item.id}`,
      renotify: true,
      icon: "favicon.svg",
      data: { list: reminder.list, item: item.id, at: reminder.at, kind: reminder.kind },
      actions: [{ action: "done", title: "Done" }, { action: "snooze", title: "Snooze 10 min" }],
    },
  };
}

async function windowClients() {
  return self.clients.matchAll({ type: "window", includeUncontrolled: true });
}

async function onPush(event) {
  let reminder = null;
  try { reminder = event.data ? event.data.json() : null; } catch { reminder = null; }
  if (!reminder || reminder.type !== "reminder" || !reminder.item) return;
  const visible = (await windowClients()).filter((client) => client.visibilityState === "visible");
  if (visible.length) {
    // The page shows it (a banner, deduplicated by item): a notification would be the second.
    for (const client of visible) client.postMessage({ type: "pushedReminder", reminder });
    return;
  }
  const { title, options } = notificationFor(reminder);
  await self.registration.showNotification(title, options);
}

self.addEventListener("push", (event) => event.waitUntil(onPush(event)));

self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  event.waitUntil(onNotificationAction(event.action, event.notification.data || {}));
});

// A page may ask for a notification's action as a click on it would (the browser tests do:
// headless Chromium shows notifications but cannot click them).
self.addEventListener("message", (event) => {
  const message = event.data || {};
  if (message.type !== "notificationAction") return;
  event.waitUntil((async () => {
    const shown = await self.registration.getNotifications({ tag: message.tag });
    const notification = shown[0];
    if (!notification) return;
    notification.close();
    await onNotificationAction(message.action || "", notification.data || {});
  })());
});

async function onNotificationAction(action, data) {
  try {
    if (action === "done") {
      return await actOnServer([
        { type: "op", opId: `sw-${crypto.randomUUID()}`, op: "completeItem", list: data.list, item: data.item },
        { type: "dismissReminder", list: data.list, item: data.item, at: data.at },
      ]);
    }
    if (action === "snooze") {
      return await actOnServer([
        { type: "snoozeReminder", list: data.list, item: data.item, until: new Date(Date.now() + SNOOZE_MS).toISOString() },
      ]);
    }
  } catch (error) {
    // Not signed in here any more, the server unreachable or refusing: the item opens instead,
    // where the person can act on it.
    return openItem(data, String(error && error.message || error));
  }
  return openItem(data);
}

async function openItem(data, problem = null) {
  const hash = `#/list/${encodeURIComponent(data.list)}/item/${encodeURIComponent(data.item)}`;
  for (const client of await windowClients()) {
    client.postMessage({ type: "openItem", hash, problem });
    if ("focus" in client) return client.focus();
  }
  return self.clients.openWindow(new URL(`./${hash}`, self.registration.scope).href);
}

async function deviceSession() {
  const cache = await caches.open(DEVICE_CACHE);
  const hit = await cache.match(SESSION_URL);
  return hit ? hit.json() : null;
}

/** Sends `requests` over a WebSocket of its own, authenticated with this device's session;
 * resolves when each has its reply, rejects on the first error. */
async function actOnServer(requests) {
  const session = await deviceSession();
  if (!session || !session.token) throw new Error("not signed in on this device");
  const url = new URL("ws", self.registration.scope);
  url.protocol = url.protocol === "https:" ? "wss:" : "ws:";
  const socket = new WebSocket(url.href, "checkwire.v1");
  const waiting = new Map();
  const finished = new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error("the server did not answer")), ACTION_TIMEOUT_MS);
    socket.onerror = () => reject(new Error("the server could not be reached"));
    socket.onclose = () => reject(new Error("the connection closed"));
    socket.onmessage = (event) => {
      let message;
      try { message = JSON.parse(event.data); } catch { return; }
      const answer = waiting.get(message.ref);
      if (!answer) return;
      waiting.delete(message.ref);
      if (message.type === "error") answer.reject(new Error(message.message || message.code));
      else answer.resolve(message);
    };
    socket.onopen = async () => {
      try {
        const ask = (request, ref) => new Promise((ok, fail) => {
          waiting.set(ref, { resolve: ok, reject: fail });
          socket.send(JSON.stringify({ ...request, ref }));
        });
        await ask({ type: "auth", token: session.token }, "sw-auth");
        for (const [index, request] of requests.entries()) await ask(request, `sw-${index}`);
        clearTimeout(timer);
        resolve();
      } catch (error) {
        clearTimeout(timer);
        reject(error);
      }
    };
  });
  try {
    await finished;
  } finally {
    socket.onclose = null;
    socket.close(1000);
  }
}

// Keeps the app shell available offline: network first (so updates show at once), the
// cached copy when the server cannot be reached. Data never goes through here: edits wait
// in the outbox (localStorage) and state comes over the WebSocket.
const CACHE = "checkwire-shell-v10";
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
  "js/views/feed.js", "js/views/attachments.js",
];

self.addEventListener("install", (event) => {
  event.waitUntil(caches.open(CACHE).then((cache) => cache.addAll(SHELL)).catch(() => {}).then(() => self.skipWaiting()));
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches.keys()
      .then((keys) => Promise.all(keys.filter((key) => key !== CACHE).map((key) => caches.delete(key))))
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

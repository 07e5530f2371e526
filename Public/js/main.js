// Entry point: the app shell (top bar, connection indicator, toasts), hash routing, and the
// glue between the sync session and the views.

import { Sync } from "./sync.js";
import { project } from "./projection.js";
import { h } from "./dom.js";
import { icon, logo } from "./icons.js";
import { initials, hueFor, plural, setDisplayZone, displayZone } from "./format.js";
import { browserZone, zoneLabel } from "./zone.js";
import { createAuthView, rememberKnownDevice } from "./views/auth.js";
import { createListsView } from "./views/lists.js";
import { createChecklistView } from "./views/checklist/view.js";
import { createCalendarView } from "./views/calendar/view.js";
import { createReminderBanners, notificationsSupported, enableNotifications } from "./views/reminders.js";
import { createHabitView } from "./views/habits/view.js";
import { createTodayView } from "./views/today.js";
import { openFeedDialog } from "./views/feed.js";
import { createZonePrompt, openZoneDialog } from "./views/time-zone.js";
import { openQuickAddDialog } from "./views/quick-add-echo.js";

const wsURL = `${location.protocol === "https:" ? "wss" : "ws"}://${location.host}/ws`;
const sync = new Sync(wsURL);
const root = document.getElementById("app");
const toastRoot = document.getElementById("toasts");

const app = {
  sync,
  get store() { return sync.store; },
  get outbox() { return sync.outbox; },
  get user() { return sync.user; },
  navigate(hash, { replace = false } = {}) {
    if (replace) history.replaceState(null, "", hash);
    else if (location.hash !== hash) history.pushState(null, "", hash);
    route();
  },
  /** The checklist as this person sees it: server state plus their pending edits. */
  project(listId) {
    const summary = sync.store.lists.get(listId);
    const detail = sync.store.detail(listId);
    return project(summary, detail, sync.outbox.forList(listId), sync.user?.username);
  },
  op(fields, extra) {
    return sync.op(fields, extra);
  },
  toast,
  canEdit(role) {
    return role === "owner" || role === "editor";
  },
};
window.checkwire = app; // handy from the console

let view = null;
let viewKey = null;
let shell = null;
let pendingNotice = null;
const reminders = createReminderBanners(app);
const zonePrompt = createZonePrompt(app);

// ---- shell ----------------------------------------------------------------------------------

function buildShell() {
  const indicator = h("button.conn#conn-indicator", {
    type: "button", "aria-live": "polite",
    onclick: () => sync.connection.reconnectNow(),
  }, h("span.conn-dot"), h("span.conn-label", "Connecting…"));
  const avatarButton = h("button.avatar-button#user-menu-button", {
    type: "button", "aria-haspopup": "menu", "aria-expanded": "false",
    onclick: (e) => { e.stopPropagation(); toggleMenu(); },
  });
  const menu = h("div.menu#user-menu", { role: "menu", hidden: true },
    h("div.menu-header", h("span.menu-name"), h("span.menu-sub", "Signed in")),
    h("button.menu-item#notify-button", {
      type: "button", role: "menuitem", hidden: !notificationsSupported() || Notification.permission !== "default",
      onclick: async (e) => {
        const permission = await enableNotifications();
        e.currentTarget.hidden = permission !== "default";
        toast(permission === "granted" ? "Reminders will also show as notifications on this device." : "Notifications are off for this site; reminders still show on the page.");
      },
    }, icon("bell", { size: 16 }), "Notify me on this device"),
    h("button.menu-item#zone-button", {
      type: "button", role: "menuitem",
      onclick: () => { closeMenu(); openZoneDialog(app); },
    }, icon("globe", { size: 16 }), h("span.menu-zone", "Time zone")),
    h("button.menu-item#feed-button", {
      type: "button", role: "menuitem",
      onclick: () => { closeMenu(); openFeedDialog(app); },
    }, icon("calendar", { size: 16 }), "Subscribe in your calendar app"),
    h("button.menu-item#logout-button", { type: "button", role: "menuitem", onclick: onLogout }, icon("logOut", { size: 16 }), "Log out"),
  );
  const nav = h("nav.tabs", { "aria-label": "Main" },
    h("a.tab#nav-today", { href: "#/today" }, icon("checkCircle", { size: 18 }), h("span", "Today")),
    h("a.tab#nav-lists", { href: "#/" }, icon("list", { size: 18 }), h("span", "Checklists")),
    h("a.tab#nav-calendar", { href: "#/calendar" }, icon("calendar", { size: 18 }), h("span", "Calendar")),
  );
  const main = h("main.view#view", { tabindex: "-1" });
  const el = h("div.shell",
    h("header.topbar",
      h("a.brand", { href: "#/", "aria-label": "Checkwire home" }, logo(28), h("span.brand-name", "Checkwire")),
      nav,
      h("div.topbar-end", indicator, h("div.user", avatarButton, menu)),
    ),
    zonePrompt.el,
    reminders.el,
    main,
  );
  document.addEventListener("click", (e) => {
    if (!menu.hidden && !menu.contains(e.target)) closeMenu();
  });
  document.addEventListener("keydown", (e) => {
    if (e.key === "Escape" && !menu.hidden) {
      closeMenu();
      avatarButton.focus();
    }
  });
  function toggleMenu() {
    if (menu.hidden) {
      menu.hidden = false;
      avatarButton.setAttribute("aria-expanded", "true");
      menu.querySelector(".menu-item").focus();
    } else closeMenu();
  }
  function closeMenu() {
    menu.hidden = true;
    avatarButton.setAttribute("aria-expanded", "false");
  }
  return { el, main, indicator, avatarButton, menu, nav };
}

async function onLogout() {
  const pending = sync.outbox.size;
  if (pending && !confirm(`${plural(pending, "change")} haven’t reached the server yet and will be lost if you log out now. Log out anyway?`)) return;
  await sync.logout();
  history.replaceState(null, "", "#/");
  route();
}

function updateShell() {
  if (!shell) return;
  const status = sync.status;
  const pending = sync.outbox.size;
  const labels = {
    live: "Live",
    syncing: `Syncing ${pending}…`,
    connecting: "Connecting…",
    offline: pending ? `Offline · ${pending} pending` : "Offline",
  };
  shell.indicator.dataset.status = status;
  shell.indicator.querySelector(".conn-label").textContent = labels[status] || status;
  shell.indicator.title = status === "offline"
    ? "Not connected. Your edits are saved on this device and sent when the connection returns. Click to retry now."
    : status === "live" ? "Connected: changes appear as they happen" : "Connecting to the server…";
  const user = sync.user;
  if (user) {
    shell.avatarButton.replaceChildren(h("span.avatar", { style: { "--hue": hueFor(user.username) } }, initials(user.username)));
    shell.avatarButton.setAttribute("aria-label", `Account: ${user.username}`);
    shell.menu.querySelector(".menu-name").textContent = user.username;
    shell.menu.querySelector(".menu-zone").textContent = `Time zone: ${zoneLabel(displayZone())}`;
  }
  zonePrompt.update();
  reminders.update();
  const hash = location.hash || "#/";
  shell.nav.querySelector("#nav-lists").classList.toggle("active", !hash.startsWith("#/calendar") && !hash.startsWith("#/today"));
  shell.nav.querySelector("#nav-today").classList.toggle("active", hash.startsWith("#/today"));
  shell.nav.querySelector("#nav-calendar").classList.toggle("active", hash.startsWith("#/calendar"));
}

// ---- routing ----------------------------------------------------------------------------------

function parseRoute() {
  const parts = (location.hash || "#/").replace(/^#\/?/, "").split("/").filter(Boolean).map(decodeURIComponent);
  if (parts[0] === "calendar" && parts[1] === "week") return { name: "calendar", month: null, week: parts[2] || "current" };
  if (parts[0] === "calendar") return { name: "calendar", month: parts[1] || null, week: null };
  if (parts[0] === "today") return { name: "today" };
  if (parts[0] === "list" && parts[1]) {
    const params = { name: "list", listId: parts[1], rootId: null, itemId: null, panel: null };
    for (let i = 2; i < parts.length; i += 2) {
      if (parts[i] === "in") params.rootId = parts[i + 1] || null;
      if (parts[i] === "item") { params.itemId = parts[i + 1] || null; params.panel = "item"; }
      if (parts[i] === "people") { params.panel = "people"; i -= 1; }
      if (parts[i] === "activity") { params.panel = "activity"; i -= 1; }
    }
    return params;
  }
  return { name: "lists" };
}

function route() {
  if (!sync.user) {
    if (viewKey !== "auth") {
      view?.destroy();
      shell = null;
      view = createAuthView(app, { notice: pendingNotice });
      pendingNotice = null;
      viewKey = "auth";
      root.replaceChildren(view.el);
    }
    document.title = "Checkwire";
    return;
  }
  if (!shell) {
    view?.destroy();
    view = null;
    viewKey = null;
    shell = buildShell();
    root.replaceChildren(shell.el);
  }
  const params = parseRoute();
  const habitList = params.name === "list" && sync.store.lists.get(params.listId)?.kind === "habits";
  const key = params.name === "list" ? `${habitList ? "habits" : "list"}:${params.listId}` : params.name;
  if (key !== viewKey) {
    view?.destroy();
    view = habitList ? createHabitView(app, params)
      : params.name === "list" ? createChecklistView(app, params)
      : params.name === "calendar" ? createCalendarView(app, params)
        : params.name === "today" ? createTodayView(app)
        : createListsView(app, params);
    viewKey = key;
    shell.main.replaceChildren(view.el);
    view.update();
    window.scrollTo(0, 0);
  } else {
    view.setParams?.(params);
    view.update();
  }
  updateShell();
}

let frame = 0;
function scheduleUpdate() {
  if (frame) return;
  frame = requestAnimationFrame(() => {
    frame = 0;
    // A checklist's kind may be learned after its route was drawn (the lists arrive later).
    const params = parseRoute();
    if (params.name === "list" && viewKey !== "auth") {
      const habitList = sync.store.lists.get(params.listId)?.kind === "habits";
      if (viewKey !== `${habitList ? "habits" : "list"}:${params.listId}`) return route();
    }
    updateShell();
    if (view && viewKey !== "auth") view.update();
  });
}

// ---- toasts -------------------------------------------------------------------------------------

function toast(text, { kind = "info", action = null, timeout = 5000 } = {}) {
  const close = () => {
    el.classList.add("leaving");
    setTimeout(() => el.remove(), 200);
  };
  const el = h(`div.toast.${kind}`, { role: kind === "error" ? "alert" : "status" },
    icon(kind === "error" ? "alert" : "checkCircle", { size: 18 }),
    h("span.toast-text", text),
    action && h("button.toast-action", { type: "button", onclick: () => { action.run(); close(); } }, action.label),
    h("button.icon-button.toast-close", { type: "button", "aria-label": "Dismiss", onclick: close }, icon("x", { size: 16 })),
  );
  toastRoot.appendChild(el);
  while (toastRoot.children.length > 4) toastRoot.firstChild.remove();
  if (timeout) setTimeout(close, timeout);
  return close;
}

// ---- wiring -------------------------------------------------------------------------------------

sync.store.addEventListener("change", scheduleUpdate);
sync.outbox.addEventListener("change", scheduleUpdate);
sync.addEventListener("status", scheduleUpdate);
sync.addEventListener("session", () => {
  if (sync.user) rememberKnownDevice();
  route();
});
// Every day and time on the page is in the person's zone: a new one redraws the view.
sync.addEventListener("settings", () => {
  const zone = sync.settings?.tz || browserZone();
  if (zone === displayZone()) return scheduleUpdate();
  setDisplayZone(zone);
  if (viewKey && viewKey !== "auth") {
    view?.destroy();
    viewKey = null;
    route();
  } else scheduleUpdate();
});
sync.addEventListener("sessionEnded", (e) => {
  pendingNotice = e.detail.message;
});
sync.addEventListener("rejected", (e) => {
  const { error } = e.detail;
  const message = error.message ? error.message.charAt(0).toUpperCase() + error.message.slice(1) : "The server refused that change.";
  toast(message, { kind: "error", timeout: 8000 });
});
sync.addEventListener("shared", (e) => {
  const { list, by, known } = e.detail;
  const who = by || "Someone";
  const text = known ? `${who} made you ${list.role === "viewer" ? "a viewer" : "an editor"} of “${list.title}”.` : `${who} shared “${list.title}” with you.`;
  toast(text, { action: { label: "Open", run: () => app.navigate(`#/list/${encodeURIComponent(list.id)}`) } });
});
sync.addEventListener("reminder", (e) => reminders.show(e.detail));
sync.addEventListener("reminderHandled", (e) => reminders.remove(e.detail.list, e.detail.item));
sync.addEventListener("session", () => {
  if (sync.user) return;
  reminders.clear();
  setDisplayZone(browserZone());
});
sync.addEventListener("revoked", (e) => {
  toast(`You no longer have access to “${e.detail.title || "a checklist"}”.`, { kind: "error" });
  if (location.hash.startsWith(`#/list/${e.detail.listId}`)) app.navigate("#/", { replace: true });
});
// `/` anywhere (but in a field) opens search; `q` opens quick add (into the checklist shown,
// else the one the text names, else the Inbox).
document.addEventListener("keydown", (event) => {
  if (!["/", "q"].includes(event.key) || event.ctrlKey || event.metaKey || event.altKey || !sync.user) return;
  const target = event.target;
  if (target && (target.isContentEditable || ["INPUT", "TEXTAREA", "SELECT"].includes(target.tagName))) return;
  if (document.querySelector("dialog[open]")) return;
  event.preventDefault();
  if (event.key === "q") {
    const params = parseRoute();
    const list = params.name === "list" ? sync.store.lists.get(params.listId) : null;
    openQuickAddDialog(app, list && list.kind !== "habits" ? { listId: list.id, listTitle: list.title } : {});
    return;
  }
  if (viewKey !== "today") app.navigate("#/today");
  view?.focusSearch?.();
});
window.addEventListener("popstate", route);
window.addEventListener("hashchange", route);
setInterval(scheduleUpdate, 30000); // relative times

setDisplayZone(sync.settings?.tz || browserZone()); // cached from the last visit, until the server says
route();
sync.start();

if ("serviceWorker" in navigator && window.isSecureContext) {
  navigator.serviceWorker.register("sw.js").catch(() => {});
}

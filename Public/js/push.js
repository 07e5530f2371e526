// Web Push on this device (docs/notifications.md): the browser's subscription, the server's
// record of it (`pushSubscribe` / `pushUnsubscribe`), and the session the service worker acts
// with. The state the user sees is one of:
//   "unsupported" — no service worker or Push API here (or not a secure context);
//   "unavailable" — the server sends no push (started without --vapid-subject);
//   "blocked"     — the browser's permission is denied (only the browser's settings undo it);
//   "on"          — subscribed, and the server has this device;
//   "off"         — anything else.
const DEVICE_CACHE = "checkwire-device";
const SESSION_URL = "/checkwire-device/session";
const DEVICE_PREFIX = "checkwire.push.device.";

export function pushSupported() {
  return typeof window !== "undefined" && window.isSecureContext && "serviceWorker" in navigator &&
    "PushManager" in window && typeof Notification !== "undefined";
}

/** The id the server gave this device, for this user, or null. */
export function deviceId(username, storage = globalThis.localStorage) {
  try { return storage.getItem(DEVICE_PREFIX + (username || "").toLowerCase()); } catch { return null; }
}

function rememberDevice(username, id, storage = globalThis.localStorage) {
  try {
    if (id) storage.setItem(DEVICE_PREFIX + username.toLowerCase(), id);
    else storage.removeItem(DEVICE_PREFIX + username.toLowerCase());
  } catch { /* the state shows "off" after a reload at worst */ }
}

/** Whether reminders reach this device by push (the page then leaves system notifications to
 * the service worker, so one does not ring twice). */
export function pushIsOn(username) {
  return pushSupported() && Notification.permission === "granted" && Boolean(deviceId(username));
}

/** Hands the signed-in session (or none) to the service worker, which acts on notifications with it. */
export async function shareSessionWithServiceWorker(session) {
  if (typeof caches === "undefined") return;
  try {
    const cache = await caches.open(DEVICE_CACHE);
    if (session && session.token) {
      await cache.put(SESSION_URL, new Response(JSON.stringify({ token: session.token, username: session.user?.username }), {
        headers: { "Content-Type": "application/json" },
      }));
    } else {
      await cache.delete(SESSION_URL);
    }
  } catch { /* private windows may have no cache: notifications then open the item */ }
}

/** A name for this device the user will recognise in the list ("Chrome on Linux"). */
export function deviceName(userAgent = navigator.userAgent) {
  const browser = /Edg\//.test(userAgent) ? "Edge" : /Firefox\//.test(userAgent) ? "Firefox"
    : /Chromium\//.test(userAgent) ? "Chromium" : /Chrome\//.test(userAgent) ? "Chrome"
      : /Safari\//.test(userAgent) ? "Safari" : "Browser";
  const system = /Android/.test(userAgent) ? "Android" : /iPhone|iPad/.test(userAgent) ? "iOS"
    : /Mac OS X/.test(userAgent) ? "macOS" : /Windows/.test(userAgent) ? "Windows"
      : /CrOS/.test(userAgent) ? "ChromeOS" : /Linux/.test(userAgent) ? "Linux" : null;
  return system ? `${browser} on ${system}` : browser;
}

function keyBytes(base64url) {
  const base64 = base64url.replace(/-/g, "+").replace(/_/g, "/") + "===".slice((base64url.length + 3) % 4);
  return Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
}

/** The state shown in the menu (see the top of this file). */
export async function pushState(app) {
  if (!pushSupported()) return "unsupported";
  if (app.sync.pushAvailable === false) return "unavailable";
  if (Notification.permission === "denied") return "blocked";
  const registration = await navigator.serviceWorker.getRegistration();
  const subscription = registration ? await registration.pushManager.getSubscription() : null;
  return Notification.permission === "granted" && subscription && deviceId(app.user?.username) ? "on" : "off";
}

/** Turns push on for this device: permission (from a click), the browser's subscription,
 * then the server's record. Resolves to the new state; throws with a message to show. */
export async function turnPushOn(app) {
  if (!pushSupported()) return "unsupported";
  const permission = Notification.permission === "default" ? await Notification.requestPermission() : Notification.permission;
  if (permission !== "granted") return permission === "denied" ? "blocked" : "off";
  let key;
  try {
    key = (await app.sync.connection.request({ type: "pushKey" })).key;
  } catch (error) {
    if (error.code === "badRequest") {
      app.sync.pushAvailable = false;
      return "unavailable";
    }
    throw error;
  }
  const registration = await navigator.serviceWorker.ready;
  let subscription = await registration.pushManager.getSubscription();
  if (subscription && !sameKey(subscription, key)) {
    await subscription.unsubscribe();
    subscription = null;
  }
  if (!subscription) {
    subscription = await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(key) });
  }
  const { endpoint, keys } = subscription.toJSON();
  const reply = await app.sync.connection.request({ type: "pushSubscribe", endpoint, keys, device: deviceName() });
  rememberDevice(app.user.username, reply.id);
  await shareSessionWithServiceWorker(app.sync.session);
  return "on";
}

function sameKey(subscription, key) {
  const current = subscription.options?.applicationServerKey;
  if (!current) return true;
  const a = new Uint8Array(current);
  const b = keyBytes(key);
  return a.length === b.length && a.every((byte, i) => byte === b[i]);
}

/** Turns push off for this device: the server forgets it, the browser's subscription ends. */
export async function turnPushOff(app) {
  const id = deviceId(app.user?.username);
  if (id) {
    try {
      await app.sync.connection.request({ type: "pushUnsubscribe", id });
    } catch (error) {
      if (error.code !== "notFound") throw error; // already removed (from another device, or gone)
    }
  }
  rememberDevice(app.user.username, null);
  const registration = await navigator.serviceWorker.getRegistration();
  const subscription = registration ? await registration.pushManager.getSubscription() : null;
  if (subscription) await subscription.unsubscribe();
  return pushState(app);
}

/** A notification shown the way a pushed reminder is, to check this device shows them. */
export async function testNotification() {
  const registration = await navigator.serviceWorker.ready;
  await registration.showNotification("Checkwire: notifications work", {
    body: "Reminders will show like this when Checkwire is not open.", tag: "checkwire-test", icon: "favicon.svg",
  });
}

/** Closes this device's notification about an item handled elsewhere (a banner, another device). */
export async function closeNotification(listId, itemId) {
  if (!pushSupported()) return;
  const registration = await navigator.serviceWorker.getRegistration();
  if (!registration) return;
  for (const notification of await registration.getNotifications({ tag: `${listId}/${itemId}` })) notification.close();
}

/** This device forgets its own record when the server no longer lists it (removed elsewhere). */
export function forgetDeviceUnlessListed(username, devices) {
  const id = deviceId(username);
  if (id && !devices.some((device) => device.id === id)) rememberDevice(username, null);
}

// "Notifications on this device": whether reminders reach this browser when Checkwire is not
// open (Web Push), a switch for it, a test notification, and every device of the account that
// takes them, each with Remove; then email (`email-settings.js`). Permission is asked only
// from the switch, never on load.
import { h, setText } from "../dom.js";
import { icon } from "../icons.js";
import { openDialog } from "./dialog.js";
import { emailSection } from "./email-settings.js";
import { relativeTime } from "../format.js";
import {
  deviceId, forgetDeviceUnlessListed, pushState, testNotification, turnPushOff, turnPushOn,
} from "../push.js";

const STATE_TEXT = {
  on: "On: reminders show on this device even when Checkwire is closed.",
  off: "Off: reminders show only while Checkwire is open.",
  blocked: "Blocked by the browser: allow notifications for this site in the browser's settings, then turn them on here.",
  unsupported: "This browser cannot take notifications from Checkwire (it needs Web Push and a secure connection).",
  unavailable: "This server does not send notifications (its administrator has not turned Web Push on).",
  checking: "Checking…",
};

export function openPushDialog(app) {
  const state = h("p.push-state#push-state", { role: "status", "data-state": "checking" }, STATE_TEXT.checking);
  const toggle = h("button.btn.primary.small#push-toggle", { type: "button", disabled: true, onclick: () => flip() });
  const test = h("button.btn.secondary.small#push-test", { type: "button", hidden: true, onclick: () => sendTest() },
    icon("bell", { size: 15 }), "Send a test notification");
  const devices = h("ul.device-list#push-devices");
  const devicesNote = h("p.muted.small-text#push-devices-note");
  let current = "checking";

  openDialog({
    id: "push-dialog",
    title: "Notifications on this device",
    description: "Reminders you set, and reminders of items assigned to you, as notifications with Done and Snooze.",
    body: [
      state,
      h("div.push-row", toggle, test),
      h("h3.dialog-subtitle", "Devices that take your notifications"),
      devices,
      devicesNote,
      h("h3.dialog-subtitle", "Email"),
      emailSection(app),
    ],
    submitLabel: "Done",
    onSubmit: () => true,
  });

  function show(next) {
    current = next;
    state.dataset.state = next;
    setText(state, STATE_TEXT[next] || STATE_TEXT.off);
    toggle.hidden = ["unsupported", "unavailable", "blocked"].includes(next);
    toggle.disabled = false;
    setText(toggle, next === "on" ? "Turn off" : "Turn on");
    test.hidden = next !== "on";
  }

  async function refresh() {
    show(await pushState(app).catch(() => "off"));
    await listDevices();
  }

  async function flip() {
    toggle.disabled = true;
    try {
      show(current === "on" ? await turnPushOff(app) : await turnPushOn(app));
    } catch (error) {
      show(await pushState(app).catch(() => "off"));
      app.toast(error.message || "Notifications could not be turned on.", { kind: "error" });
    }
    await listDevices();
  }

  async function sendTest() {
    try {
      await testNotification();
    } catch (error) {
      app.toast(error.message || "The test notification could not be shown.", { kind: "error" });
    }
  }

  async function listDevices() {
    let reply;
    try {
      reply = await app.sync.connection.request({ type: "devices" });
    } catch (error) {
      devices.replaceChildren();
      setText(devicesNote, error.code === "badRequest" ? "" : "Connect to see your devices.");
      return;
    }
    forgetDeviceUnlessListed(app.user?.username, reply.devices);
    const mine = deviceId(app.user?.username);
    devices.replaceChildren(...reply.devices.map((device) => h("li.device-row", { "data-device": device.id },
      h("span.device-name", device.device, device.id === mine ? h("span.muted", " (this device)") : null),
      h("span.muted.small-text", ` · last used ${relativeTime(device.lastUsed)}`),
      h("button.btn.ghost.small.danger-text.device-remove", {
        type: "button", "aria-label": `Remove ${device.device}`,
        onclick: () => remove(device),
      }, "Remove"))));
    setText(devicesNote, reply.devices.length ? "" : "No device takes your notifications yet.");
  }

  async function remove(device) {
    try {
      if (device.id === deviceId(app.user?.username)) show(await turnPushOff(app));
      else await app.sync.connection.request({ type: "pushUnsubscribe", id: device.id });
    } catch (error) {
      if (error.code !== "notFound") app.toast(error.message || "The device could not be removed.", { kind: "error" });
    }
    await listDevices();
  }

  refresh();
}

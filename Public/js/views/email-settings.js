// Email in "Notifications": the address reminders are mailed to when no device showed them,
// whether it is confirmed (a link is mailed to it first), the daily digest's time and quiet
// hours. Every change is one `settings` request; what is shown is always the server's answer,
// so the panel says what the server will do, not what was typed.
import { h, setText } from "../dom.js";

const STATE_TEXT = {
  unavailable: "This server sends no email (its administrator has not set up a mail relay).",
  off: "Off: give an address to get reminders by email when none of your devices showed them.",
  unconfirmed: "Not confirmed yet: open the link we mailed to this address. Nothing is mailed to it until then.",
  confirmed: "Confirmed: reminders no device showed within a minute are mailed here.",
  checking: "Checking…",
};

/** The email section's elements, to put in the notifications dialog; it fills itself. */
export function emailSection(app) {
  const state = h("p.email-state#email-state", { role: "status", "data-state": "checking" }, STATE_TEXT.checking);
  let edited = false; // the person typed in the address: the server's does not overwrite it
  const address = h("input#email-address", {
    type: "email", autocomplete: "email", placeholder: "you@example.org", "aria-label": "Email address",
    oninput: () => { edited = true; },
    // Enter saves the address rather than submitting (and closing) the dialog.
    onkeydown: (e) => { if (e.key === "Enter") { e.preventDefault(); saveAddress(); } },
  });
  const save = h("button.btn.primary.small#email-save", { type: "button", onclick: () => saveAddress() }, "Save address");
  const off = h("button.btn.secondary.small.danger-text#email-off", {
    type: "button", onclick: () => change({ email: null }),
  }, "Turn email off");
  const reminders = h("input#email-reminders", { type: "checkbox", onchange: () => change({ emailReminders: reminders.checked }) });
  const digestOn = h("input#email-digest-on", { type: "checkbox", onchange: () => saveDigest() });
  const digestTime = h("input#email-digest-time", { type: "time", value: "07:30", onchange: () => saveDigest() });
  const quietOn = h("input#email-quiet-on", { type: "checkbox", onchange: () => saveQuiet() });
  const quietFrom = h("input#email-quiet-from", { type: "time", value: "22:00", onchange: () => saveQuiet() });
  const quietTo = h("input#email-quiet-to", { type: "time", value: "07:00", onchange: () => saveQuiet() });
  const options = h("div.email-options#email-options", { hidden: true },
    h("label.check-row", reminders, " Reminders by email when no device showed them"),
    h("label.check-row", digestOn, " A daily digest at ", digestTime, " (due today, overdue, habits not yet done)"),
    h("label.check-row", quietOn, " No reminder mail from ", quietFrom, " to ", quietTo,
      h("span.muted.small-text", " (held until then)")),
    off);
  const section = h("div.email-section#email-section",
    state, h("div.push-row", address, save), options);

  function show(settings) {
    let next = "off";
    if (!settings.emailAvailable) next = "unavailable";
    else if (settings.email) next = settings.emailVerified ? "confirmed" : "unconfirmed";
    state.dataset.state = next;
    setText(state, STATE_TEXT[next]);
    address.disabled = next === "unavailable";
    save.disabled = next === "unavailable";
    if (!edited) address.value = settings.email || "";
    options.hidden = !settings.email;
    reminders.checked = Boolean(settings.emailReminders);
    digestOn.checked = Boolean(settings.digest);
    if (settings.digest) digestTime.value = settings.digest;
    quietOn.checked = Boolean(settings.quietHours);
    if (settings.quietHours) {
      quietFrom.value = settings.quietHours.from;
      quietTo.value = settings.quietHours.to;
    }
    section.dataset.digest = settings.digest || "";
    section.dataset.quiet = settings.quietHours ? `${settings.quietHours.from}-${settings.quietHours.to}` : "";
  }

  async function change(fields) {
    try {
      const settings = await app.sync.connection.request({ type: "settings", ...fields });
      if ("email" in fields) edited = false;
      show(settings);
    } catch (error) {
      app.toast(error.message || "The email settings could not be saved.", { kind: "error" });
      refresh();
    }
  }

  function saveAddress() {
    const text = address.value.trim();
    if (!text) return change({ email: null });
    return change({ email: text });
  }

  function saveDigest() {
    return change({ digest: digestOn.checked && digestTime.value ? digestTime.value.slice(0, 5) : null });
  }

  function saveQuiet() {
    const valid = quietFrom.value && quietTo.value;
    return change({
      quietHours: quietOn.checked && valid ? { from: quietFrom.value.slice(0, 5), to: quietTo.value.slice(0, 5) } : null,
    });
  }

  async function refresh() {
    try {
      show(await app.sync.connection.request({ type: "settings" }));
    } catch {
      setText(state, "Connect to see your email settings.");
    }
  }

  refresh();
  return section;
}

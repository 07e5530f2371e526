// Quick add from anywhere: a box that turns one line into an item (the server parses it:
// "Call the dentist tomorrow at 5 #Home / Health every 6 months"), and its echo, which shows
// everything the parser set — where it went, the date and time, the repeat, the section, the
// reminders, the place — so a misread is seen at once. Without a checklist named (and none
// given), the item goes to the Inbox.
//
// The echo renders the ack's `parsed` generically: fields it knows get words, and any field
// a newer server adds shows as "name: value", so nothing the parser set goes unsaid.
import { h, setText } from "../dom.js";
import { icon } from "../icons.js";
import { formatDue, formatBefore, formatInterval, repeatInWords, inputsToDue } from "../format.js";
import { openDialog } from "./dialog.js";

const KNOWN = new Set(["list", "section", "title", "date", "time", "location", "remindEvery", "remindBefore", "repeat", "ranges"]);

/**
 * What a quick add did, in parts: `{ title, where, details: [text…] }`. `listTitle` is the
 * checklist the item went to (the ack's `list`, by title; "Inbox" for the Inbox).
 */
export function describeQuickAdd(parsed, listTitle, now = new Date()) {
  const p = parsed || {};
  const details = [];
  if (p.date) details.push(formatDue(p.time ? inputsToDue(p.date, p.time) : p.date, now));
  else if (p.time) details.push(`at ${p.time}`);
  if (p.repeat) details.push(repeatInWords(p.repeat));
  if (p.section) details.push(`in “${p.section}”`);
  if (p.location) details.push(`at ${p.location}`);
  if (p.remindBefore !== null && p.remindBefore !== undefined) details.push(`remind ${formatBefore(p.remindBefore).toLowerCase()}`);
  if (p.remindEvery) details.push(`remind ${formatInterval(p.remindEvery).toLowerCase()}`);
  for (const [key, value] of Object.entries(p)) {
    if (KNOWN.has(key) || value === null || value === undefined || typeof value === "object") continue;
    details.push(`${key.replace(/([A-Z])/g, " $1").toLowerCase()}: ${value}`);
  }
  return { title: p.title || "", where: listTitle || "a checklist", details };
}

/**
 * A quick-add box. `defaultList()` is the checklist it adds to when the text names none (null:
 * the Inbox); `onAdded({ entry, ack })` after the server took it. The echo shows under the box.
 */
export function createQuickAddBox(app, { id, placeholder, defaultList = () => null, onAdded = () => {} }) {
  const input = h(`input.quick-add-input#${id}`, { type: "text", maxlength: 1000, autocomplete: "off", placeholder, "aria-label": "Quick add" });
  const echo = createEcho(app);
  const form = h("form.quick-add.quick-add-anywhere", { onsubmit: submit },
    h("span.quick-add-icon", icon("plus", { size: 18 })), input, h("kbd.quick-add-hint", "Enter"));
  const el = h("div.quick-add-box", form, echo.el);

  function submit(event) {
    event.preventDefault();
    const text = input.value.trim();
    if (!text) return;
    const entry = app.sync.quickAdd(defaultList(), text);
    input.value = "";
    echo.follow(entry, (ack) => onAdded({ entry, ack }));
  }

  return { el, input, echo, focus() { input.focus(); } };
}

/** The line under a box: "Saving…", then what was added and where (with Open), or the refusal. */
export function createEcho(app) {
  const text = h("span.echo-text");
  const open = h("a.btn.small.ghost.echo-open", "Open");
  const el = h("p.quick-add-echo", { role: "status", hidden: true }, icon("checkCircle", { size: 15 }), text, open);
  let waiting = null;

  function listTitle(listId) {
    const summary = app.store.lists.get(listId);
    return summary?.inbox ? "Inbox" : summary?.title || (listId === app.sync.settings?.inbox ? "Inbox" : null);
  }

  function onAcked(event) {
    const { entry, ack } = event.detail;
    if (!waiting || entry.opId !== waiting.opId) return;
    const { done } = waiting;
    waiting = null;
    const said = describeQuickAdd(ack.parsed, listTitle(ack.list) || ack.parsed?.list);
    const sentence = `Added “${said.title || entry.message.text}” to ${said.where}${said.details.length ? ` · ${said.details.join(" · ")}` : ""}`;
    el.classList.remove("failed");
    setText(text, sentence);
    open.hidden = false;
    open.setAttribute("href", `#/list/${encodeURIComponent(ack.list)}`);
    el.dataset.list = ack.list;
    done(ack, sentence);
  }

  function onRejected(event) {
    if (!waiting || event.detail.entry.opId !== waiting.opId) return;
    const { failed } = waiting;
    waiting = null;
    failed();
    el.classList.add("failed");
    setText(text, event.detail.error.message || "The server did not take it.");
    open.hidden = true;
  }

  app.sync.addEventListener("acked", onAcked);
  app.sync.addEventListener("rejected", onRejected);
  return {
    el,
    /** Shows the outcome of the quick add `entry`; `done(ack, sentence)` once it is in, `failed()` if refused. */
    follow(entry, done = () => {}, failed = () => {}) {
      waiting = { opId: entry.opId, done, failed };
      el.hidden = false;
      el.classList.remove("failed");
      open.hidden = true;
      setText(text, app.sync.status === "live" ? "Adding…" : "Saved on this device; it is added when you’re back online.");
    },
    destroy() {
      app.sync.removeEventListener("acked", onAcked);
      app.sync.removeEventListener("rejected", onRejected);
    },
  };
}

/**
 * Quick add from anywhere (the Q key): a dialog with one box. In a checklist it adds there
 * unless the text names another; elsewhere to the checklist the text names, or the Inbox.
 * The dialog closes at once; a toast says what was added, with Open.
 */
export function openQuickAddDialog(app, { listId = null, listTitle = null } = {}) {
  const input = h("input.quick-add-input#quick-add-anywhere-input", { type: "text", maxlength: 1000, autocomplete: "off", "aria-label": "Quick add",
    placeholder: "e.g. Call the dentist tomorrow at 5pm #Home every 6 months" });
  const dialog = openDialog({
    id: "quick-add-dialog",
    title: "Quick add",
    description: listTitle ? `Adds to “${listTitle}” unless you name another checklist (#Groceries).` : "Adds to the checklist you name (#Groceries), or to your Inbox.",
    body: [input],
    submitLabel: "Add",
    onSubmit() {
      const text = input.value.trim();
      if (!text) throw new Error("Type what to add.");
      const echo = createEcho(app);
      echo.follow(app.sync.quickAdd(listId, text), (ack, said) => {
        echo.destroy();
        app.toast(said, { action: { label: "Open", run: () => app.navigate(`#/list/${encodeURIComponent(ack.list)}`) } });
      }, () => echo.destroy()); // a refusal is said by the page's own error toast
      return true;
    },
  });
  return dialog;
}

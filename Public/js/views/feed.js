// "Subscribe in your calendar app": the secret iCalendar link for all checklists or one,
// with Copy and New link (rotation). The server keeps only a hash of the link's token, and
// gives the same link back each time until it is rotated.
import { h } from "../dom.js";
import { icon } from "../icons.js";
import { openDialog } from "./dialog.js";

/** Opens the dialog; `list` (id) and `title` for one checklist, neither for all of them. */
export function openFeedDialog(app, { list = null, title = null } = {}) {
  const scope = title ? `“${title}”` : "all your checklists";
  const url = h("input.feed-url#feed-url", { type: "text", readonly: true, value: "", "aria-label": "Calendar link", placeholder: "Getting the link…" });
  const status = h("p.muted.small-text#feed-status", { role: "status" });
  const copy = h("button.btn.secondary.small#feed-copy", { type: "button", disabled: true, onclick: () => copyLink() }, icon("note", { size: 15 }), "Copy");
  const rotate = h("button.btn.ghost.small.danger-text#feed-rotate", { type: "button", disabled: true, onclick: () => rotateLink() }, icon("refresh", { size: 15 }), "New link");
  const tasks = h("input#feed-tasks", { type: "checkbox", onchange: () => show(current) });
  let current = "";

  const dialog = openDialog({
    id: "feed-dialog",
    title: "Subscribe in your calendar app",
    description: `Due dates from ${scope} appear in your calendar and stay up to date. Anyone with this link can read them.`,
    body: [
      h("div.feed-row", url, copy),
      h("label.check-field", tasks, h("span", "As tasks (VTODO) instead of events — Thunderbird shows both; Google, Apple and Outlook show events only")),
      status,
      h("details.feed-help",
        h("summary", "How to subscribe"),
        h("ul",
          h("li", h("strong", "Thunderbird: "), "Calendar → New Calendar… → On the Network → paste the link."),
          h("li", h("strong", "Apple Calendar: "), "File → New Calendar Subscription… → paste the link."),
          h("li", h("strong", "Google Calendar, Outlook.com: "), "Add calendar → From URL. They fetch from their own servers, so this server must be reachable from the internet."),
        )),
      h("div.feed-rotate-row", rotate, h("span.muted.small-text", "Makes a new link; the old one stops working at once.")),
    ],
    submitLabel: "Done",
    onSubmit: () => true,
  });

  function show(link) {
    current = link;
    url.value = link && tasks.checked ? `${link}?components=VTODO` : link;
    copy.disabled = rotate.disabled = !link;
  }

  async function load(rotateIt) {
    status.textContent = rotateIt ? "Making a new link…" : "";
    try {
      const request = { type: "feed" };
      if (list) request.list = list;
      if (rotateIt) request.rotate = true;
      const reply = await app.sync.connection.request(request);
      show(reply.url);
      status.textContent = rotateIt ? "New link made. Calendars subscribed to the old one stop updating." : "";
    } catch (err) {
      status.textContent = app.sync.connection.isOpen ? (err.message || "The link could not be made.") : "Connect to get the link.";
    }
  }

  async function copyLink() {
    try {
      await navigator.clipboard.writeText(url.value);
    } catch {
      url.select();
      document.execCommand?.("copy");
    }
    status.textContent = "Link copied.";
    app.toast?.("Calendar link copied");
  }

  function rotateLink() {
    if (!confirm("Make a new link? Calendars subscribed to the current one stop updating until you subscribe again.")) return;
    load(true);
  }

  load(false);
  url.addEventListener("focus", () => url.select());
  return dialog;
}

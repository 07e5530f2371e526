// Participants: everyone sees who is on the checklist; the owner shares by username with a
// role, changes roles and removes people. Others get a read-only list.
import { h } from "../dom.js";
import { icon } from "../icons.js";
import { initials, hueFor } from "../format.js";

const ROLE_LABEL = { owner: "Owner", editor: "Editor", viewer: "Viewer" };
const ROLE_HELP = { editor: "Can add, edit and tick off items", viewer: "Can only look" };

export function createParticipantsPanel(app, { listId, close }) {
  const username = h("input#share-username", { placeholder: "Username", autocomplete: "off", autocapitalize: "none", spellcheck: "false", maxlength: 32, "aria-label": "Username to share with" });
  const role = h("select#share-role", { "aria-label": "Role" }, h("option", { value: "editor" }, "Editor"), h("option", { value: "viewer" }, "Viewer"));
  const error = h("p.form-error#share-error", { role: "alert", hidden: true });
  const shareForm = h("form.share-form#share-form", { onsubmit: onShare },
    h("div.share-row", username, role, h("button.btn.primary#share-submit", { type: "submit" }, icon("userPlus", { size: 16 }), "Share")),
    h("p.field-hint", "Editors can add, edit and tick off items. Viewers can only look."),
    error,
  );
  const listEl = h("ul.people#participants-list");
  const intro = h("p.panel-intro");
  const el = h("aside.panel.people-panel#participants-panel", { role: "dialog", "aria-label": "Participants", onkeydown: (e) => { if (e.key === "Escape") { e.preventDefault(); close(); } } },
    h("div.panel-head", h("h2.panel-heading", icon("users", { size: 18 }), "People"),
      h("button.icon-button#participants-close", { type: "button", "aria-label": "Close", onclick: close }, icon("x", { size: 18 }))),
    h("div.panel-body", intro, shareForm, listEl),
  );
  let waiting = null; // opId of the share in flight, to show its error here

  const onRejected = (e) => {
    if (!waiting || e.detail.entry.opId !== waiting) return;
    waiting = null;
    const err = e.detail.error;
    error.hidden = false;
    error.textContent = err.code === "notFound" ? `There is no user named “${e.detail.entry.message.username}”.` : err.message;
  };
  app.sync.addEventListener("rejected", onRejected);

  function onShare(e) {
    e.preventDefault();
    const name = username.value.trim();
    error.hidden = true;
    if (!name) { username.focus(); return; }
    if (name.toLowerCase() === app.user.username.toLowerCase()) {
      error.hidden = false;
      error.textContent = "You own this checklist already.";
      return;
    }
    waiting = app.op({ op: "share", list: listId, username: name, role: role.value }).opId;
    username.value = "";
    username.focus();
  }

  function update(state) {
    const inbox = Boolean(state.view.summary.inbox);
    const isOwner = state.isOwner && state.view.summary.status !== "cancelled" && !inbox;
    shareForm.hidden = !isOwner;
    intro.textContent = inbox ? "Your Inbox is yours alone: it cannot be shared. Move items to a shared checklist instead."
      : isOwner ? "Share this checklist by username." : "Only the owner can share this checklist or change roles.";
    const people = [...state.view.participants.entries()].sort((a, b) => {
      const rank = { owner: 0, editor: 1, viewer: 2 };
      return (rank[a[1]] - rank[b[1]]) || a[0].localeCompare(b[0]);
    });
    const pendingNames = new Set(app.outbox.forList(listId).filter((en) => en.message.op === "share" || en.message.op === "unshare").map((en) => en.message.username));
    const focusedKey = document.activeElement?.dataset?.focusKey;
    listEl.replaceChildren(...people.map(([name, r]) => {
      const me = app.user && name.toLowerCase() === app.user.username.toLowerCase();
      const controls = [];
      if (isOwner && r !== "owner") {
        const select = h("select.role-select", { "aria-label": `Role of ${name}`, "data-focus-key": `role-${name}`, onchange: (ev) => app.op({ op: "share", list: listId, username: name, role: ev.target.value }) },
          h("option", { value: "editor", selected: r === "editor" }, "Editor"), h("option", { value: "viewer", selected: r === "viewer" }, "Viewer"));
        controls.push(select);
        controls.push(h("button.icon-button.remove-person", { type: "button", title: `Remove ${name}`, "aria-label": `Remove ${name}`, "data-focus-key": `remove-${name}`, onclick: () => app.op({ op: "unshare", list: listId, username: name }) }, icon("x", { size: 16 })));
      } else {
        controls.push(h(`span.badge.role.role-${r}`, ROLE_LABEL[r] || r));
      }
      return h("li.person", { "data-username": name },
        h("span.avatar", { style: { "--hue": hueFor(name) } }, initials(name)),
        h("div.person-text", h("span.person-name", name, me ? h("span.muted", " (you)") : null),
          h("span.muted.small-text", r === "owner" ? "Owns this checklist" : ROLE_HELP[r] || ""),
          pendingNames.has(name) ? h("span.chip.pending-chip", icon("refresh", { size: 12 }), "Pending") : null),
        h("div.person-controls", controls),
      );
    }));
    if (focusedKey) listEl.querySelector(`[data-focus-key="${CSS.escape(focusedKey)}"]`)?.focus();
  }

  return {
    el,
    update,
    focus() { (shareForm.hidden ? el.querySelector("#participants-close") : username).focus(); },
    destroy() { app.sync.removeEventListener("rejected", onRejected); },
  };
}

// The main view: checklists In progress (due soonest first), Completed and Cancelled. Each
// section and each card is kept under its key (the checklist's id, a pending creation's opId)
// and patched in place, so the card under the pointer or the focus survives live updates.
import { h, setText, setClass, setAttr } from "../dom.js";
import { keyedChildren, whenChanged } from "../keyed.js";
import { icon } from "../icons.js";
import { formatDue, formatDueLong, isOverdue, isDueSoon, initials, hueFor, plural, relativeTime, inputsToDue, displayZone } from "../format.js";
import { openDialog } from "./dialog.js";
import { newId } from "../outbox.js";
import { createQuickAddBox } from "./quick-add-echo.js";

const ROLE_LABEL = { owner: "Owner", editor: "Editor", viewer: "Viewer" };

export function createListsView(app) {
  const content = h("div.lists-content");
  const newButton = h("button.btn.primary#new-list-button", { type: "button", onclick: () => openNewListDialog(app) },
    icon("plus", { size: 18 }), h("span", "New checklist"));
  const subtitle = h("p.page-subtitle");
  const quickAdd = createQuickAddBox(app, { id: "lists-quick-add", placeholder: "Quick add — to the checklist you name (#Groceries), or to your Inbox (Q)" });
  const el = h("section.page.lists-page",
    h("div.page-header",
      h("div", h("h1.page-title", "Checklists"), subtitle),
      newButton,
    ),
    h("div.card.quick-add-card", quickAdd.el),
    content,
  );
  const collapsed = { completed: false, cancelled: true };
  const sections = keyedChildren(content, {
    create: (model) => createSection(model, () => { collapsed[model.collapsibleKey] = !collapsed[model.collapsibleKey]; update(); }),
    update: (section, model) => section.update(model),
  });
  let placeholder = null; // { kind, el } shown instead of the sections

  /** Shows `build()` instead of the sections, built again only when `kind` changes. */
  function showPlaceholder(kind, build) {
    sections.clear();
    if (placeholder?.kind === kind) return;
    placeholder = { kind, el: build() };
    content.replaceChildren(placeholder.el);
  }

  function update() {
    document.title = "Checklists · Checkwire";
    const store = app.store;
    const lists = store.orderedLists().map((summary) => {
      const projected = app.project(summary.id);
      return { ...projected.summary, role: summary.role, participantNames: [...projected.participants.keys()], pending: projected.pendingList || projected.pendingItems.size > 0 };
    });
    const active = lists.filter((l) => l.status === "active"); // in the server's order, as the store keeps it
    const completed = lists.filter((l) => l.status === "completed");
    const cancelled = lists.filter((l) => l.status === "cancelled");
    const creating = app.outbox.entries.filter((e) => e.message.op === "createList");

    subtitle.textContent = lists.length
      ? `${active.length} in progress · ${completed.length} completed${cancelled.length ? ` · ${cancelled.length} cancelled` : ""}`
      : "";

    if (!store.listsLoaded && !lists.length && !creating.length) {
      const offline = app.sync.unreachable;
      showPlaceholder(offline ? "offline" : "skeleton", offline ? offlineState : skeleton);
      return;
    }
    if (!lists.length && !creating.length) {
      showPlaceholder("empty", () => emptyState(app));
      return;
    }
    placeholder?.el.remove();
    placeholder = null;
    const cards = (some) => some.map((list) => ({ key: list.id, list }));
    sections.update([
      { key: "active", title: "In progress", collapsibleKey: null, collapsed: false,
        cards: [...creating.map((entry) => ({ key: `pending:${entry.opId}`, entry })), ...cards(active)] },
      completed.length ? { key: "completed", title: "Completed", collapsibleKey: "completed", collapsed: collapsed.completed, cards: cards(completed) } : null,
      cancelled.length ? { key: "cancelled", title: "Cancelled", collapsibleKey: "cancelled", collapsed: collapsed.cancelled, cards: cards(cancelled) } : null,
    ].filter(Boolean));
  }

  return { el, update, destroy() { quickAdd.echo.destroy(); } };
}

/** One section: its heading (the toggle button kept, so it keeps the focus) and its cards, kept under their keys. */
function createSection({ key, title, collapsibleKey }, toggle) {
  const count = h("span.count");
  let chevron = null;
  let collapsedShown = null;
  const header = collapsibleKey
    ? h("button.section-toggle", { type: "button", onclick: toggle }, h("span", title), count)
    : h("div.section-heading", h("span", title), count);
  const grid = h("div.cards");
  const empty = key === "active" ? h("p.section-empty", "Nothing in progress. Create a checklist to get started.") : null;
  const el = h(`section.list-section#section-${key}`, { "aria-label": title }, h("h2.section-title", header));
  const cards = keyedChildren(grid, {
    create: (model) => (model.entry ? { el: pendingCard(model.entry), update() {} } : createCard()),
    update: (card, model) => card.update(model.list),
  });
  let body = null;

  function showBody(node) {
    if (node === body) return;
    body?.remove();
    body = node;
    if (node) el.append(node);
  }

  return {
    el,
    update(model) {
      setText(count, String(model.cards.length));
      if (collapsibleKey && model.collapsed !== collapsedShown) {
        collapsedShown = model.collapsed;
        header.setAttribute("aria-expanded", String(!model.collapsed));
        const next = icon(model.collapsed ? "chevronRight" : "chevronDown", { size: 16 });
        if (chevron) chevron.replaceWith(next);
        else header.prepend(next);
        chevron = next;
      }
      if (model.collapsed) {
        cards.clear();
        showBody(null);
        return;
      }
      cards.update(model.cards);
      showBody(model.cards.length ? grid : empty);
    },
  };
}

/** A checklist's card: the link kept (its focus and hover survive), each part patched or redrawn when it changes. */
function createCard() {
  const title = h("h3.card-title");
  const top = h("div.card-top", title);
  const description = h("p.card-description");
  const fill = h("div.progress-fill");
  const progress = h("div.progress", { role: "progressbar", "aria-valuemin": "0", "aria-valuemax": "100" }, fill);
  const meta = h("div.card-meta");
  const el = h("a.list-card", top, progress, meta);
  const redrawBadges = whenChanged();
  const redrawMeta = whenChanged();
  let badgeEls = [];
  return {
    el,
    update(list) {
      const hue = hueFor(list.id);
      const overdue = list.status === "active" && list.due && isOverdue(list.due);
      const soon = list.status === "active" && list.due && isDueSoon(list.due);
      const { done, total, percent } = list.completion || { done: 0, total: 0, percent: 0 };
      const names = list.participantNames || [];
      const count = typeof list.participants === "number" ? list.participants : names.length;
      const statusNote = list.status === "completed" && list.completedAt ? `Completed ${relativeTime(list.completedAt)}`
        : list.status === "cancelled" && list.cancelledAt ? `Cancelled ${relativeTime(list.cancelledAt)}` : null;
      setClass(el, `list-card status-${list.status}`);
      setAttr(el, "href", `#/list/${encodeURIComponent(list.id)}`);
      setAttr(el, "data-list-id", list.id);
      el.style.setProperty("--hue", hue);
      setText(title, list.title);
      redrawBadges([list.pending, list.role], () => {
        for (const badge of badgeEls) badge.remove();
        badgeEls = [
          list.pending ? h("span.badge.pending", { title: "Changes waiting to reach the server" }, icon("refresh", { size: 12 }), "Pending") : null,
          h(`span.badge.role.role-${list.role || "viewer"}`, ROLE_LABEL[list.role] || "Shared"),
        ].filter(Boolean);
        top.append(...badgeEls);
      });
      if (list.description) {
        setText(description, list.description);
        if (description.parentNode !== el) top.after(description);
      } else {
        description.remove();
      }
      setAttr(progress, "aria-valuenow", String(percent));
      setAttr(progress, "aria-label", `${percent}% complete`);
      if (fill.style.width !== `${percent}%`) fill.style.width = `${percent}%`;
      redrawMeta([percent, done, total, statusNote, list.due, overdue, soon, names, count], () => {
        meta.replaceChildren(
          h("span.card-progress", h("strong", `${percent}%`), h("span.muted", total ? ` · ${done} of ${total} done` : " · No items yet")),
          h("span.card-meta-end",
            statusNote ? h("span.chip.muted", statusNote)
              : list.due ? h(`span.chip.due${overdue ? ".overdue" : soon ? ".soon" : ""}`, { title: formatDueLong(list.due) }, icon(overdue ? "alert" : "calendar", { size: 13 }), formatDue(list.due)) : null,
            avatarStack(names, count),
          ),
        );
      });
    },
  };
}

export function avatarStack(names, count) {
  const shown = names.slice(0, 3);
  const extra = Math.max(0, count - shown.length);
  return h("span.avatar-stack", { title: names.length ? names.join(", ") : plural(count, "participant"), "aria-label": plural(count, "participant") },
    shown.map((name) => h("span.avatar.small", { style: { "--hue": hueFor(name) } }, initials(name))),
    extra ? h("span.avatar.small.more", `+${extra}`) : null,
    !shown.length ? h("span.participants-count", icon("users", { size: 14 }), String(count)) : null,
  );
}

function pendingCard(entry) {
  const m = entry.message;
  return h("div.list-card.pending-card", { "data-pending-op": entry.opId, style: { "--hue": 230 } },
    h("div.card-top", h("h3.card-title", m.title), h("span.badge.pending", icon("refresh", { size: 12 }), "Waiting to sync")),
    m.description ? h("p.card-description", m.description) : null,
    h("div.progress", h("div.progress-fill", { style: { width: "0%" } })),
    h("div.card-meta", h("span.muted", "Created offline — it appears here for everyone once you’re back online.")),
  );
}

/** Nothing cached on this device and no server to ask: a message, not a skeleton that can't resolve. */
function offlineState() {
  return h("div.empty-state#lists-offline", { role: "status" },
    h("div.empty-icon", icon("cloudOff", { size: 40 })),
    h("h2", "You’re offline"),
    h("p", "Your checklists aren’t on this device yet — they will load when you’re back online."));
}

function skeleton() {
  return h("div.cards.skeleton", { "aria-hidden": "true" }, [1, 2, 3].map(() => h("div.list-card.skeleton-card", h("div.sk-line.w60"), h("div.sk-line.w40"), h("div.sk-bar"))));
}

function emptyState(app) {
  return h("div.empty-state",
    h("div.empty-icon", icon("checkCircle", { size: 40 })),
    h("h2", "No checklists yet"),
    h("p", "Create one for a class, a project or the household, then share it and tick things off together."),
    h("button.btn.primary", { type: "button", onclick: () => openNewListDialog(app) }, icon("plus", { size: 18 }), "New checklist"),
  );
}

export function openNewListDialog(app) {
  const title = h("input#new-list-title", { name: "title", required: true, maxlength: 500, placeholder: "e.g. CS 298", autocomplete: "off" });
  const description = h("textarea#new-list-description", { name: "description", rows: 3, maxlength: 10000, placeholder: "What is this checklist for? (optional)" });
  const due = h("input#new-list-due", { name: "due", type: "date" });
  const time = h("input#new-list-time", { name: "time", type: "time" });
  const kindChoice = (value, label, hint, checked) => h("label.kind-choice",
    h(`input#new-list-kind-${value}`, { type: "radio", name: "kind", value, checked }),
    h("span.kind-text", h("strong", label), h("span.muted.small-text", hint)));
  const kinds = h("div.kind-choices", { role: "radiogroup", "aria-label": "Kind" },
    kindChoice("checklist", "Checklist", "Things to do once, ticked off together", true),
    kindChoice("habits", "Habits", "Things to keep doing: each person checks in every day", false));
  openDialog({
    id: "new-list-dialog",
    title: "New checklist",
    submitLabel: "Create checklist",
    body: [
      h("label.field", h("span.field-label", "Title"), title),
      kinds,
      h("label.field", h("span.field-label", "Description"), description),
      h("div.field-row.new-list-due",
        h("label.field", h("span.field-label", "Due date"), due),
        h("label.field", h("span.field-label", "Time ", h("span.muted", "(optional)")), time)),
    ],
    onSubmit() {
      const text = title.value.trim();
      if (!text) throw new Error("Give the checklist a title.");
      const habits = kinds.querySelector("input:checked")?.value === "habits";
      const fields = { op: "createList", id: newId(), title: text, tz: displayZone() };
      if (habits) fields.kind = "habits";
      if (description.value.trim()) fields.description = description.value.trim();
      const dueValue = habits ? null : inputsToDue(due.value, time.value);
      if (dueValue) fields.due = dueValue;
      const entry = app.op(fields);
      const onAck = (e) => {
        if (e.detail.entry.opId !== entry.opId) return;
        app.sync.removeEventListener("acked", onAck);
        if (location.hash === "" || location.hash === "#/") app.navigate(`#/list/${encodeURIComponent(e.detail.ack.list)}`);
      };
      app.sync.addEventListener("acked", onAck);
      if (app.sync.status === "offline") app.toast("Saved on this device. It will be created when you’re back online.");
      return true;
    },
  });
}

// The main view: checklists In progress (due soonest first), Completed and Cancelled.
import { h, replaceChildrenPreservingFocus } from "../dom.js";
import { icon } from "../icons.js";
import { formatDue, formatDueLong, isOverdue, isDueSoon, initials, hueFor, plural, relativeTime, inputsToDue } from "../format.js";
import { openDialog } from "./dialog.js";

const ROLE_LABEL = { owner: "Owner", editor: "Editor", viewer: "Viewer" };

export function createListsView(app) {
  const content = h("div.lists-content");
  const newButton = h("button.btn.primary#new-list-button", { type: "button", onclick: () => openNewListDialog(app) },
    icon("plus", { size: 18 }), h("span", "New checklist"));
  const subtitle = h("p.page-subtitle");
  const el = h("section.page.lists-page",
    h("div.page-header",
      h("div", h("h1.page-title", "Checklists"), subtitle),
      newButton,
    ),
    content,
  );
  const collapsed = { completed: false, cancelled: true };

  function update() {
    document.title = "Checklists · Checkwire";
    const store = app.store;
    const lists = store.orderedLists().map((summary) => {
      const projected = app.project(summary.id);
      return { ...projected.summary, role: summary.role, participantNames: [...projected.participants.keys()], pending: projected.pendingList || projected.pendingItems.size > 0 };
    });
    const reorder = (arr) => arr; // the server's order rules are applied by the store
    const active = reorder(lists.filter((l) => l.status === "active"));
    const completed = lists.filter((l) => l.status === "completed");
    const cancelled = lists.filter((l) => l.status === "cancelled");
    const creating = app.outbox.entries.filter((e) => e.message.op === "createList");

    subtitle.textContent = lists.length
      ? `${active.length} in progress · ${completed.length} completed${cancelled.length ? ` · ${cancelled.length} cancelled` : ""}`
      : "";

    if (!store.listsLoaded && !lists.length && !creating.length) {
      replaceChildrenPreservingFocus(content, app.sync.unreachable ? offlineState() : skeleton());
      return;
    }
    if (!lists.length && !creating.length) {
      replaceChildrenPreservingFocus(content, emptyState(app));
      return;
    }
    replaceChildrenPreservingFocus(content,
      section("active", "In progress", [...creating.map(pendingCard), ...active.map((l) => card(l))], null,
        h("p.section-empty", "Nothing in progress. Create a checklist to get started.")),
      completed.length ? section("completed", "Completed", completed.map((l) => card(l)), "completed") : null,
      cancelled.length ? section("cancelled", "Cancelled", cancelled.map((l) => card(l)), "cancelled") : null,
    );
  }

  function section(id, title, cards, collapsibleKey, empty) {
    const isCollapsed = collapsibleKey ? collapsed[collapsibleKey] : false;
    const header = collapsibleKey
      ? h("button.section-toggle", {
        type: "button", "aria-expanded": String(!isCollapsed), "data-focus-key": `section-${id}`,
        onclick: () => { collapsed[collapsibleKey] = !collapsed[collapsibleKey]; update(); },
      }, icon(isCollapsed ? "chevronRight" : "chevronDown", { size: 16 }), h("span", title), h("span.count", String(cards.length)))
      : h("div.section-heading", h("span", title), h("span.count", String(cards.length)));
    return h(`section.list-section#section-${id}`, { "aria-label": title },
      h("h2.section-title", header),
      isCollapsed ? null : (cards.length ? h("div.cards", cards) : empty || null),
    );
  }

  return { el, update, destroy() {} };
}

function card(list) {
  const hue = hueFor(list.id);
  const overdue = list.status === "active" && list.due && isOverdue(list.due);
  const soon = list.status === "active" && list.due && isDueSoon(list.due);
  const { done, total, percent } = list.completion || { done: 0, total: 0, percent: 0 };
  const names = list.participantNames || [];
  const count = typeof list.participants === "number" ? list.participants : names.length;
  const statusNote = list.status === "completed" && list.completedAt ? `Completed ${relativeTime(list.completedAt)}`
    : list.status === "cancelled" && list.cancelledAt ? `Cancelled ${relativeTime(list.cancelledAt)}` : null;
  return h(`a.list-card.status-${list.status}`, {
    href: `#/list/${encodeURIComponent(list.id)}`,
    "data-list-id": list.id,
    "data-focus-key": `list-${list.id}`,
    style: { "--hue": hue },
  },
  h("div.card-top",
    h("h3.card-title", list.title),
    list.pending ? h("span.badge.pending", { title: "Changes waiting to reach the server" }, icon("refresh", { size: 12 }), "Pending") : null,
    h(`span.badge.role.role-${list.role || "viewer"}`, ROLE_LABEL[list.role] || "Shared"),
  ),
  list.description ? h("p.card-description", list.description) : null,
  h("div.progress", { role: "progressbar", "aria-valuemin": "0", "aria-valuemax": "100", "aria-valuenow": String(percent), "aria-label": `${percent}% complete` },
    h("div.progress-fill", { style: { width: `${percent}%` } })),
  h("div.card-meta",
    h("span.card-progress", h("strong", `${percent}%`), h("span.muted", total ? ` · ${done} of ${total} done` : " · No items yet")),
    h("span.card-meta-end",
      statusNote ? h("span.chip.muted", statusNote)
        : list.due ? h(`span.chip.due${overdue ? ".overdue" : soon ? ".soon" : ""}`, { title: formatDueLong(list.due) }, icon(overdue ? "alert" : "calendar", { size: 13 }), formatDue(list.due)) : null,
      avatarStack(names, count),
    ),
  ),
  );
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
  openDialog({
    id: "new-list-dialog",
    title: "New checklist",
    submitLabel: "Create checklist",
    body: [
      h("label.field", h("span.field-label", "Title"), title),
      h("label.field", h("span.field-label", "Description"), description),
      h("div.field-row",
        h("label.field", h("span.field-label", "Due date"), due),
        h("label.field", h("span.field-label", "Time ", h("span.muted", "(optional)")), time)),
    ],
    onSubmit() {
      const text = title.value.trim();
      if (!text) throw new Error("Give the checklist a title.");
      const fields = { op: "createList", title: text };
      if (description.value.trim()) fields.description = description.value.trim();
      const dueValue = inputsToDue(due.value, time.value);
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

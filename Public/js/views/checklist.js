// One checklist: header, the item tree (expand/collapse, drill-down, checkboxes, inline
// rename, add at any level, quick add, drag and keyboard reordering, cancel/restore), the
// Cancelled section, the activity feed, and the item and participants panels.
import { h, replaceChildrenPreservingFocus } from "../dom.js";
import { icon } from "../icons.js";
import { childrenOf, descendants, ancestors, completion, openDescendantCount } from "../tree.js";
import { formatDue, formatDueLong, isOverdue, isDueSoon, relativeTime, formatInterval, hueFor, inputsToDue, dueToInputs, repeatInWords } from "../format.js";
import { avatarStack } from "./lists.js";
import { openDialog } from "./dialog.js";
import { openFeedDialog } from "./feed.js";
import { createItemPanel } from "./item/panel.js";
import { createParticipantsPanel } from "./participants.js";
import { renderActivity } from "./activity.js";
import { newId } from "../outbox.js";

const ROLE_LABEL = { owner: "Owner", editor: "Editor", viewer: "Viewer" };

export function createChecklistView(app, initialParams) {
  let params = initialParams;
  const listId = params.listId;
  const ui = {
    collapsed: new Set(),
    editing: null, // { id, draft }
    adding: null, // { parentId }
    activeId: null,
    showCancelled: false,
    dragId: null,
  };

  const header = h("header.checklist-header");
  const banner = h("div.banner-slot");
  const quickAddInput = h("input.quick-add-input#quick-add", {
    type: "text", maxlength: 1000, autocomplete: "off", "data-focus-key": "quick-add",
    "aria-label": "Add an item",
  });
  const quickAdd = h("form.quick-add", { onsubmit: onQuickAdd },
    h("span.quick-add-icon", icon("plus", { size: 18 })),
    quickAddInput,
    h("kbd.quick-add-hint", "Enter"),
  );
  const rootCard = h("div.root-card-slot");
  const tree = h("div.tree#item-tree", { role: "tree", "aria-label": "Items" });
  const cancelledSlot = h("div.cancelled-slot");
  const activity = h("div.activity-body#activity");
  const panelSlot = h("div.panel-slot");
  const el = h("section.page.checklist-page", { "data-list-id": listId },
    header,
    banner,
    h("div.checklist-layout",
      h("div.card.items-card",
        rootCard,
        quickAdd,
        tree,
        cancelledSlot,
      ),
      h("aside.card.activity-card", { "aria-label": "Activity" },
        h("h2.card-title-small", icon("activity", { size: 16 }), "Activity"),
        activity,
      ),
    ),
    panelSlot,
  );

  tree.addEventListener("keydown", onTreeKey);
  let panel = null; // { kind, id, view }
  let rendering = false; // re-rendering the tree: blur events then are not the person's

  // ---- derived state ------------------------------------------------------------------------------

  function current() {
    const summary = app.store.lists.get(listId);
    const detail = app.store.detail(listId);
    const view = app.project(listId);
    const role = summary?.role || (detail && app.user ? detail.participants.get(app.user.username) : null);
    const listStatus = view.summary.status;
    const canEdit = app.canEdit(role) && listStatus !== "cancelled";
    return { summary, detail, view, role, canEdit, isOwner: role === "owner" };
  }

  // ---- rendering -----------------------------------------------------------------------------------

  function update() {
    const state = current();
    const { summary, detail, view } = state;
    if (!summary && !detail) {
      document.title = "Checkwire";
      // Offline, this device has nothing of the list: say so rather than show a skeleton that
      // cannot resolve. The view updates by itself once the server sends the list.
      const content = app.sync.unreachable ? notOfflineYet()
        : app.store.listsLoaded
          ? h("div.empty-state", h("div.empty-icon", icon("inbox", { size: 40 })), h("h2", "Checklist not found"),
            h("p", "It may have been shared with you and then unshared, or the link is wrong."), h("a.btn.primary", { href: "#/" }, "Back to checklists"))
          : h("div.skeleton-header", h("div.sk-line.w40"), h("div.sk-line.w60"));
      replaceChildrenPreservingFocus(header, content);
      el.classList.add("missing");
      return;
    }
    el.classList.remove("missing");
    if (params.rootId && !view.items.has(params.rootId) && detail) {
      app.navigate(`#/list/${encodeURIComponent(listId)}`, { replace: true });
      return;
    }
    document.title = `${view.summary.title} · Checkwire`;
    el.classList.toggle("read-only", !state.canEdit);
    renderHeader(state);
    renderBanner(state);
    renderRootCard(state);
    quickAdd.hidden = !state.canEdit;
    const rootItem = params.rootId ? view.items.get(params.rootId) : null;
    quickAddInput.placeholder = rootItem
      ? `Add a sub-item to “${rootItem.title}”`
      : matchMedia("(max-width: 720px)").matches ? "Add an item" : "Add an item — e.g. “Read chapter 4”";
    if (!detail) {
      replaceChildrenPreservingFocus(tree, app.sync.unreachable
        ? notOfflineYet()
        : h("div.tree-loading", [1, 2, 3, 4].map(() => h("div.sk-row", h("div.sk-check"), h("div.sk-line.w60")))));
      cancelledSlot.replaceChildren();
    } else {
      renderTree(state);
      renderCancelled(state);
    }
    renderActivity(activity, app, detail, view);
    renderPanel(state);
  }

  function renderHeader(state) {
    const { view, role, isOwner } = state;
    const s = view.summary;
    const canEditList = app.canEdit(role) && s.status !== "cancelled";
    const crumbs = [h("a.crumb", { href: "#/" }, "Checklists")];
    const rootId = params.rootId;
    if (rootId) {
      crumbs.push(h("a.crumb", { href: `#/list/${encodeURIComponent(listId)}` }, s.title));
      for (const a of ancestors(view.items, rootId)) {
        crumbs.push(h("a.crumb", { href: `#/list/${encodeURIComponent(listId)}/in/${encodeURIComponent(a.id)}` }, a.title));
      }
      crumbs.push(h("span.crumb.current", { "aria-current": "page" }, view.items.get(rootId)?.title || ""));
    } else {
      crumbs.push(h("span.crumb.current", { "aria-current": "page" }, s.title));
    }
    const { done, total, percent } = view.completion;
    const overdue = s.status === "active" && s.due && isOverdue(s.due);
    const actions = [];
    if (canEditList) {
      actions.push(h("button.btn.ghost.small#edit-list-button", { type: "button", onclick: () => editListDialog(state) }, icon("pencil", { size: 15 }), h("span", "Edit")));
      if (s.status === "active") {
        actions.push(h("button.btn.secondary.small#complete-list-button", { type: "button", onclick: () => app.op({ op: "completeList", list: listId }) }, icon("check", { size: 15 }), h("span", "Complete")));
      } else if (s.status === "completed") {
        actions.push(h("button.btn.secondary.small#reopen-list-button", { type: "button", onclick: () => app.op({ op: "reopenList", list: listId }) }, icon("undo", { size: 15 }), h("span", "Reopen")));
      }
    }
    if (isOwner && s.status !== "cancelled") {
      actions.push(h("button.btn.ghost.small.danger-text#cancel-list-button", { type: "button", onclick: () => confirmCancelList(s) }, icon("ban", { size: 15 }), h("span", "Cancel list")));
    }
    if (s.status !== "cancelled" && s.kind !== "habits") {
      actions.push(h("button.btn.ghost.small#list-feed-button", {
        type: "button", title: "Subscribe to this checklist’s due dates in your calendar app",
        onclick: () => openFeedDialog(app, { list: listId, title: s.title }),
      }, icon("calendar", { size: 15 }), h("span", "Calendar link")));
    }
    const names = [...view.participants.keys()];
    replaceChildrenPreservingFocus(header,
      h("nav.breadcrumb", { "aria-label": "Breadcrumb" }, crumbs.flatMap((c, i) => (i ? [h("span.crumb-sep", { "aria-hidden": "true" }, icon("chevronRight", { size: 14 })), c] : [c]))),
      h("div.header-main",
        h("div.header-text",
          h("h1.page-title.checklist-title#checklist-title", { style: { "--hue": hueFor(listId) } }, h("span.title-dot"), s.title),
          s.description ? h("p.checklist-description", s.description) : null,
          h("div.header-meta",
            s.due ? h(`span.chip.due${overdue ? ".overdue" : isDueSoon(s.due) ? ".soon" : ""}`, { title: formatDueLong(s.due) }, icon(overdue ? "alert" : "calendar", { size: 13 }), `Due ${formatDue(s.due)}`) : null,
            h(`span.badge.role.role-${role || "viewer"}#my-role`, role === "viewer" ? [icon("eye", { size: 12 }), "View only"] : ROLE_LABEL[role] || ""),
            state.view.pendingList ? h("span.badge.pending", icon("refresh", { size: 12 }), "Pending") : null,
            h("button.participants-button#participants-button", {
              type: "button", "data-focus-key": "participants-button",
              onclick: () => openPanel("people"),
              "aria-label": `Participants (${names.length || s.participants || 0})`,
            }, avatarStack(names, names.length || s.participants || 0), h("span.participants-label", isOwner ? "Share" : "People")),
          ),
        ),
        h("div.header-side",
          h("div.big-progress",
            h("div.big-progress-top", h("strong#list-percent", `${percent}%`), h("span.muted", total ? `${done} of ${total} done` : "No items yet")),
            h("div.progress", { role: "progressbar", "aria-valuenow": String(percent), "aria-valuemin": "0", "aria-valuemax": "100", "aria-label": "Checklist completion" },
              h("div.progress-fill", { style: { width: `${percent}%` } }))),
          actions.length ? h("div.header-actions", actions) : null,
        ),
      ),
    );
  }

  function renderBanner(state) {
    const s = state.view.summary;
    let content = null;
    if (s.status === "cancelled") {
      content = h("div.banner.cancelled#list-banner", icon("ban", { size: 18 }),
        h("span", `This checklist was cancelled${s.cancelledAt ? ` ${relativeTime(s.cancelledAt)}` : ""}. Nothing in it is lost.`),
        state.isOwner ? h("button.btn.small.secondary#restore-list-button", { type: "button", onclick: () => app.op({ op: "restoreList", list: listId }) }, icon("undo", { size: 15 }), "Restore") : null);
    } else if (s.status === "completed") {
      content = h("div.banner.completed#list-banner", icon("checkCircle", { size: 18 }),
        h("span", `Completed${s.completedAt ? ` ${relativeTime(s.completedAt)}` : ""}. Nice work!`));
    } else if (state.role === "viewer") {
      content = h("div.banner.info#list-banner", icon("eye", { size: 18 }), h("span", "You can view this checklist. Ask the owner for edit access to change it."));
    }
    replaceChildrenPreservingFocus(banner, content);
  }

  function renderRootCard(state) {
    const rootId = params.rootId;
    if (!rootId || !state.view.items.has(rootId)) {
      rootCard.replaceChildren();
      return;
    }
    const item = state.view.items.get(rootId);
    const c = completion(state.view.index, rootId);
    const parentHref = item.parent ? `#/list/${encodeURIComponent(listId)}/in/${encodeURIComponent(item.parent)}` : `#/list/${encodeURIComponent(listId)}`;
    replaceChildrenPreservingFocus(rootCard,
      h("div.root-card",
        h("a.icon-button#drill-up", { href: parentHref, "aria-label": "Up one level", title: "Up one level" }, icon("chevronLeft", { size: 18 })),
        checkbox(item, state, "root"),
        h("div.root-card-text",
          h("button.root-title", { type: "button", onclick: () => openItem(item.id) }, item.title),
          h("span.muted", c.total ? `${c.done} of ${c.total} sub-items done · ${c.percent}%` : "No sub-items yet")),
        h("div.progress.slim", h("div.progress-fill", { style: { width: `${c.percent}%` } })),
      ));
  }

  function visibleRows(state) {
    const rows = [];
    const walk = (parentId, depth) => {
      for (const item of childrenOf(state.view.index, parentId)) {
        if (item.status === "cancelled") continue;
        const kids = childrenOf(state.view.index, item.id).filter((k) => k.status !== "cancelled");
        rows.push({ item, depth, hasChildren: kids.length > 0 });
        if (kids.length && !ui.collapsed.has(item.id)) walk(item.id, depth + 1);
        if (ui.adding && ui.adding.parentId === item.id && !ui.collapsed.has(item.id)) rows.push({ adder: true, parentId: item.id, depth: depth + 1 });
      }
    };
    walk(params.rootId || null, 0);
    return rows;
  }

  function renderTree(state) {
    const rows = visibleRows(state);
    const itemRows = rows.filter((r) => !r.adder);
    if (!itemRows.some((r) => r.item.id === ui.activeId)) ui.activeId = itemRows[0]?.item.id ?? null;
    if (!itemRows.length && !rows.length) {
      replaceChildrenPreservingFocus(tree, h("div.tree-empty#tree-empty",
        icon("checkCircle", { size: 32 }),
        h("p", params.rootId ? "No sub-items here yet." : "This checklist is empty."),
        state.canEdit ? h("p.muted", "Type in the box above and press Enter to add the first item.") : null));
      return;
    }
    rendering = true;
    try {
      replaceChildrenPreservingFocus(tree, rows.map((r) => (r.adder ? adderRow(r, state) : row(r, state))));
    } finally {
      rendering = false;
    }
  }

  function row({ item, depth, hasChildren }, state) {
    const { canEdit, view } = state;
    const pending = view.pendingItems.has(item.id);
    const isEditing = ui.editing && ui.editing.id === item.id;
    const expanded = hasChildren && !ui.collapsed.has(item.id);
    const c = hasChildren ? completion(view.index, item.id) : null;
    const overdue = item.status === "open" && item.due && isOverdue(item.due);
    const meta = [];
    if (item.due) meta.push(h(`span.chip.due${overdue ? ".overdue" : item.status === "open" && isDueSoon(item.due) ? ".soon" : ""}`, { title: formatDueLong(item.due) }, icon(overdue ? "alert" : "calendar", { size: 12 }), formatDue(item.due)));
    if (c) meta.push(h("span.chip.sub-progress", { title: `${c.done} of ${c.total} sub-items done` }, h("span.mini-ring", { style: { "--p": c.percent } }), `${c.done}/${c.total}`));
    const files = (item.attachments || []).filter((a) => a.status !== "cancelled").length;
    if (files) meta.push(h("span.chip.plain.attachment-count", { title: `${files} file${files === 1 ? "" : "s"}` }, icon("paperclip", { size: 12 }), h("span.chip-text", String(files))));
    if (item.location) meta.push(h("span.chip.plain", { title: item.location }, icon("mapPin", { size: 12 }), h("span.chip-text", item.location)));
    if (item.available === false && item.status === "open") meta.push(h("span.chip.plain.locked-chip", { title: item.availableFrom ? `Opens ${formatDueLong(item.availableFrom)}` : "Opens when the one before it is done" }, icon("lock", { size: 12 }), h("span.chip-text", "Not yet")));
    if (item.repeat) meta.push(h("span.chip.plain.repeat-chip", { title: `Repeats ${repeatInWords(item.repeat)}` }, icon("refresh", { size: 12 }), h("span.chip-text", repeatInWords(item.repeat))));
    if (item.remindEvery) meta.push(h("span.chip.plain", { title: formatInterval(item.remindEvery) }, icon("repeat", { size: 12 })));
    if (item.notes) meta.push(h("span.chip.plain", { title: "Has notes" }, icon("note", { size: 12 })));
    if (pending) meta.push(h("span.chip.pending-chip", { title: "Saved on this device; waiting to reach the server" }, icon("refresh", { size: 12 }), "Pending"));

    const titleEl = isEditing
      ? h("input.rename-input", {
        value: ui.editing.draft, maxlength: 500, "aria-label": "Item title",
        "data-focus-key": `rename-${item.id}`,
        oninput: (e) => { ui.editing.draft = e.target.value; },
        onkeydown: (e) => {
          e.stopPropagation();
          if (e.key === "Enter") { e.preventDefault(); commitRename(); }
          if (e.key === "Escape") { e.preventDefault(); ui.editing = null; update(); focusRow(item.id); }
        },
        onblur: () => { if (!rendering && ui.editing && ui.editing.id === item.id) commitRename(false); },
      })
      : h("span.row-title", {
        onclick: () => openItem(item.id),
        ondblclick: (e) => { if (canEdit) { e.preventDefault(); startRename(item); } },
      }, item.title);

    const actions = [];
    if (canEdit) {
      actions.push(h("button.icon-button.row-action.add-sub", { type: "button", tabindex: "-1", title: "Add sub-item", "aria-label": `Add a sub-item to ${item.title}`, onclick: () => startAdding(item.id) }, icon("plus", { size: 16 })));
      actions.push(h("button.icon-button.row-action.rename", { type: "button", tabindex: "-1", title: "Rename (F2)", "aria-label": `Rename ${item.title}`, onclick: () => startRename(item) }, icon("pencil", { size: 15 })));
    }
    actions.push(h("a.icon-button.row-action.drill", { href: `#/list/${encodeURIComponent(listId)}/in/${encodeURIComponent(item.id)}`, tabindex: "-1", title: "Open as a list", "aria-label": `Open ${item.title} as a list` }, icon("corner", { size: 15 })));
    if (canEdit) {
      actions.push(h("button.icon-button.row-action.cancel-item", { type: "button", tabindex: "-1", title: "Cancel item (Delete)", "aria-label": `Cancel ${item.title}`, onclick: () => cancelItem(item) }, icon("x", { size: 16 })));
    }

    const el = h(`div.row.status-${item.status}`, {
      role: "treeitem",
      "aria-level": String(depth + 1),
      "aria-expanded": hasChildren ? String(expanded) : null,
      "aria-selected": String(ui.activeId === item.id),
      tabindex: ui.activeId === item.id ? "0" : "-1",
      "data-item-id": item.id,
      "data-focus-key": `row-${item.id}`,
      "data-depth": String(depth),
      class: `${pending ? "pending" : ""} ${overdue ? "overdue" : ""} ${params.itemId === item.id ? "selected" : ""}`.trim() || null,
      style: { "--depth": depth },
      onfocus: (e) => { if (e.target === e.currentTarget) ui.activeId = item.id; },
    },
    canEdit ? h("span.drag-handle", { draggable: "true", title: "Drag to reorder (or Alt+↑/↓)", "aria-hidden": "true" }, icon("grip", { size: 16 })) : h("span.drag-spacer"),
    hasChildren
      ? h("button.twisty", { type: "button", tabindex: "-1", "aria-label": expanded ? "Collapse" : "Expand", onclick: () => toggle(item.id) }, icon(expanded ? "chevronDown" : "chevronRight", { size: 16 }))
      : h("span.twisty-spacer"),
    checkbox(item, state, "row"),
    h("div.row-main", titleEl, meta.length ? h("div.row-meta", meta) : null),
    h("div.row-actions", actions),
    );
    if (canEdit) attachDrag(el, item);
    return el;
  }

  function checkbox(item, state, where) {
    const done = item.status === "done";
    if (!state.canEdit) {
      return h(`span.check.readonly${done ? ".checked" : ""}`, { role: "img", "aria-label": done ? "Done" : "Not done" }, done ? icon("check", { size: 14 }) : null);
    }
    return h(`button.check${done ? ".checked" : ""}`, {
      type: "button", role: "checkbox", "aria-checked": String(done), tabindex: "-1",
      "aria-label": `${done ? "Mark not done" : "Mark done"}: ${item.title}`,
      "data-focus-key": `check-${where}-${item.id}`,
      onclick: (e) => { e.stopPropagation(); toggleDone(item, state); },
    }, icon("check", { size: 14 }));
  }

  function adderRow({ parentId, depth }) {
    const input = h("input.add-sub-input", {
      maxlength: 500, placeholder: "New sub-item — Enter to add, Esc to close", "aria-label": "New sub-item title",
      "data-focus-key": `adder-${parentId}`,
      value: ui.adding.draft || "",
      oninput: (e) => { ui.adding.draft = e.target.value; },
      onkeydown: (e) => {
        e.stopPropagation();
        if (e.key === "Escape") { e.preventDefault(); ui.adding = null; update(); focusRow(parentId); }
        if (e.key === "Enter") {
          e.preventDefault();
          const title = e.target.value.trim();
          if (!title) return;
          app.op({ op: "addItem", list: listId, id: newId(), parent: parentId, title });
          ui.adding.draft = "";
          e.target.value = "";
        }
      },
      onblur: (e) => {
        const field = e.target;
        setTimeout(() => {
          // A re-render (a live event) replaces the field, which blurs it: that is not the user
          // leaving, so the adder stays open. Only a field still on the page was left.
          if (!field.isConnected) return;
          if (ui.adding && ui.adding.parentId === parentId && !ui.adding.draft && !tree.contains(document.activeElement)) {
            ui.adding = null;
            update();
          }
        }, 150);
      },
    });
    return h("div.row.adder-row", { style: { "--depth": depth } }, h("span.drag-spacer"), h("span.twisty-spacer"), h("span.check.ghost", icon("plus", { size: 14 })), h("div.row-main", input));
  }

  function renderCancelled(state) {
    const { view } = state;
    const scope = params.rootId ? new Set(descendants(view.index, params.rootId).map((i) => i.id)) : null;
    const cancelled = [...view.items.values()]
      .filter((item) => item.status === "cancelled" && (!scope || scope.has(item.id)))
      .filter((item) => !item.parent || view.items.get(item.parent)?.status !== "cancelled" || (scope && item.parent === params.rootId))
      .sort((a, b) => (b.cancelledAt || "").localeCompare(a.cancelledAt || ""));
    if (!cancelled.length) {
      cancelledSlot.replaceChildren();
      return;
    }
    const toggleButton = h("button.section-toggle#cancelled-toggle", {
      type: "button", "aria-expanded": String(ui.showCancelled), "data-focus-key": "cancelled-toggle",
      onclick: () => { ui.showCancelled = !ui.showCancelled; update(); },
    }, icon(ui.showCancelled ? "chevronDown" : "chevronRight", { size: 16 }), h("span", "Cancelled"), h("span.count", String(cancelled.length)));
    replaceChildrenPreservingFocus(cancelledSlot, h("section.cancelled-section#cancelled-section", { "aria-label": "Cancelled items" },
      toggleButton,
      ui.showCancelled ? h("ul.cancelled-list", cancelled.map((item) => {
        const under = descendants(view.index, item.id).filter((d) => d.status === "cancelled").length;
        const path = ancestors(view.items, item.id).map((a) => a.title).join(" › ");
        return h(`li.cancelled-item${view.pendingItems.has(item.id) ? ".pending" : ""}`, { "data-item-id": item.id },
          h("span.cancelled-icon", icon("ban", { size: 15 })),
          h("div.cancelled-text",
            h("button.cancelled-title", { type: "button", onclick: () => openItem(item.id) }, item.title),
            h("span.muted", [path ? `in ${path} · ` : "", under ? `with ${under} sub-item${under === 1 ? "" : "s"} · ` : "",
              item.cancelledBy ? `cancelled by ${item.cancelledBy} ` : "cancelled ", item.cancelledAt ? relativeTime(item.cancelledAt) : ""].join(""))),
          state.canEdit ? h("button.btn.small.secondary.restore-item", { type: "button", "data-focus-key": `restore-${item.id}`, onclick: () => app.op({ op: "restoreItem", list: listId, item: item.id }) }, icon("undo", { size: 14 }), "Restore") : null,
        );
      })) : null,
    ));
  }

  function renderPanel(state) {
    const wanted = params.panel === "item" && params.itemId ? { kind: "item", id: params.itemId }
      : params.panel === "people" ? { kind: "people", id: null } : null;
    if (!wanted) {
      if (panel) {
        panel.view.destroy();
        panel = null;
        panelSlot.replaceChildren();
      }
      return;
    }
    if (!panel || panel.kind !== wanted.kind || panel.id !== wanted.id) {
      panel?.view.destroy();
      const close = () => closePanel();
      const view = wanted.kind === "item"
        ? createItemPanel(app, { listId, itemId: wanted.id, close, drill: (id) => app.navigate(`#/list/${encodeURIComponent(listId)}/in/${encodeURIComponent(id)}`) })
        : createParticipantsPanel(app, { listId, close });
      panel = { ...wanted, view };
      const scrim = h("div.scrim", { onclick: close });
      panelSlot.replaceChildren(scrim, view.el);
      view.update(state);
      requestAnimationFrame(() => view.focus?.());
    } else {
      panel.view.update(state);
    }
  }

  // ---- navigation helpers -------------------------------------------------------------------------

  function baseHash() {
    return `#/list/${encodeURIComponent(listId)}${params.rootId ? `/in/${encodeURIComponent(params.rootId)}` : ""}`;
  }

  function openItem(id) {
    app.navigate(`${baseHash()}/item/${encodeURIComponent(id)}`);
  }

  function openPanel(kind) {
    app.navigate(`${baseHash()}/${kind}`);
  }

  function closePanel() {
    const itemId = params.itemId;
    app.navigate(baseHash());
    if (itemId) requestAnimationFrame(() => focusRow(itemId));
  }

  function focusRow(id) {
    const target = tree.querySelector(`.row[data-item-id="${CSS.escape(id)}"]`);
    if (target) {
      ui.activeId = id;
      tree.querySelectorAll(".row[tabindex='0']").forEach((r) => r.setAttribute("tabindex", "-1"));
      target.setAttribute("tabindex", "0");
      target.focus();
    }
  }

  // ---- actions --------------------------------------------------------------------------------------

  function onQuickAdd(event) {
    event.preventDefault();
    const text = quickAddInput.value.trim();
    if (!text) return;
    if (params.rootId) {
      app.op({ op: "addItem", list: listId, id: newId(), parent: params.rootId, title: text.slice(0, 500) });
    } else {
      app.sync.quickAdd(listId, text);
    }
    quickAddInput.value = "";
  }

  function toggleDone(item, state) {
    if (item.status === "done") {
      app.op({ op: "reopenItem", list: listId, item: item.id });
    } else if (item.status === "open") {
      // With open sub-items the server refuses and says how many; its message is shown.
      app.op({ op: "completeItem", list: listId, item: item.id });
      if (openDescendantCount(state.view.index, item.id) === 0) flash(item.id);
    }
  }

  function flash(id) {
    requestAnimationFrame(() => {
      const r = tree.querySelector(`.row[data-item-id="${CSS.escape(id)}"] .check`);
      if (r) { r.classList.remove("pop"); void r.offsetWidth; r.classList.add("pop"); }
    });
  }

  function toggle(id) {
    if (ui.collapsed.has(id)) ui.collapsed.delete(id);
    else ui.collapsed.add(id);
    update();
  }

  function startRename(item) {
    ui.editing = { id: item.id, draft: item.title };
    update();
    const input = tree.querySelector(`[data-focus-key="rename-${CSS.escape(item.id)}"]`);
    if (input) { input.focus(); input.select(); }
  }

  function commitRename(refocus = true) {
    const editing = ui.editing;
    ui.editing = null;
    if (!editing) return;
    const item = current().view.items.get(editing.id);
    const title = editing.draft.trim();
    if (item && title && title !== item.title) app.op({ op: "updateItem", list: listId, item: editing.id, title: title.slice(0, 500) });
    update();
    if (refocus) focusRow(editing.id);
  }

  function startAdding(parentId) {
    ui.collapsed.delete(parentId);
    ui.adding = { parentId, draft: "" };
    update();
    const input = tree.querySelector(`[data-focus-key="adder-${CSS.escape(parentId)}"]`);
    if (input) input.focus();
  }

  function cancelItem(item) {
    app.op({ op: "cancelItem", list: listId, item: item.id });
    app.toast(`Cancelled “${item.title}”.`, {
      action: { label: "Undo", run: () => app.op({ op: "restoreItem", list: listId, item: item.id }) },
    });
  }

  function siblingsOf(state, item) {
    return childrenOf(state.view.index, item.parent).filter((s) => s.status !== "cancelled" || s.id === item.id);
  }

  function moveBy(item, delta) {
    const state = current();
    const siblings = siblingsOf(state, item);
    const at = siblings.findIndex((s) => s.id === item.id);
    const target = at + delta;
    if (at === -1 || target < 0 || target >= siblings.length) return;
    const others = siblings.filter((s) => s.id !== item.id);
    const after = target === 0 ? null : others[target - 1].id;
    app.op({ op: "moveItem", list: listId, item: item.id, after });
    requestAnimationFrame(() => focusRow(item.id));
  }

  function onTreeKey(event) {
    const rowEl = event.target.closest(".row[data-item-id]");
    if (!rowEl || event.target !== rowEl) return;
    const state = current();
    const id = rowEl.dataset.itemId;
    const item = state.view.items.get(id);
    if (!item) return;
    const rows = [...tree.querySelectorAll(".row[data-item-id]")];
    const index = rows.indexOf(rowEl);
    const key = event.key;
    if (event.altKey && (key === "ArrowUp" || key === "ArrowDown")) {
      event.preventDefault();
      if (state.canEdit) moveBy(item, key === "ArrowUp" ? -1 : 1);
      return;
    }
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    switch (key) {
      case "ArrowDown": event.preventDefault(); if (rows[index + 1]) focusRow(rows[index + 1].dataset.itemId); break;
      case "ArrowUp": event.preventDefault(); if (rows[index - 1]) focusRow(rows[index - 1].dataset.itemId); break;
      case "Home": event.preventDefault(); if (rows[0]) focusRow(rows[0].dataset.itemId); break;
      case "End": event.preventDefault(); if (rows.length) focusRow(rows[rows.length - 1].dataset.itemId); break;
      case "ArrowRight":
        event.preventDefault();
        if (rowEl.getAttribute("aria-expanded") === "false") toggle(id);
        else if (rowEl.getAttribute("aria-expanded") === "true" && rows[index + 1]) focusRow(rows[index + 1].dataset.itemId);
        break;
      case "ArrowLeft":
        event.preventDefault();
        if (rowEl.getAttribute("aria-expanded") === "true") { toggle(id); focusRow(id); } else if (item.parent && item.parent !== params.rootId) focusRow(item.parent);
        break;
      case " ":
        event.preventDefault();
        if (state.canEdit) toggleDone(item, state);
        break;
      case "Enter":
        event.preventDefault();
        openItem(id);
        break;
      case "F2":
        event.preventDefault();
        if (state.canEdit) startRename(item);
        break;
      case "Delete":
      case "Backspace":
        event.preventDefault();
        if (state.canEdit) {
          const next = rows[index + 1] || rows[index - 1];
          cancelItem(item);
          if (next) requestAnimationFrame(() => focusRow(next.dataset.itemId));
        }
        break;
      case "+":
      case "a":
        if (state.canEdit) { event.preventDefault(); startAdding(id); }
        break;
      default:
        break;
    }
  }

  // ---- drag and drop ------------------------------------------------------------------------------

  function attachDrag(rowEl, item) {
    const handle = rowEl.querySelector(".drag-handle");
    handle.addEventListener("dragstart", (e) => {
      ui.dragId = item.id;
      e.dataTransfer.effectAllowed = "move";
      e.dataTransfer.setData("text/plain", item.id);
      try { e.dataTransfer.setDragImage(rowEl, 20, 20); } catch { /* ignore */ }
      rowEl.classList.add("dragging");
    });
    handle.addEventListener("dragend", () => {
      ui.dragId = null;
      rowEl.classList.remove("dragging");
      tree.querySelectorAll(".drop-before, .drop-after").forEach((r) => r.classList.remove("drop-before", "drop-after"));
    });
    rowEl.addEventListener("dragover", (e) => {
      const dragId = ui.dragId;
      if (!dragId || dragId === item.id) return;
      const state = current();
      if (descendants(state.view.index, dragId).some((d) => d.id === item.id)) return;
      e.preventDefault();
      e.dataTransfer.dropEffect = "move";
      const rect = rowEl.getBoundingClientRect();
      const before = e.clientY < rect.top + rect.height / 2;
      rowEl.classList.toggle("drop-before", before);
      rowEl.classList.toggle("drop-after", !before);
    });
    rowEl.addEventListener("dragleave", () => rowEl.classList.remove("drop-before", "drop-after"));
    rowEl.addEventListener("drop", (e) => {
      const dragId = ui.dragId || e.dataTransfer.getData("text/plain");
      const before = rowEl.classList.contains("drop-before");
      rowEl.classList.remove("drop-before", "drop-after");
      if (!dragId || dragId === item.id) return;
      e.preventDefault();
      const state = current();
      const siblings = childrenOf(state.view.index, item.parent).filter((s) => s.id !== dragId);
      let after;
      if (before) {
        const at = siblings.findIndex((s) => s.id === item.id);
        after = at > 0 ? siblings[at - 1].id : null;
      } else {
        after = item.id;
      }
      const dragged = state.view.items.get(dragId);
      const op = { op: "moveItem", list: listId, item: dragId, after };
      if (!dragged || dragged.parent !== item.parent) op.parent = item.parent ?? null;
      app.op(op);
    });
  }

  // ---- list-level dialogs ---------------------------------------------------------------------------

  function editListDialog(state) {
    const s = state.view.summary;
    const inputs = dueToInputs(s.due);
    const title = h("input#edit-list-title", { value: s.title, maxlength: 500, required: true });
    const description = h("textarea#edit-list-description", { rows: 3, maxlength: 10000, value: s.description || "" });
    const due = h("input#edit-list-due", { type: "date", value: inputs.date });
    const time = h("input#edit-list-time", { type: "time", value: inputs.time });
    openDialog({
      id: "edit-list-dialog",
      title: "Checklist details",
      body: [
        h("label.field", h("span.field-label", "Title"), title),
        h("label.field", h("span.field-label", "Description"), description),
        h("div.field-row", h("label.field", h("span.field-label", "Due date"), due), h("label.field", h("span.field-label", "Time ", h("span.muted", "(optional)")), time)),
      ],
      onSubmit() {
        const fields = { op: "updateList", list: listId };
        const t = title.value.trim();
        if (!t) throw new Error("The title can’t be empty.");
        if (t !== s.title) fields.title = t;
        const d = description.value.trim();
        if (d !== (s.description || "")) fields.description = d || null;
        const dueValue = inputsToDue(due.value, time.value);
        if (dueValue !== (s.due || null)) fields.due = dueValue;
        if (Object.keys(fields).length > 2) app.op(fields);
        return true;
      },
    });
  }

  function confirmCancelList(s) {
    openDialog({
      id: "cancel-list-dialog",
      title: "Cancel this checklist?",
      description: `“${s.title}” moves to Cancelled for everyone, with its open items. Nothing is deleted: you can restore it at any time.`,
      body: [],
      submitLabel: "Cancel checklist",
      danger: true,
      onSubmit() {
        app.op({ op: "cancelList", list: listId });
        return true;
      },
    });
  }

  return {
    el,
    update,
    setParams(next) {
      const rootChanged = next.rootId !== params.rootId;
      params = next;
      if (rootChanged) {
        ui.adding = null;
        ui.editing = null;
        window.scrollTo(0, 0);
      }
    },
    destroy() {
      panel?.view.destroy();
    },
  };
}

/** What a checklist this device has never loaded shows while the server can't be reached. */
function notOfflineYet() {
  return h("div.empty-state.offline-unavailable#checklist-offline", { role: "status" },
    h("div.empty-icon", icon("cloudOff", { size: 40 })),
    h("h2", "Not available offline yet"),
    h("p", "This checklist isn’t available offline yet — it will load when you’re back online."),
    h("a.btn", { href: "#/" }, "Back to checklists"));
}

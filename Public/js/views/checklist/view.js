// One checklist page: header, banner, the drilled-down item's card, quick add, the item tree,
// the Cancelled section, the activity feed and the side panels. Each part is a component
// that patches its own DOM; this file holds the state they share and updates them in turn.
import { h } from "../../dom.js";
import { icon } from "../../icons.js";
import { createActivityFeed } from "../activity.js";
import { createHeader } from "./header.js";
import { createBanner } from "./banner.js";
import { createRootCard } from "./root-card.js";
import { createQuickAdd } from "./quick-add.js";
import { createItemTree } from "./tree.js";
import { createCancelledSection } from "./cancelled.js";
import { createPanelHost } from "./panels.js";
import { createItemActions } from "./item-actions.js";
import { notOfflineYet, listNotFound, headerLoading } from "./placeholders.js";

export function createChecklistView(app, initialParams) {
  let params = initialParams;
  const listId = params.listId;
  const ui = {
    collapsed: new Set(),
    editing: null, // { id, draft }
    adding: null, // { parentId, draft }
    activeId: null,
    showCancelled: false,
    dragId: null,
  };
  const baseHash = () => `#/list/${encodeURIComponent(listId)}${params.rootId ? `/in/${encodeURIComponent(params.rootId)}` : ""}`;
  /** What every part is given: the shared state, and the page's helpers. */
  const ctx = {
    app, listId, ui, current, update,
    params: () => params,
    openItem: (id) => app.navigate(`${baseHash()}/item/${encodeURIComponent(id)}`),
    openPanel: (kind) => app.navigate(`${baseHash()}/${kind}`),
    navigateHere: () => app.navigate(baseHash()),
  };
  ctx.actions = createItemActions(ctx);
  ctx.tree = createItemTree(ctx);
  const header = createHeader(ctx);
  const banner = createBanner(ctx);
  const rootCard = createRootCard(ctx);
  const quickAdd = createQuickAdd(ctx);
  const cancelled = createCancelledSection(ctx);
  const panels = createPanelHost(ctx);
  const activity = createActivityFeed(app, listId);
  const el = h("section.page.checklist-page", { "data-list-id": listId },
    header.el,
    banner.el,
    h("div.checklist-layout",
      h("div.card.items-card", rootCard.el, quickAdd.el, ctx.tree.el, cancelled.el),
      h("aside.card.activity-card", { "aria-label": "Activity" },
        h("h2.card-title-small", icon("activity", { size: 16 }), "Activity"),
        activity.el,
      ),
    ),
    panels.el,
  );

  function current() {
    const summary = app.store.lists.get(listId);
    const detail = app.store.detail(listId);
    const view = app.project(listId);
    const role = summary?.role || (detail && app.user ? detail.participants.get(app.user.username) : null);
    const canEdit = app.canEdit(role) && view.summary.status !== "cancelled";
    return { summary, detail, view, role, canEdit, isOwner: role === "owner" };
  }

  function update() {
    const state = current();
    const { summary, detail, view } = state;
    if (!summary && !detail) {
      document.title = "Checkwire";
      // Offline, this device has nothing of the list: say so rather than show a skeleton that
      // cannot resolve. The view updates by itself once the server sends the list.
      const kind = app.sync.unreachable ? "offline" : app.store.listsLoaded ? "missing" : "loading";
      header.showPlaceholder(kind, { offline: notOfflineYet, missing: listNotFound, loading: headerLoading }[kind]);
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
    header.update(state);
    banner.update(state);
    rootCard.update(state);
    quickAdd.update(state);
    ctx.tree.update(state);
    cancelled.update(state);
    activity.update(detail, view);
    panels.update(state);
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
    focusQuickAdd() { quickAdd.focus(); },
    destroy() {
      panels.destroy();
      quickAdd.destroy();
    },
  };
}

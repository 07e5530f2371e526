// What the checklist page shows where there is nothing (yet) to show: loading skeletons, an
// empty tree, a list that is not found, or one this device cannot load while offline.
import { h } from "../../dom.js";
import { icon } from "../../icons.js";

/** A checklist this device has never loaded, while the server can't be reached. */
export function notOfflineYet() {
  return h("div.empty-state.offline-unavailable#checklist-offline", { role: "status" },
    h("div.empty-icon", icon("cloudOff", { size: 40 })),
    h("h2", "Not available offline yet"),
    h("p", "This checklist isn’t available offline yet — it will load when you’re back online."),
    h("a.btn", { href: "#/" }, "Back to checklists"));
}

export function listNotFound() {
  return h("div.empty-state", h("div.empty-icon", icon("inbox", { size: 40 })), h("h2", "Checklist not found"),
    h("p", "It may have been shared with you and then unshared, or the link is wrong."), h("a.btn.primary", { href: "#/" }, "Back to checklists"));
}

export function headerLoading() {
  return h("div.skeleton-header", h("div.sk-line.w40"), h("div.sk-line.w60"));
}

export function treeLoading() {
  return h("div.tree-loading", [1, 2, 3, 4].map(() => h("div.sk-row", h("div.sk-check"), h("div.sk-line.w60"))));
}

export function treeEmpty(drilledDown, canEdit) {
  return h("div.tree-empty#tree-empty",
    icon("checkCircle", { size: 32 }),
    h("p", drilledDown ? "No sub-items here yet." : "This checklist is empty."),
    canEdit ? h("p.muted", "Type in the box above and press Enter to add the first item.") : null);
}

// The Today view: what is overdue, due today and due in the next 7 days across every
// checklist (the server's `agenda`), grouped by day, each with its checklist and a tick to
// complete it in place; and a search box (`/` anywhere) with live results (`search`).
//
// Both are server reads: the agenda is read again whenever a checklist's seq moves. Its
// groups and rows are kept under their keys (a row's: checklist, item and day) and patched
// in place, so a tick or a click lands on the row it was aimed at while live updates arrive.
// Search results are kept the same way (search-results.js), as they are read again while
// the person types.
import { h, setText, setClass, setAttr } from "../dom.js";
import { icon } from "../icons.js";
import { keyedChildren, whenChanged } from "../keyed.js";
import { formatDue, repeatInWords, isOverdue, overdueSince, displayZone, formatDayKey } from "../format.js";
import { localDay, addDays } from "../habits-math.js";
import { agendaGroups, dayLabel } from "./today-groups.js";
import { createSearchResults } from "./search-results.js";
import { createQuickAddBox } from "./quick-add-echo.js";

const DAYS_AHEAD = 7;

export function createTodayView(app) {
  let agenda = null;
  let signature = null;
  let loading = false;
  let searchTimer = 0;
  let lastQuery = "";

  const searchInput = h("input.search-input#search-input", {
    type: "search", placeholder: "Search titles, notes, places…", title: "Search (press /)", "aria-label": "Search", autocomplete: "off",
    oninput: () => { clearTimeout(searchTimer); searchTimer = setTimeout(runSearch, 150); },
  });
  const results = h("div.card.search-results#search-results", { hidden: true, "aria-live": "polite" });
  const hits = createSearchResults(results);
  const body = h("div.today-body#today-body");
  const groups = keyedChildren(body, { create: () => createGroup(app, () => agenda), update: (group, model) => group.update(model) });
  let placeholder = null; // { kind, el } shown instead of the groups
  const subtitle = h("p.page-subtitle#today-subtitle");
  const quickAdd = createQuickAddBox(app, { id: "today-quick-add", placeholder: "Add anything — “Call the dentist tomorrow at 5pm #Home” (Q)" });
  const el = h("section.page.today-page",
    h("div.page-header", h("h1.page-title", "Today"), subtitle),
    h("div.card.quick-add-card", quickAdd.el),
    h("div.search-box", icon("search", { size: 16 }), searchInput),
    results,
    body,
  );

  function zone() { return displayZone(); }

  function currentSignature() {
    return [...app.store.lists.values()].map((summary) => `${summary.id}:${summary.seq}`).sort().join(",");
  }

  async function load() {
    const next = currentSignature();
    if (loading || next === signature || !app.sync.ready) return;
    loading = true;
    const today = localDay(new Date(), zone());
    try {
      agenda = await app.sync.connection.request({ type: "agenda", from: today, to: addDays(today, DAYS_AHEAD) });
      signature = next;
      render();
    } catch {
      // Offline: keep what is shown; the next change tries again.
    } finally {
      loading = false;
    }
  }

  async function runSearch() {
    const q = searchInput.value.trim();
    lastQuery = q;
    if (!q) { results.hidden = true; return; }
    try {
      const reply = await app.sync.connection.request({ type: "search", q, limit: 20 });
      if (q !== lastQuery) return;
      results.hidden = false;
      hits.show(reply.results, q);
    } catch (error) {
      if (q !== lastQuery) return; // a newer query's results stand
      results.hidden = false;
      hits.say(error.message || "Search needs a connection.");
    }
  }

  /** Shows `build()` instead of the groups, built again only when `kind` changes. */
  function showPlaceholder(kind, build) {
    groups.clear();
    if (placeholder?.kind === kind) return;
    placeholder = { kind, el: build() };
    body.replaceChildren(placeholder.el);
  }

  function render() {
    if (!agenda) {
      const ready = app.sync.ready;
      showPlaceholder(ready ? "loading" : "offline", () => h("p.muted", ready ? "Loading…" : "Today needs a connection; your checklists are still here offline."));
      return;
    }
    const today = localDay(new Date(), zone());
    subtitle.textContent = `${formatDayKey(today, { weekday: "long", month: "long", day: "numeric" })} · overdue, today and the next ${DAYS_AHEAD} days`;
    const models = agendaGroups(agenda, today, zone());
    if (!models.length) {
      showPlaceholder("empty", () => h("div.card.empty-state", h("p", "Nothing due this week. Enjoy it.")));
      return;
    }
    placeholder?.el.remove();
    placeholder = null;
    groups.update(models.map((group) => ({ ...group, label: group.day ? dayLabel(group.day, today) : "Overdue" })));
  }

  return {
    el,
    focusSearch() { searchInput.focus(); },
    update() {
      render();
      load();
    },
    destroy() {
      clearTimeout(searchTimer);
      quickAdd.echo.destroy();
    },
  };
}

/** One group's card: its heading patched, its rows kept under their keys. */
function createGroup(app, currentAgenda) {
  const label = document.createTextNode("");
  const count = h("span.muted");
  const list = h("ul.today-list");
  const el = h("div.card.today-group", h("h2.card-title-small", label, count), list);
  const rows = keyedChildren(list, { create: () => createRow(app, currentAgenda), update: (row, entry) => row.update(entry) });
  return {
    el,
    update(group) {
      setClass(el, `card today-group ${group.kind}`);
      if (label.data !== group.label) label.data = group.label;
      setText(count, ` ${group.entries.length}`);
      rows.update(group.entries);
    },
  };
}

/** One row: the tick, the link and the checklist's name kept and patched; the chips redrawn when they change.
 *  `currentAgenda()` is the agenda reply shown now (a tick remembers the one it was made in). */
function createRow(app, currentAgenda) {
  let entry = null;
  let ticked = null; // the agenda the tick was made in: a newer one without the item drops the row
  const check = h("input.today-check", {
    type: "checkbox",
    onchange: () => {
      app.op({ op: "completeItem", list: entry.list, item: entry.item.id });
      ticked = currentAgenda();
      el.classList.add("completing");
    },
  });
  const link = h("a.today-title");
  const listName = h("span.muted.small-text");
  const el = h("li.today-row", check, link, listName);
  let chips = [];
  const redrawChips = whenChanged();
  return {
    el,
    update(next) {
      entry = next;
      const item = entry.item;
      if (ticked && ticked !== currentAgenda()) {
        // The agenda was read again and still has this occurrence: the tick did not go in.
        ticked = null;
        check.checked = false;
      }
      setClass(el, ticked ? "today-row completing" : "today-row");
      setAttr(el, "data-item-id", item.id);
      setAttr(el, "data-due", item.due);
      const canEdit = app.canEdit(app.store.lists.get(entry.list)?.role) && item.available !== false;
      check.disabled = !canEdit;
      setAttr(check, "aria-label", `Complete ${item.title}`);
      setAttr(link, "href", `#/list/${encodeURIComponent(entry.list)}/item/${encodeURIComponent(item.id)}`);
      setText(link, item.title);
      setText(listName, ` — ${entry.listTitle}`);
      const shown = {
        time: item.due.length > 10 ? formatDue(item.due) : null,
        repeat: item.repeat ? repeatInWords(item.repeat) : null,
        overdue: isOverdue(item.due) ? overdueSince(item.due) : null,
      };
      redrawChips(shown, () => {
        for (const chip of chips) chip.remove();
        chips = [
          shown.time ? h("span.chip.plain", shown.time) : null,
          shown.repeat ? h("span.chip.plain", icon("refresh", { size: 12 }), shown.repeat) : null,
          shown.overdue ? h("span.chip.due.overdue", `overdue ${shown.overdue}`) : null,
        ].filter(Boolean);
        el.append(...chips);
      });
    },
  };
}

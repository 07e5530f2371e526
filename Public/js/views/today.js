// The Today view: what is overdue, due today and due in the next 7 days across every
// checklist (the server's `agenda`), grouped by day, each with its checklist and a tick to
// complete it in place; and a search box (`/` anywhere) with live results (`search`).
//
// Both are server reads: the agenda is read again whenever a checklist's seq moves.
import { h } from "../dom.js";
import { icon } from "../icons.js";
import { formatDue, repeatInWords, isOverdue } from "../format.js";
import { localDay, addDays } from "../habits-math.js";

const DAYS_AHEAD = 7;

export function createTodayView(app) {
  let agenda = null;
  let signature = null;
  let loading = false;
  let searchTimer = 0;
  let lastQuery = "";

  const searchInput = h("input.search-input#search-input", {
    type: "search", placeholder: "Search titles, notes, places…  (press /)", "aria-label": "Search", autocomplete: "off",
    oninput: () => { clearTimeout(searchTimer); searchTimer = setTimeout(runSearch, 150); },
  });
  const results = h("div.card.search-results#search-results", { hidden: true, "aria-live": "polite" });
  const body = h("div.today-body#today-body");
  const el = h("section.page.today-page",
    h("div.page-header", h("h1.page-title", "Today"), h("p.page-subtitle#today-subtitle")),
    h("div.search-box", icon("search", { size: 16 }), searchInput),
    results,
    body,
  );

  function zone() { return Intl.DateTimeFormat().resolvedOptions().timeZone || "UTC"; }

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
      results.replaceChildren(...(reply.results.length ? reply.results.map(resultRow) : [h("p.muted", `Nothing matches “${q}”.`)]));
    } catch (error) {
      results.hidden = false;
      results.replaceChildren(h("p.muted", error.message || "Search needs a connection."));
    }
  }

  function resultRow(hit) {
    const cancelled = hit.listStatus === "cancelled" || hit.item?.status === "cancelled";
    const href = hit.item ? `#/list/${encodeURIComponent(hit.list)}/item/${encodeURIComponent(hit.item.id)}` : `#/list/${encodeURIComponent(hit.list)}`;
    return h(`a.search-hit${cancelled ? ".cancelled" : ""}`, { href },
      h("span.search-hit-title", hit.item ? hit.item.title : hit.listTitle, cancelled ? h("span.chip.plain", "cancelled") : null),
      h("span.muted.small-text", hit.item ? ` — ${hit.listTitle}` : " — checklist"),
      h("span.search-snippet", hit.snippet),
    );
  }

  function render() {
    if (!agenda) {
      body.replaceChildren(h("p.muted", app.sync.ready ? "Loading…" : "Today needs a connection; your checklists are still here offline."));
      return;
    }
    const today = localDay(new Date(), zone());
    el.querySelector("#today-subtitle").textContent = `${today} · overdue, today and the next ${DAYS_AHEAD} days`;
    const groups = [];
    if (agenda.overdue.length) groups.push(["Overdue", agenda.overdue, "overdue"]);
    const byDay = new Map();
    for (const entry of agenda.items) {
      const day = entry.item.due.length > 10 ? localDay(new Date(entry.item.due), zone()) : entry.item.due;
      if (!byDay.has(day)) byDay.set(day, []);
      byDay.get(day).push(entry);
    }
    for (const [day, entries] of byDay) {
      const label = day === today ? "Today" : day === addDays(today, 1) ? "Tomorrow" : new Date(`${day}T12:00:00`).toLocaleDateString(undefined, { weekday: "long", month: "short", day: "numeric" });
      groups.push([label, entries, day === today ? "today" : "later"]);
    }
    if (!groups.length) {
      body.replaceChildren(h("div.card.empty-state", h("p", "Nothing due this week. Enjoy it.")));
      return;
    }
    body.replaceChildren(...groups.map(([label, entries, kind]) => h(`div.card.today-group.${kind}`,
      h("h2.card-title-small", label, h("span.muted", ` ${entries.length}`)),
      h("ul.today-list", ...entries.map(entryRow)),
    )));
  }

  function entryRow(entry) {
    const item = entry.item;
    const canEdit = app.canEdit(app.store.lists.get(entry.list)?.role) && item.available !== false;
    return h("li.today-row", { "data-item-id": item.id, "data-due": item.due },
      h("input.today-check", {
        type: "checkbox", "aria-label": `Complete ${item.title}`, disabled: !canEdit,
        onchange: (event) => {
          app.op({ op: "completeItem", list: entry.list, item: item.id });
          event.target.closest("li").classList.add("completing");
        },
      }),
      h("a.today-title", { href: `#/list/${encodeURIComponent(entry.list)}/item/${encodeURIComponent(item.id)}` }, item.title),
      h("span.muted.small-text", ` — ${entry.listTitle}`),
      item.due.length > 10 ? h("span.chip.plain", formatDue(item.due)) : null,
      item.repeat ? h("span.chip.plain", icon("refresh", { size: 12 }), repeatInWords(item.repeat)) : null,
      isOverdue(item.due) ? h("span.chip.due.overdue", "overdue") : null,
    );
  }

  return {
    el,
    focusSearch() { searchInput.focus(); },
    update() {
      render();
      load();
    },
    destroy() { clearTimeout(searchTimer); },
  };
}

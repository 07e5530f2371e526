// A habit checklist: today's habits with one tap each (Done / Skip, tap again to undo), the
// last 7 days to enter a missed one, the person's strength, streak, best and goal, a chart of
// the strength over time, and — for the owner — the coach's view of everyone. Its header has
// what any checklist has (Edit, Share, Cancel), and a habit opens in the item panel.
//
// Check-ins are not in the snapshot: the view reads them with `history` (366 days, the most
// one request may cover) and reads again whenever the checklist's seq moves; this person's
// pending check-ins are laid over them, so a tap shows at once. Days are the checklist's (its
// `tz`), as the server counts them.
import { h } from "../../dom.js";
import { localDay, addDays } from "../../habits-math.js";
import { createPanelHost } from "../checklist/panels.js";
import { createHabitHeader } from "./header.js";
import { createTodayCard, createPastDaysCard } from "./today.js";
import { createStats, createScoreChart, createCoach } from "./progress.js";
import { withPending, isDueOn, pastDays, goalProgress } from "./checkins.js";

const PAST_DAYS = 7;

export function createHabitView(app, initialParams) {
  let params = initialParams;
  const listId = params.listId;
  let rows = []; // history rows, everyone's
  let loadedSeq = null;
  let loading = false;
  const baseHash = `#/list/${encodeURIComponent(listId)}`;
  const ctx = {
    app, listId,
    params: () => params,
    navigateHere: () => app.navigate(baseHash),
    openPanel: (kind) => app.navigate(`${baseHash}/${kind}`),
    openItem: (id) => app.navigate(`${baseHash}/item/${encodeURIComponent(id)}`),
    tree: { focusRow: (id) => el.querySelector(`.habit-row[data-item-id="${CSS.escape(id)}"] .habit-name`)?.focus() },
    checkIn: (item, day, value) => app.op({ op: "checkIn", list: listId, item: item.id, date: day, value }),
    add: (text) => app.sync.quickAdd(listId, text), // quick add reads "every Mon, Wed, Fri"; the rest are daily
  };
  const header = createHabitHeader(ctx);
  const stats = createStats();
  const today = createTodayCard(ctx);
  const past = createPastDaysCard(ctx);
  const chart = createScoreChart();
  const coach = createCoach();
  const panels = createPanelHost(ctx);
  const body = h("div.habit-body", stats.el, today.el, past.el, chart.el, coach.el);
  const el = h("section.page.habit-page", { "data-list-id": listId }, header.el, panels.el);

  function summary() { return app.store.lists.get(listId); }
  function zone() { return summary()?.tz || "UTC"; }

  async function load() {
    const seq = summary()?.seq ?? null;
    if (loading || seq === loadedSeq || !app.sync.ready) return;
    loading = true;
    const to = localDay(new Date(), zone());
    try {
      const reply = await app.sync.connection.request({ type: "history", list: listId, from: addDays(to, -365), to });
      rows = reply.days || [];
      loadedSeq = seq;
      render();
    } catch {
      // Offline or refused: keep what is on screen; the next change tries again.
    } finally {
      loading = false;
      if ((summary()?.seq ?? null) !== loadedSeq) setTimeout(load, 300);
    }
  }

  /** The state the item and people panels are given (as the checklist view's). */
  function state() {
    const view = app.project(listId);
    const role = summary()?.role;
    return { summary: summary(), detail: app.store.detail(listId), view, role, canEdit: app.canEdit(role) && view.summary.status !== "cancelled", isOwner: role === "owner" };
  }

  function render() {
    const list = summary();
    if (!list) return;
    if (body.parentNode !== el) header.el.after(body);
    const current = state();
    const day = localDay(new Date(), zone());
    const me = app.user?.username;
    const all = withPending(rows, app.outbox.forList(listId), me, day);
    const mine = all.filter((row) => row.user === me);
    const habits = [...current.view.items.values()].filter((item) => item.status !== "cancelled" && item.repeat).sort((a, b) => a.title.localeCompare(b.title));
    const value = (item) => mine.find((row) => row.item === item.id && row.date === day)?.value;
    document.title = `${current.view.summary.title} · Checkwire`;
    header.update({ list: { ...current.view.summary, role: list.role }, today: day, names: [...current.view.participants.keys()] });
    stats.update({ standing: list.habits?.[me], progress: goalProgress(list.goal, mine, day) });
    today.update({
      due: habits.filter((item) => isDueOn(item, day, zone())).map((item) => ({ item, value: value(item) })),
      notDue: habits.filter((item) => !isDueOn(item, day, zone())), day, canEdit: current.canEdit,
    });
    past.update({ habits: habits.map((item) => ({ item, cells: pastDays(item, mine, day, zone(), PAST_DAYS) })), canEdit: current.canEdit });
    chart.update({ myRows: mine, habits, day });
    coach.update({ list, rows: all, day });
    panels.update(current);
  }

  return {
    el,
    update() {
      render();
      load();
    },
    setParams(next) { params = next; },
    destroy() {
      panels.destroy();
      chart.destroy();
    },
  };
}

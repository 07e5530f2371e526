// A habit checklist: today's habits with one tap each (Done / Skip, tap again to undo), the
// person's streak, best and score, a chart of the score over time, and — for the owner — the
// coach's view: every participant's streak, best, score and last 14 days as a strip.
//
// Check-ins are not in the snapshot: the view reads them with `history` (366 days, the most
// one request may cover) and reads again whenever the checklist's seq moves.
import { h } from "../dom.js";
import { icon } from "../icons.js";
import { repeatInWords } from "../format.js";
import { localDay, addDays, scoreSeries, keptPerDay, isOccurrence } from "../habits-math.js";
import { newId } from "../outbox.js";

const CHART_DAYS = 60;
const STRIP_DAYS = 14;

export function createHabitView(app, params) {
  const listId = params.listId;
  let rows = []; // history rows, everyone's
  let loadedSeq = null;
  let loading = false;

  const header = h("header.checklist-header");
  const today = h("div.card.habit-today#habit-today");
  const stats = h("div.habit-stats#habit-stats");
  const chart = h("div.card.habit-chart#habit-chart");
  const coach = h("div.card.habit-coach#habit-coach");
  const adder = h("form.quick-add#habit-add", { onsubmit: onAdd },
    h("span.quick-add-icon", icon("plus", { size: 18 })),
    h("input.quick-add-input#habit-add-input", { type: "text", maxlength: 500, placeholder: "Add a habit (every day unless you say: “every Mon, Wed, Fri”)", "aria-label": "Add a habit" }),
  );
  const el = h("section.page.habit-page", { "data-list-id": listId }, header, stats, today, chart, coach);

  function summary() { return app.store.lists.get(listId); }
  function zone() { return summary()?.tz || "UTC"; }
  function me() { return app.user?.username; }

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

  function habits() {
    const view = app.project(listId);
    return [...view.items.values()].filter((item) => item.status !== "cancelled" && item.repeat).sort((a, b) => a.title.localeCompare(b.title));
  }

  function dueToday(item, day) {
    // A habit's due is its first occurrence; the rule says which later days it comes back.
    return Boolean(item.due) && isOccurrence(item.repeat, item.due.slice(0, 10), day);
  }

  function checkIn(item, day, value) {
    app.op({ op: "checkIn", list: listId, item: item.id, date: day, value });
  }

  function onAdd(event) {
    event.preventDefault();
    const input = el.querySelector("#habit-add-input");
    const text = input.value.trim();
    if (!text) return;
    // Quick add reads "every Mon, Wed, Fri"; a habit checklist makes the rest daily.
    app.sync.quickAdd(listId, text);
    input.value = "";
  }

  function render() {
    const list = summary();
    if (!list) return;
    const day = localDay(new Date(), zone());
    const mine = app.user?.username;
    const myRows = rows.filter((row) => row.user === mine);
    const todayValue = new Map(myRows.filter((row) => row.date === day).map((row) => [row.item, row.value]));
    const canEdit = app.canEdit(list.role);
    header.replaceChildren(
      h("div.header-main",
        h("h1.checklist-title#checklist-title", list.title),
        h("div.header-meta", h("span.chip.plain", icon("refresh", { size: 12 }), "Habit checklist"), h("span.muted", ` Today ${day} · ${zone()}`)),
      ),
    );
    const standing = list.habits?.[mine];
    stats.replaceChildren(
      stat("Today’s score", standing ? `${Math.round(standing.score * 100)}%` : "—", "habit-score"),
      stat("Streak", standing ? `${standing.streak} day${standing.streak === 1 ? "" : "s"}` : "—", "habit-streak"),
      stat("Best", standing ? String(standing.best) : "—", "habit-best"),
    );
    const due = habits().filter((item) => dueToday(item, day));
    const later = habits().filter((item) => !dueToday(item, day));
    // replaceChildren would write a missing part as the text "null": leave those out.
    today.replaceChildren(...[
      h("h2.card-title-small", icon("checkCircle", { size: 16 }), "Today"),
      due.length ? h("ul.habit-list", ...due.map((item) => habitRow(item, day, todayValue.get(item.id), canEdit)))
        : h("p.muted", "Nothing due today."),
      later.length ? h("p.muted.small-text", `Not today: ${later.map((item) => `${item.title} (${repeatInWords(item.repeat)})`).join(" · ")}`) : null,
      canEdit ? adder : null,
    ].filter(Boolean));
    renderChart(myRows, day);
    renderCoach(list, day);
  }

  function habitRow(item, day, value, canEdit) {
    const state = value || "open";
    return h(`li.habit-row.${state}`, { "data-item-id": item.id },
      h("span.habit-title", item.title, h("span.muted.small-text", ` ${repeatInWords(item.repeat)}`)),
      h("span.habit-actions",
        h("button.btn.small.habit-done", {
          type: "button", disabled: !canEdit, "aria-pressed": String(state === "done"), class: state === "done" ? "primary" : "secondary",
          onclick: () => checkIn(item, day, state === "done" ? null : "done"),
        }, icon("check", { size: 14 }), state === "done" ? "Done" : "Do"),
        h("button.btn.small.ghost.habit-skip", {
          type: "button", disabled: !canEdit, "aria-pressed": String(state === "skipped"),
          onclick: () => checkIn(item, day, state === "skipped" ? null : "skipped"),
        }, state === "skipped" ? "Skipped" : "Skip"),
      ),
    );
  }

  function renderChart(myRows, day) {
    const from = addDays(day, -(CHART_DAYS - 1));
    const earliest = myRows.length ? myRows.reduce((a, r) => (r.date < a ? r.date : a), day) : day;
    const series = scoreSeries(myRows, habits(), earliest < from ? earliest : from, day).filter((point) => point.day >= from);
    const width = 960, height = 200, left = 44, bottom = 24, top = 10;
    const x = (i) => left + (i / Math.max(1, series.length - 1)) * (width - left - 8);
    const y = (score) => top + (1 - score) * (height - top - bottom);
    const points = series.map((point, i) => `${x(i).toFixed(1)},${y(point.score).toFixed(1)}`).join(" ");
    const grid = [0, 0.5, 1].map((v) => [
      h("line.chart-grid", { x1: left, x2: width - 8, y1: y(v), y2: y(v) }),
      h("text.chart-label", { x: left - 6, y: y(v) + 4, "text-anchor": "end" }, `${v * 100}%`),
    ]).flat();
    chart.replaceChildren(
      h("h2.card-title-small", icon("activity", { size: 16 }), `Your score, last ${CHART_DAYS} days`),
      h("svg.habit-svg", { viewBox: `0 0 ${width} ${height}`, role: "img", "aria-label": `Score over the last ${CHART_DAYS} days` },
        ...grid,
        h("polyline.chart-line", { points, fill: "none" }),
        h("text.chart-label", { x: left, y: height - 4 }, from.slice(5)),
        h("text.chart-label", { x: width - 8, y: height - 4, "text-anchor": "end" }, "today"),
      ),
    );
  }

  function renderCoach(list, day) {
    if (list.role !== "owner" || !list.habits) {
      coach.hidden = true;
      return;
    }
    coach.hidden = false;
    const from = addDays(day, -(STRIP_DAYS - 1));
    const people = Object.keys(list.habits).sort((a, b) => a.localeCompare(b));
    coach.replaceChildren(
      h("h2.card-title-small", icon("users", { size: 16 }), "Everyone"),
      h("table.habit-coach-table",
        h("thead", h("tr", h("th", "Who"), h("th", "Streak"), h("th", "Best"), h("th", "Score"), h("th", `Last ${STRIP_DAYS} days`))),
        h("tbody", ...people.map((person) => {
          const s = list.habits[person];
          return h("tr", { "data-user": person },
            h("td", person), h("td", String(s.streak)), h("td", String(s.best)), h("td", `${Math.round(s.score * 100)}%`),
            h("td", h("span.habit-strip", ...keptPerDay(rows, person, from, day).map((d) => h("span.strip-day", {
              title: `${d.day}: ${d.kept === null ? "nothing due" : `${Math.round(d.kept * 100)}% kept`}`,
              style: { "--kept": d.kept === null ? "0" : String(d.kept) }, "data-empty": d.kept === null ? "true" : null,
            })))),
          );
        })),
      ),
    );
  }

  function stat(label, value, id) {
    return h("div.card.habit-stat", h("span.habit-stat-label", label), h(`strong.habit-stat-value#${id}`, value));
  }

  return {
    el,
    update() {
      render();
      load();
    },
    destroy() {},
  };
}

// A habit checklist: today's habits with one tap each (Done / Skip, tap again to undo), the
// person's streak, best and score, a chart of the score over time, and — for the owner — the
// coach's view: every participant's streak, best, score and last 14 days as a strip.
//
// Check-ins are not in the snapshot: the view reads them with `history` (366 days, the most
// one request may cover) and reads again whenever the checklist's seq moves.
import { h, setText, setClass, setAttr } from "../dom.js";
import { icon } from "../icons.js";
import { keyedChildren, whenChanged } from "../keyed.js";
import { repeatInWords } from "../format.js";
import { localDay, addDays, scoreSeries, keptPerDay, isOccurrence } from "../habits-math.js";
import { newId } from "../outbox.js";

const CHART_DAYS = 60;
const STRIP_DAYS = 14;
const CHART = { width: 960, height: 200, left: 44, bottom: 24, top: 10 };
const chartY = (score) => CHART.top + (1 - score) * (CHART.height - CHART.top - CHART.bottom);

export function createHabitView(app, params) {
  const listId = params.listId;
  let rows = []; // history rows, everyone's
  let loadedSeq = null;
  let loading = false;

  // Every part is built once and patched on each update: the rows and their check-in cells
  // are kept under their keys (habit; habit and day), so a tap lands on the button it was
  // aimed at while the others' check-ins arrive.
  const title = h("h1.checklist-title#checklist-title");
  const headerDay = h("span.muted");
  const header = h("header.checklist-header");
  const headerMain = h("div.header-main",
    title,
    h("div.header-meta", h("span.chip.plain", icon("refresh", { size: 12 }), "Habit checklist"), headerDay),
  );
  const score = stat("Today’s score", "habit-score");
  const streak = stat("Streak", "habit-streak");
  const best = stat("Best", "habit-best");
  const [scoreStat, streakStat, bestStat] = [score.value, streak.value, best.value];
  const stats = h("div.habit-stats#habit-stats");
  const today = h("div.card.habit-today#habit-today");
  const todayTitle = h("h2.card-title-small", icon("checkCircle", { size: 16 }), "Today");
  const habitList = h("ul.habit-list");
  const habitRows = keyedChildren(habitList, { create: createRow, update: (row, model) => row.update(model) });
  const nothingDue = h("p.muted", "Nothing due today.");
  const notToday = h("p.muted.small-text");
  const chartLine = h("polyline.chart-line", { points: "", fill: "none" });
  const chartFrom = h("text.chart-label", { x: CHART.left, y: CHART.height - 4 });
  const chart = h("div.card.habit-chart#habit-chart");
  const chartParts = [
    h("h2.card-title-small", icon("activity", { size: 16 }), `Your score, last ${CHART_DAYS} days`),
    h("svg.habit-svg", { viewBox: `0 0 ${CHART.width} ${CHART.height}`, role: "img", "aria-label": `Score over the last ${CHART_DAYS} days` },
      ...[0, 0.5, 1].map((v) => [
        h("line.chart-grid", { x1: CHART.left, x2: CHART.width - 8, y1: chartY(v), y2: chartY(v) }),
        h("text.chart-label", { x: CHART.left - 6, y: chartY(v) + 4, "text-anchor": "end" }, `${v * 100}%`),
      ]).flat(),
      chartLine,
      chartFrom,
      h("text.chart-label", { x: CHART.width - 8, y: CHART.height - 4, "text-anchor": "end" }, "today"),
    ),
  ];
  const coach = h("div.card.habit-coach#habit-coach");
  const coachTitle = h("h2.card-title-small", icon("users", { size: 16 }), "Everyone");
  const coachBody = h("tbody");
  const coachTable = h("table.habit-coach-table",
    h("thead", h("tr", h("th", "Who"), h("th", "Streak"), h("th", "Best"), h("th", "Score"), h("th", `Last ${STRIP_DAYS} days`))),
    coachBody,
  );
  const coachRows = keyedChildren(coachBody, { create: createCoachRow, update: (row, model) => row.update(model) });
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
    if (!header.firstChild) {
      // The first render with the checklist known puts the parts in; later ones patch them.
      header.append(headerMain);
      stats.append(score.el, streak.el, best.el);
      chart.append(...chartParts);
    }
    setText(title, list.title);
    setText(headerDay, ` Today ${day} · ${zone()}`);
    const standing = list.habits?.[mine];
    setText(scoreStat, standing ? `${Math.round(standing.score * 100)}%` : "—");
    setText(streakStat, standing ? `${standing.streak} day${standing.streak === 1 ? "" : "s"}` : "—");
    setText(bestStat, standing ? String(standing.best) : "—");
    const all = habits();
    const due = all.filter((item) => dueToday(item, day));
    const later = all.filter((item) => !dueToday(item, day));
    habitRows.update(due.map((item) => ({ key: item.id, item, day, value: todayValue.get(item.id), canEdit })));
    setText(notToday, `Not today: ${later.map((item) => `${item.title} (${repeatInWords(item.repeat)})`).join(" · ")}`);
    // The card's parts in order, each kept; the children are replaced only when that order changes.
    const parts = [todayTitle, due.length ? habitList : nothingDue, later.length ? notToday : null, canEdit ? adder : null].filter(Boolean);
    if (parts.length !== today.children.length || parts.some((part, i) => today.children[i] !== part)) today.replaceChildren(...parts);
    renderChart(myRows, day);
    renderCoach(list, day);
  }

  /** One habit's row: its title patched, its check-in cell kept under the habit and the day. */
  function createRow() {
    const name = document.createTextNode("");
    const repeat = h("span.muted.small-text");
    const row = h("li.habit-row", h("span.habit-title", name, repeat));
    const cells = keyedChildren(row, { create: createCell, update: (cell, model) => cell.update(model) });
    return {
      el: row,
      update({ item, day, value, canEdit }) {
        const state = value || "open";
        setClass(row, `habit-row ${state}`);
        setAttr(row, "data-item-id", item.id);
        if (name.data !== item.title) name.data = item.title;
        setText(repeat, ` ${repeatInWords(item.repeat)}`);
        cells.update([{ key: `${item.id}:${day}`, item, day, state, canEdit }]);
      },
    };
  }

  /** One day's check-in: Done and Skip, each a tap (tap again to undo), patched in place. */
  function createCell() {
    let model = null;
    const doneLabel = document.createTextNode("");
    const done = h("button.btn.small.habit-done", {
      type: "button",
      onclick: () => checkIn(model.item, model.day, model.state === "done" ? null : "done"),
    }, icon("check", { size: 14 }), doneLabel);
    const skip = h("button.btn.small.ghost.habit-skip", {
      type: "button",
      onclick: () => checkIn(model.item, model.day, model.state === "skipped" ? null : "skipped"),
    });
    return {
      el: h("span.habit-actions", done, skip),
      update(next) {
        model = next;
        const { state, canEdit } = next;
        setClass(done, `btn small habit-done ${state === "done" ? "primary" : "secondary"}`);
        done.disabled = !canEdit;
        setAttr(done, "aria-pressed", String(state === "done"));
        const label = state === "done" ? "Done" : "Do";
        if (doneLabel.data !== label) doneLabel.data = label;
        skip.disabled = !canEdit;
        setAttr(skip, "aria-pressed", String(state === "skipped"));
        setText(skip, state === "skipped" ? "Skipped" : "Skip");
      },
    };
  }

  function renderChart(myRows, day) {
    const from = addDays(day, -(CHART_DAYS - 1));
    const earliest = myRows.length ? myRows.reduce((a, r) => (r.date < a ? r.date : a), day) : day;
    const series = scoreSeries(myRows, habits(), earliest < from ? earliest : from, day).filter((point) => point.day >= from);
    const x = (i) => CHART.left + (i / Math.max(1, series.length - 1)) * (CHART.width - CHART.left - 8);
    setAttr(chartLine, "points", series.map((point, i) => `${x(i).toFixed(1)},${chartY(point.score).toFixed(1)}`).join(" "));
    setText(chartFrom, from.slice(5));
  }

  function renderCoach(list, day) {
    if (list.role !== "owner" || !list.habits) {
      coach.hidden = true;
      return;
    }
    coach.hidden = false;
    if (!coach.firstChild) coach.append(coachTitle, coachTable);
    const from = addDays(day, -(STRIP_DAYS - 1));
    const people = Object.keys(list.habits).sort((a, b) => a.localeCompare(b));
    coachRows.update(people.map((person) => ({ key: person, person, standing: list.habits[person], strip: keptPerDay(rows, person, from, day) })));
  }

  /** One participant's row in the coach's table: the numbers patched, the strip redrawn when it changes. */
  function createCoachRow({ person }) {
    const cells = [h("td"), h("td"), h("td"), h("td")];
    const strip = h("span.habit-strip");
    const redrawStrip = whenChanged();
    return {
      el: h("tr", { "data-user": person }, ...cells, h("td", strip)),
      update({ standing: s, strip: days }) {
        setText(cells[0], person);
        setText(cells[1], String(s.streak));
        setText(cells[2], String(s.best));
        setText(cells[3], `${Math.round(s.score * 100)}%`);
        redrawStrip(days, () => strip.replaceChildren(...days.map((d) => h("span.strip-day", {
          title: `${d.day}: ${d.kept === null ? "nothing due" : `${Math.round(d.kept * 100)}% kept`}`,
          style: { "--kept": d.kept === null ? "0" : String(d.kept) }, "data-empty": d.kept === null ? "true" : null,
        }))));
      },
    };
  }

  function stat(label, id) {
    const value = h(`strong.habit-stat-value#${id}`);
    return { el: h("div.card.habit-stat", h("span.habit-stat-label", label), value), value };
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

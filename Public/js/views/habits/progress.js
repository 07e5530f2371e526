// The habit view's numbers and pictures: the person's habit strength, streak and best, the
// goal's progress ("Day 23 of 66") when the checklist has one, the strength over the last 60
// days, and — for the owner — the coach's table, where each person's last 14 days tell done,
// skipped, missed and "nothing due" apart at a glance (a mark and a colour each).
import { h, setText, setAttr } from "../../dom.js";
import { icon } from "../../icons.js";
import { keyedChildren, whenChanged } from "../../keyed.js";
import { formatDayKey } from "../../format.js";
import { addDays } from "../../zone.js";
import { scoreSeries } from "../../habits-math.js";
import { coachDays } from "./checkins.js";

export const CHART_DAYS = 60;
export const STRIP_DAYS = 14;

/** The strength, streak, best and goal tiles. */
export function createStats() {
  const tile = (label, id, title) => {
    const value = h(`strong.habit-stat-value#${id}`);
    return { el: h("div.card.habit-stat", { title }, h("span.habit-stat-label", label), value), value };
  };
  const strength = tile("Habit strength", "habit-score", "How established your habits are: it grows with each day kept and fades with each missed one (not today’s share done)");
  const streak = tile("Streak", "habit-streak", "Days in a row with everything due done or skipped");
  const best = tile("Best streak", "habit-best", "Your longest streak");
  const goal = tile("Goal", "habit-goal", "Days since you started, toward the checklist’s goal");
  const bar = h("div.progress.slim", h("div.progress-fill"));
  goal.el.append(bar);
  const el = h("div.habit-stats#habit-stats", strength.el, streak.el, best.el);
  return {
    el,
    update({ standing, progress }) {
      setText(strength.value, standing ? `${Math.round(standing.score * 100)}%` : "—");
      setText(streak.value, standing ? `${standing.streak} day${standing.streak === 1 ? "" : "s"}` : "—");
      setText(best.value, standing ? `${standing.best} day${standing.best === 1 ? "" : "s"}` : "—");
      if (progress) {
        setText(goal.value, progress.day >= progress.of ? `Day ${progress.of} of ${progress.of} ✓` : `Day ${progress.day} of ${progress.of}`);
        bar.firstChild.style.width = `${Math.min(100, (progress.day / progress.of) * 100)}%`;
        if (goal.el.parentNode !== el) el.append(goal.el);
      } else {
        goal.el.remove();
      }
      el.classList.toggle("with-goal", Boolean(progress));
    },
  };
}

/** The strength over the last CHART_DAYS days, drawn at the card's own width (labels stay readable on a phone). */
export function createScoreChart() {
  const svg = h("svg.habit-svg", { role: "img", "aria-label": `Habit strength over the last ${CHART_DAYS} days` });
  const el = h("div.card.habit-chart#habit-chart", h("h2.card-title-small", icon("activity", { size: 16 }), `Your habit strength, last ${CHART_DAYS} days`), svg);
  const redraw = whenChanged();
  let last = null;
  const observer = typeof ResizeObserver === "function" ? new ResizeObserver(() => last && draw(last)) : null;
  observer?.observe(el);

  function draw({ myRows, habits, day }) {
    last = { myRows, habits, day };
    const width = Math.max(280, Math.round(svg.clientWidth || el.clientWidth || 600));
    const from = addDays(day, -(CHART_DAYS - 1));
    const earliest = myRows.reduce((a, r) => (r.date < a ? r.date : a), day);
    const series = scoreSeries(myRows, habits, earliest < from ? earliest : from, day).filter((point) => point.day >= from);
    redraw([width, series.map((p) => p.score.toFixed(4)), from], () => {
      const height = width < 500 ? 160 : 200;
      const frame = { left: 40, right: 8, top: 10, bottom: 22 };
      const y = (score) => frame.top + (1 - score) * (height - frame.top - frame.bottom);
      const x = (i) => frame.left + (i / Math.max(1, series.length - 1)) * (width - frame.left - frame.right);
      setAttr(svg, "viewBox", `0 0 ${width} ${height}`);
      svg.style.height = `${height}px`;
      svg.replaceChildren(
        ...[0, 0.5, 1].flatMap((v) => [
          h("line.chart-grid", { x1: frame.left, x2: width - frame.right, y1: y(v), y2: y(v) }),
          h("text.chart-label", { x: frame.left - 6, y: y(v) + 4, "text-anchor": "end" }, `${v * 100}%`),
        ]),
        h("polyline.chart-line", { points: series.map((p, i) => `${x(i).toFixed(1)},${y(p.score).toFixed(1)}`).join(" "), fill: "none" }),
        h("text.chart-label", { x: frame.left, y: height - 4 }, formatDayKey(from, { month: "short", day: "numeric" })),
        h("text.chart-label", { x: width - frame.right, y: height - 4, "text-anchor": "end" }, "today"),
      );
    });
  }
  return { el, update: draw, destroy() { observer?.disconnect(); } };
}

const STRIP_MARKS = { done: "check", skipped: "minus", missed: "x" };

/** The coach's table (the owner's view): everyone's streak, best, strength and last 14 days. */
export function createCoach() {
  const body = h("tbody");
  const rows = keyedChildren(body, { create: createCoachRow, update: (row, model) => row.update(model) });
  const legend = h("p.strip-legend.muted.small-text",
    ...["done", "skipped", "partial", "missed", "none"].map((state) => h("span.strip-key",
      h(`span.strip-day.${state}`, STRIP_MARKS[state] ? icon(STRIP_MARKS[state], { size: 10 }) : null),
      { done: "done", skipped: "skipped", partial: "some missed", missed: "missed", none: "nothing due" }[state])));
  const el = h("div.card.habit-coach#habit-coach", { hidden: true },
    h("h2.card-title-small", icon("users", { size: 16 }), "Everyone"),
    h("div.table-scroll", h("table.habit-coach-table",
      h("thead", h("tr", h("th", "Who"), h("th", "Streak"), h("th", "Best"), h("th", "Strength"), h("th", `Last ${STRIP_DAYS} days`))),
      body)),
    legend);
  return {
    el,
    update({ list, rows: allRows, day }) {
      el.hidden = list.role !== "owner" || !list.habits;
      if (el.hidden) return;
      const from = addDays(day, -(STRIP_DAYS - 1));
      const people = Object.keys(list.habits).sort((a, b) => a.localeCompare(b));
      rows.update(people.map((person) => ({ key: person, person, standing: list.habits[person], strip: coachDays(allRows, person, from, day) })));
    },
  };
}

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
      redrawStrip(days, () => strip.replaceChildren(...days.map((d) => h(`span.strip-day.${d.state}`, {
        title: `${formatDayKey(d.day, { weekday: "short", month: "short", day: "numeric" })}: ${d.text}`, "data-day": d.day, "data-state": d.state,
      }, STRIP_MARKS[d.state] ? icon(STRIP_MARKS[d.state], { size: 10 }) : null))));
    },
  };
}

// The habit view's two check-in cards. "Today": each habit due today with Done and Skip (a tap
// checks in, a second tap undoes it), the habits not due today, and an adder. "Last 7 days":
// a cell per habit and day, so a day missed in the app (kept on paper, or forgotten) is
// entered with a tap: missed → done → skipped → missed. Rows and cells are kept under their
// keys, so a tap lands on the button it was aimed at while others' check-ins arrive.
import { h, setText, setClass, setAttr } from "../../dom.js";
import { icon } from "../../icons.js";
import { keyedChildren } from "../../keyed.js";
import { repeatInWords, formatDayKey } from "../../format.js";
import { nextValue } from "./checkins.js";

/** `ctx`: { checkIn(item, day, value), openItem(id), add(text) }. */
export function createTodayCard(ctx) {
  const title = h("h2.card-title-small", icon("checkCircle", { size: 16 }), "Today");
  const list = h("ul.habit-list");
  const rows = keyedChildren(list, { create: () => createTodayRow(ctx), update: (row, model) => row.update(model) });
  const nothing = h("p.muted", "Nothing due today.");
  const later = h("p.muted.small-text.habit-later");
  const input = h("input.quick-add-input#habit-add-input", { type: "text", maxlength: 500, placeholder: "Add a habit (daily unless you say: “every Mon, Wed, Fri”)", "aria-label": "Add a habit" });
  const adder = h("form.quick-add#habit-add", {
    onsubmit: (event) => {
      event.preventDefault();
      const text = input.value.trim();
      if (!text) return;
      ctx.add(text);
      input.value = "";
    },
  }, h("span.quick-add-icon", icon("plus", { size: 18 })), input);
  const el = h("div.card.habit-today#habit-today");
  return {
    el,
    /** `due`: [{ item, value }] for today; `notDue`: items; `day`: today; `canEdit`. */
    update({ due, notDue, day, canEdit }) {
      rows.update(due.map(({ item, value }) => ({ key: `${item.id}:${day}`, item, day, value, canEdit })));
      setText(later, `Not today: ${notDue.map((item) => `${item.title} (${repeatInWords(item.repeat)})`).join(" · ")}`);
      const parts = [title, due.length ? list : nothing, notDue.length ? later : null, canEdit ? adder : null].filter(Boolean);
      if (parts.length !== el.children.length || parts.some((part, i) => el.children[i] !== part)) el.replaceChildren(...parts);
    },
  };
}

/** One habit today: its title (opens its details) and Done / Skip, patched in place. */
function createTodayRow(ctx) {
  let model = null;
  const name = h("button.link.habit-name", { type: "button", onclick: () => ctx.openItem(model.item.id) });
  const repeat = h("span.muted.small-text");
  const doneLabel = document.createTextNode("");
  const done = h("button.btn.small.habit-done", {
    type: "button", onclick: () => ctx.checkIn(model.item, model.day, model.value === "done" ? null : "done"),
  }, icon("check", { size: 14 }), doneLabel);
  const skip = h("button.btn.small.ghost.habit-skip", {
    type: "button", onclick: () => ctx.checkIn(model.item, model.day, model.value === "skipped" ? null : "skipped"),
  });
  const el = h("li.habit-row", h("span.habit-title", name, repeat), h("span.habit-actions", done, skip));
  return {
    el,
    update(next) {
      model = next;
      const state = next.value || "open";
      setClass(el, `habit-row ${state}`);
      setAttr(el, "data-item-id", next.item.id);
      setText(name, next.item.title);
      setText(repeat, ` ${repeatInWords(next.item.repeat)}`);
      setClass(done, `btn small habit-done ${state === "done" ? "primary" : "secondary"}`);
      done.disabled = !next.canEdit;
      setAttr(done, "aria-pressed", String(state === "done"));
      const label = state === "done" ? "Done" : "Do";
      if (doneLabel.data !== label) doneLabel.data = label;
      skip.disabled = !next.canEdit;
      setAttr(skip, "aria-pressed", String(state === "skipped"));
      setText(skip, state === "skipped" ? "Skipped" : "Skip");
    },
  };
}

const PAST_MARKS = { done: "check", skipped: "minus", missed: "x" };

/** The last days' grid: a row per habit, a cell per day; tap a due day to change it. */
export function createPastDaysCard(ctx) {
  const head = h("div.past-head");
  const body = h("div.past-body");
  const rows = keyedChildren(body, { create: () => createPastRow(ctx), update: (row, model) => row.update(model) });
  const el = h("div.card.habit-past#habit-past",
    h("h2.card-title-small", icon("calendar", { size: 16 }), "Last 7 days"),
    h("p.muted.small-text", "Missed a day in the app? Tap it: done, then skipped, then back to missed."),
    h("div.past-grid", head, body));
  let headShown = "";
  return {
    el,
    /** `habits`: [{ item, cells: [{ day, due, value }] }]. */
    update({ habits, canEdit }) {
      const days = habits[0]?.cells.map((c) => c.day) || [];
      if (days.join() !== headShown) {
        headShown = days.join();
        head.replaceChildren(h("span"), ...days.map((day) => h("span.past-day-name", { title: formatDayKey(day, { weekday: "long", month: "long", day: "numeric" }) },
          h("span", formatDayKey(day, { weekday: "narrow" })), h("span.muted", String(Number(day.slice(8)))))));
      }
      rows.update(habits.map(({ item, cells }) => ({ key: item.id, item, cells, canEdit })));
      el.hidden = !habits.length;
    },
  };
}

function createPastRow(ctx) {
  const name = h("span.past-name");
  const cells = h("span.past-cells");
  const buttons = keyedChildren(cells, { create: () => createPastCell(ctx), update: (cell, model) => cell.update(model) });
  const el = h("div.past-row", name, cells);
  return {
    el,
    update({ item, cells: models, canEdit }) {
      setAttr(el, "data-item-id", item.id);
      setText(name, item.title);
      buttons.update(models.map((cell) => ({ key: cell.day, item, ...cell, canEdit })));
    },
  };
}

function createPastCell(ctx) {
  let model = null;
  let shown = null;
  const el = h("button.past-cell", { type: "button", onclick: () => ctx.checkIn(model.item, model.day, nextValue(model.value)) });
  return {
    el,
    update(next) {
      model = next;
      const state = next.due ? next.value || "unstarted" : "not-due";
      setClass(el, `past-cell ${state}`);
      setAttr(el, "data-day", next.day);
      setAttr(el, "data-value", next.due ? next.value : null);
      el.disabled = !next.due || !next.canEdit;
      setAttr(el, "aria-label", `${next.item.title}, ${formatDayKey(next.day, { weekday: "long", month: "long", day: "numeric" })}: ${next.due ? next.value || "no check-in" : "not due"}`);
      if (shown !== state) {
        shown = state;
        el.replaceChildren(...(PAST_MARKS[state] ? [icon(PAST_MARKS[state], { size: 13 })] : []));
      }
    },
  };
}

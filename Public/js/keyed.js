// Keyed lists that update in place. Each key keeps its element from one update to the next,
// and only the elements that are out of order move: moving a node blurs it, so a row that
// stays put keeps the focus, the caret and a click in progress while live updates arrive.
// The plan is pure (unit-tested under Node); `updateKeyed` applies it to a container.

/**
 * What turns the key order `before` into `after`: the keys to remove, to create, and to move.
 * Everything on one longest run of kept keys already in order stays where it is.
 */
export function planKeyedUpdate(before, after) {
  const wanted = new Set(after);
  const had = new Set(before);
  const rank = new Map(after.map((key, i) => [key, i]));
  const kept = before.filter((key) => wanted.has(key));
  const staying = longestIncreasingRun(kept.map((key) => rank.get(key)));
  return {
    removed: before.filter((key) => !wanted.has(key)),
    created: after.filter((key) => !had.has(key)),
    moved: kept.filter((_, i) => !staying.has(i)),
  };
}

/** Indices of one longest strictly increasing subsequence of `values` (patience sorting). */
function longestIncreasingRun(values) {
  const tails = []; // tails[k]: index of the smallest tail of a run of length k + 1
  const previous = new Array(values.length);
  values.forEach((value, i) => {
    let low = 0;
    let high = tails.length;
    while (low < high) {
      const mid = (low + high) >> 1;
      if (values[tails[mid]] < value) low = mid + 1;
      else high = mid;
    }
    previous[i] = low > 0 ? tails[low - 1] : -1;
    tails[low] = i;
  });
  const run = new Set();
  for (let i = tails.length ? tails[tails.length - 1] : -1; i !== -1; i = previous[i]) run.add(i);
  return run;
}

/**
 * Makes `container`'s children the components of `models` (each with a `key`), in order:
 * `components` (key -> { el }) is the previous update's, in its order, and is updated here;
 * `create(model)` makes a missing component, `update(component, model)` patches every one.
 * Focus inside a moved component is put back where it was.
 */
export function updateKeyed(container, components, models, { create, update }) {
  const keys = models.map((model) => model.key);
  const plan = planKeyedUpdate([...components.keys()], keys);
  for (const key of plan.removed) {
    components.get(key).el.remove();
    components.delete(key);
  }
  const ordered = new Map();
  for (const model of models) {
    const component = components.get(model.key) ?? create(model);
    update(component, model);
    ordered.set(model.key, component);
  }
  const focus = rememberFocus(container);
  const placing = new Set([...plan.created, ...plan.moved]);
  let anchor = null;
  for (let i = keys.length - 1; i >= 0; i -= 1) {
    const el = ordered.get(keys[i]).el;
    if (placing.has(keys[i])) container.insertBefore(el, anchor);
    anchor = el;
  }
  focus.restore();
  components.clear();
  for (const [key, component] of ordered) components.set(key, component);
}

function rememberFocus(container) {
  const doc = container.ownerDocument;
  const active = doc.activeElement;
  if (!active || !container.contains(active)) return { restore() {} };
  const selection = typeof active.selectionStart === "number" ? [active.selectionStart, active.selectionEnd] : null;
  return {
    restore() {
      if (doc.activeElement === active || !active.isConnected) return;
      active.focus({ preventScroll: true });
      if (selection) active.setSelectionRange(selection[0], selection[1]);
    },
  };
}

/**
 * `container`'s keyed children, kept from one update to the next: `update(models)` runs
 * `updateKeyed` with the same `create` and `update` each time; `clear()` drops them all.
 * For example, a group's rows: `const rows = keyedChildren(ul, { create, update }); rows.update(models)`.
 */
export function keyedChildren(container, hooks) {
  const components = new Map();
  return {
    components,
    update(models) {
      updateKeyed(container, components, models, hooks);
    },
    clear() {
      for (const component of components.values()) component.el.remove();
      components.clear();
    },
  };
}

/**
 * A guard for a part rebuilt only when what it shows changes: the returned function runs
 * `apply(value)` when `value` differs (as JSON) from the value it last ran with, and says
 * whether it ran. For example `const chips = whenChanged(); chips(describe(item), (d) => …)`.
 */
export function whenChanged() {
  let shown; // JSON of the value last applied; undefined before the first
  return (value, apply) => {
    const json = JSON.stringify(value) ?? "undefined";
    if (json === shown) return false;
    shown = json;
    apply(value);
    return true;
  };
}

// The checklist view's pure parts under Node's own test runner (`node --test Tests/js`): the
// keyed update that keeps rows in place, which rows and Cancelled entries show, where a
// keyboard or drag reorder puts an item, and a row's chips. The DOM side is covered by the
// browser tests; here a few lines of fake nodes stand in for the container.
import { test } from "node:test";
import assert from "node:assert/strict";
import { planKeyedUpdate, updateKeyed } from "../../Public/js/keyed.js";
import { childIndex } from "../../Public/js/tree.js";
import { visibleRows, cancelledEntries } from "../../Public/js/views/checklist/rows.js";
import { reorderSiblings, keyboardMove, canDropOn, dropMove } from "../../Public/js/views/checklist/reorder-rules.js";
import { rowBadges } from "../../Public/js/views/checklist/row-badges.js";
import { fakeContainer } from "./fake-dom.mjs";

const sorted = (plan) => ({ removed: [...plan.removed].sort(), created: [...plan.created].sort(), moved: [...plan.moved].sort() });

test("a keyed update touches only what changed", () => {
  assert.deepEqual(planKeyedUpdate(["a", "b", "c"], ["a", "b", "c"]), { removed: [], created: [], moved: [] });
  assert.deepEqual(planKeyedUpdate(["a", "b"], ["a", "x", "b", "y"]), { removed: [], created: ["x", "y"], moved: [] });
  assert.deepEqual(planKeyedUpdate(["a", "b", "c"], ["a", "c"]), { removed: ["b"], created: [], moved: [] });
  assert.deepEqual(planKeyedUpdate([], ["a"]), { removed: [], created: ["a"], moved: [] });
  assert.deepEqual(planKeyedUpdate(["a"], []), { removed: ["a"], created: [], moved: [] });
});

test("a reorder moves as few rows as it can", () => {
  // One item moved up past one other: one row moves, whichever it is.
  assert.equal(planKeyedUpdate(["a", "b", "c", "d"], ["a", "c", "b", "d"]).moved.length, 1);
  // The last to the front: only that one moves, the rest keep their nodes (and their focus).
  assert.deepEqual(planKeyedUpdate(["a", "b", "c", "d"], ["d", "a", "b", "c"]).moved, ["d"]);
  // The first to the end.
  assert.deepEqual(planKeyedUpdate(["a", "b", "c", "d"], ["b", "c", "d", "a"]).moved, ["a"]);
  // A reversal keeps one in place.
  assert.equal(planKeyedUpdate(["a", "b", "c", "d"], ["d", "c", "b", "a"]).moved.length, 3);
  // All at once: removals, creations and a move.
  assert.deepEqual(sorted(planKeyedUpdate(["a", "b", "c", "d", "e"], ["e", "a", "x", "c", "d"])), { removed: ["b"], created: ["x"], moved: ["e"] });
});

test("updateKeyed keeps each key's node, patches every one, and leaves rows in order in place", () => {
  const { container, node } = fakeContainer();
  const components = new Map();
  let created = 0;
  const apply = (keys) => updateKeyed(container, components, keys.map((key) => ({ key, label: key.toUpperCase() })), {
    create: (model) => { created += 1; return { el: node(model.key) }; },
    update: (component, model) => { component.label = model.label; },
  });
  apply(["a", "b", "c", "d"]);
  const first = new Map([...components].map(([key, component]) => [key, component.el]));
  assert.equal(created, 4);
  container.insertions = 0;
  apply(["a", "c", "x", "b", "d"]); // b moves below c, x arrives
  assert.deepEqual(container.children.map((n) => n.key), ["a", "c", "x", "b", "d"]);
  assert.equal(created, 5, "only x is new");
  assert.equal(container.insertions, 2, "x is inserted and one row moved; the others stay put");
  for (const key of ["a", "b", "c", "d"]) assert.equal(components.get(key).el, first.get(key), `${key} kept its node`);
  assert.equal(components.get("x").label, "X");
  assert.deepEqual([...components.keys()], ["a", "c", "x", "b", "d"], "the map follows the order shown");
  apply(["d", "a"]);
  assert.deepEqual(container.children.map((n) => n.key), ["d", "a"]);
  assert.deepEqual([...components.keys()], ["d", "a"]);
});

// p (open, with a, b and cancelled c), q (done), r (cancelled, with its cancelled child s).
const tree = () => {
  const items = new Map([
    ["p", { id: "p", parent: null, position: 1, status: "open", title: "P" }],
    ["a", { id: "a", parent: "p", position: 1, status: "done", title: "A" }],
    ["b", { id: "b", parent: "p", position: 2, status: "open", title: "B" }],
    ["c", { id: "c", parent: "p", position: 3, status: "cancelled", title: "C", cancelledAt: "2027-03-01T10:00:00Z" }],
    ["q", { id: "q", parent: null, position: 2, status: "done", title: "Q" }],
    ["r", { id: "r", parent: null, position: 3, status: "cancelled", title: "R", cancelledAt: "2027-03-02T10:00:00Z" }],
    ["s", { id: "s", parent: "r", position: 1, status: "cancelled", title: "S", cancelledAt: "2027-03-02T10:00:00Z" }],
  ]);
  return { items, index: childIndex(items) };
};

test("the tree's rows: cancelled items out, collapsed children hidden, the adder under its parent", () => {
  const { index } = tree();
  const rows = (rootId, collapsed, adding) => visibleRows(index, rootId, new Set(collapsed), adding).map((r) => `${r.key}@${r.depth}${r.hasChildren ? "+" : ""}`);
  assert.deepEqual(rows(null, [], null), ["p@0+", "a@1", "b@1", "q@0"]);
  assert.deepEqual(rows(null, ["p"], null), ["p@0+", "q@0"]);
  assert.deepEqual(rows(null, [], { parentId: "p" }), ["p@0+", "a@1", "b@1", "adder:p@1", "q@0"]);
  assert.deepEqual(rows(null, [], { parentId: "q" }), ["p@0+", "a@1", "b@1", "q@0", "adder:q@1"]);
  assert.deepEqual(rows(null, ["p"], { parentId: "p" }), ["p@0+", "q@0"], "no adder under a collapsed item");
  assert.deepEqual(rows("p", [], null), ["a@0", "b@0"], "drilled down into p");
});

test("the Cancelled section: newest first, a cancelled parent stands for its cancelled children", () => {
  const { items, index } = tree();
  const view = { items, index };
  assert.deepEqual(cancelledEntries(view, null).map((i) => i.id), ["r", "c"]);
  assert.deepEqual(cancelledEntries(view, "p").map((i) => i.id), ["c"]);
  assert.deepEqual(cancelledEntries(view, "r").map((i) => i.id), ["s"], "drilled into a cancelled item, its children show");
});

test("Alt+↑/↓ says which sibling the item goes after", () => {
  const { items, index } = tree();
  const siblings = reorderSiblings(index, items.get("q"));
  assert.deepEqual(siblings.map((s) => s.id), ["p", "q"], "cancelled siblings are skipped");
  assert.deepEqual(keyboardMove(siblings, "q", -1), { after: null });
  assert.equal(keyboardMove(siblings, "q", 1), null, "already last");
  assert.equal(keyboardMove(siblings, "p", -1), null, "already first");
  assert.deepEqual(keyboardMove(siblings, "p", 1), { after: "q" });
  const three = [{ id: "x" }, { id: "y" }, { id: "z" }];
  assert.deepEqual(keyboardMove(three, "z", -1), { after: "x" });
  assert.deepEqual(keyboardMove(three, "x", 1), { after: "y" });
});

test("a drop goes before or after the row it lands on, under that row's parent", () => {
  const { items, index } = tree();
  const view = { items, index };
  assert.deepEqual(dropMove(view, "b", items.get("a"), true), { item: "b", after: null });
  assert.deepEqual(dropMove(view, "a", items.get("b"), false), { item: "a", after: "b" });
  assert.deepEqual(dropMove(view, "q", items.get("b"), true), { item: "q", after: "a", parent: "p" });
  assert.deepEqual(dropMove(view, "b", items.get("q"), false), { item: "b", after: "q", parent: null });
  assert.equal(canDropOn(index, "p", "a"), false, "not into its own subtree");
  assert.equal(canDropOn(index, "p", "p"), false);
  assert.equal(canDropOn(index, "a", "q"), true);
});

test("a row's chips", () => {
  const kinds = (item, extra = {}) => rowBadges(item, { progress: null, pending: false, ...extra }).map((b) => b.kind);
  assert.deepEqual(kinds({ status: "open" }), []);
  assert.deepEqual(kinds({ status: "open", due: "2001-01-01" }), ["due overdue"]);
  assert.deepEqual(kinds({ status: "done", due: "2001-01-01" }), ["due"], "done is never overdue");
  assert.deepEqual(kinds({ status: "open", attachments: [{ status: "active" }, { status: "cancelled" }], notes: "n" }), ["plain attachment-count", "plain"]);
  assert.deepEqual(kinds({ status: "open", available: false }), ["plain locked-chip"]);
  assert.deepEqual(kinds({ status: "done", available: false }), []);
  const [progress, pending] = rowBadges({ status: "open" }, { progress: { done: 1, total: 3, percent: 33 }, pending: true });
  assert.deepEqual(progress, { kind: "sub-progress", title: "1 of 3 sub-items done", ring: 33, text: "1/3" });
  assert.equal(pending.kind, "pending-chip");
});

// The pure parts of the kept views (lists, Today, calendar, activity feed) under Node's own
// test runner: the keyed-children helper and the change guard they are built from, the Today
// view's groups and row keys, and what the activity feed shows. The DOM side is covered by
// the browser tests (test_collaboration.py's live-update tests).
import { test } from "node:test";
import assert from "node:assert/strict";
import { keyedChildren, whenChanged } from "../../Public/js/keyed.js";
import { classNames } from "../../Public/js/dom.js";

/** Just enough of a DOM for keyedChildren: children, insertBefore, remove, focus. */
function fakeContainer() {
  const container = {
    ownerDocument: { activeElement: null },
    children: [],
    insertBefore(node, anchor) {
      node.remove();
      const at = anchor ? this.children.indexOf(anchor) : this.children.length;
      this.children.splice(at, 0, node);
      node.parent = this;
    },
    contains(node) { return this.children.includes(node); },
  };
  const node = (key) => ({
    key,
    parent: null,
    remove() { if (this.parent) this.parent.children.splice(this.parent.children.indexOf(this), 1); this.parent = null; },
  });
  return { container, node };
}

test("keyedChildren keeps its components between updates and clear() drops them", () => {
  const { container, node } = fakeContainer();
  let created = 0;
  const rows = keyedChildren(container, {
    create: (model) => { created += 1; return { el: node(model.key) }; },
    update: (row, model) => { row.text = model.text; },
  });
  rows.update([{ key: "a", text: "A" }, { key: "b", text: "B" }]);
  const a = rows.components.get("a").el;
  rows.update([{ key: "b", text: "B2" }, { key: "a", text: "A" }, { key: "c", text: "C" }]);
  assert.equal(created, 3, "only c is new");
  assert.equal(rows.components.get("a").el, a, "a kept its node");
  assert.equal(rows.components.get("b").text, "B2", "b was patched");
  assert.deepEqual(container.children.map((n) => n.key), ["b", "a", "c"]);
  rows.clear();
  assert.deepEqual(container.children, []);
  assert.equal(rows.components.size, 0);
  rows.update([{ key: "a", text: "A" }]);
  assert.equal(created, 4, "after clear() a key is made again");
});

test("whenChanged runs only when the value differs from the last one applied", () => {
  const guard = whenChanged();
  const seen = [];
  assert.equal(guard({ a: 1 }, (v) => seen.push(v)), true);
  assert.equal(guard({ a: 1 }, (v) => seen.push(v)), false, "an equal value is not applied again");
  assert.equal(guard({ a: 2 }, (v) => seen.push(v)), true);
  assert.equal(guard(null, (v) => seen.push(v)), true);
  assert.equal(guard(null, (v) => seen.push(v)), false);
  assert.equal(guard(undefined, (v) => seen.push(v)), true, "undefined is a value of its own");
  assert.deepEqual(seen, [{ a: 1 }, { a: 2 }, null, undefined]);
});

test("classNames joins a base and the flags that are on", () => {
  assert.equal(classNames("cal-chip", { done: true, overdue: false, list: 1 }), "cal-chip done list");
  assert.equal(classNames("week-day", {}), "week-day");
});

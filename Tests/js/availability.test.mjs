// Why an item cannot be ticked off yet, in words (Public/js/availability.js): the server says
// `available: false`; the web says until when, or what must be done first.
import { test } from "node:test";
import assert from "node:assert/strict";
import { lockReason, lockText, hasArrived } from "../../Public/js/availability.js";
import { childIndex } from "../../Public/js/tree.js";

function view(items, summary = {}) {
  const map = new Map(items.map((item) => [item.id, { parent: null, status: "open", ...item }]));
  return { items: map, index: childIndex(map), summary: { tz: "Asia/Tokyo", ...summary } };
}
const text = (reason) => lockText(reason, (day) => `on ${day}`);

test("a sequential parent's later child waits for the open one before it", () => {
  const v = view([
    { id: "c", sequential: true, position: 1 },
    { id: "p1", parent: "c", title: "Part 1", position: 1, status: "done" },
    { id: "p2", parent: "c", title: "Part 2", position: 2 },
    { id: "p3", parent: "c", title: "Part 3", position: 3, available: false },
    { id: "q", parent: "p3", title: "Quiz", position: 1, available: false },
  ]);
  assert.equal(lockReason(v.items.get("p2"), v), null, "available: no lock");
  assert.equal(text(lockReason(v.items.get("p3"), v)), "Opens when “Part 2” is done");
  assert.equal(text(lockReason(v.items.get("q"), v)), "Opens with “Part 3”");
});

test("a date counts in the checklist's zone, and a date that has come frees the item", () => {
  const v = view([{ id: "r", title: "Reading", available: false, availableFrom: "2027-03-12" }]);
  const beforeTokyoMidnight = new Date("2027-03-11T14:59:00Z");
  const afterTokyoMidnight = new Date("2027-03-11T15:01:00Z");
  assert.equal(text(lockReason(v.items.get("r"), v, beforeTokyoMidnight)), "Opens on 2027-03-12");
  assert.ok(hasArrived("2027-03-12", "Asia/Tokyo", afterTokyoMidnight) && !hasArrived("2027-03-12", "UTC", afterTokyoMidnight));
  assert.equal(lockReason(v.items.get("r"), v, afterTokyoMidnight), null, "no event comes when a date arrives");
});

test("the root of a sequential checklist; and a lock not explained here is still a lock", () => {
  const seq = view([{ id: "a", title: "First", position: 1 }, { id: "b", title: "Second", position: 2, available: false }], { sequential: true });
  assert.deepEqual(lockReason(seq.items.get("b"), seq).after.id, "a");
  const plain = view([{ id: "a", title: "First", position: 1 }, { id: "b", title: "Second", position: 2, available: false }]);
  assert.deepEqual(lockReason(plain.items.get("b"), plain), {}, "not sequential: the sibling is not the reason");
  assert.equal(text({}), "Not available yet");
  assert.equal(lockReason({ id: "d", status: "done", available: false }, plain), null, "done items are not locked");
});

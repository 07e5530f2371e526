// The pure parts of the kept views (lists, Today, calendar, activity feed) under Node's own
// test runner: the keyed-children helper and the change guard they are built from, the Today
// view's groups and row keys, what the activity feed shows, and the search results patched
// in place (on a fake document). The rest of the DOM side is covered by the browser tests
// (test_collaboration.py's live-update tests, test_today.py's search).
import { test } from "node:test";
import assert from "node:assert/strict";
import { keyedChildren, whenChanged } from "../../Public/js/keyed.js";
import { classNames } from "../../Public/js/dom.js";
import { agendaGroups, dueDay } from "../../Public/js/views/today-groups.js";
import { activityEntries } from "../../Public/js/views/activity.js";
import { searchHit, createSearchResults, snippetParts } from "../../Public/js/views/search-results.js";
import { fakeContainer, installFakeDocument } from "./fake-dom.mjs";

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

test("the Today view's groups: Overdue first, one per day, rows keyed by checklist, item and day", () => {
  const entry = (list, id, due) => ({ list, listTitle: list, item: { id, title: id, due } });
  const agenda = {
    overdue: [entry("L", "late", "2027-03-01")],
    items: [entry("L", "hw", "2027-03-10"), entry("M", "hw", "2027-03-10"), entry("L", "run", "2027-03-11T07:30:00Z"), entry("L", "hw2", "2027-03-10")],
  };
  const groups = agendaGroups(agenda, "2027-03-10", "UTC");
  assert.deepEqual(groups.map((g) => [g.key, g.kind, g.entries.map((e) => e.key)]), [
    ["overdue", "overdue", ["L/late@2027-03-01"]],
    ["2027-03-10", "today", ["L/hw@2027-03-10", "M/hw@2027-03-10", "L/hw2@2027-03-10"]],
    ["2027-03-11", "later", ["L/run@2027-03-11"]],
  ]);
  assert.equal(groups[1].entries[0].item.title, "hw", "the entry is kept whole");
  assert.deepEqual(agendaGroups({ overdue: [], items: [] }, "2027-03-10", "UTC"), []);
  // A time falls on its day where the person is.
  assert.equal(dueDay("2027-03-11T02:00:00Z", "America/New_York"), "2027-03-10");
  assert.equal(dueDay("2027-03-11", "America/New_York"), "2027-03-11");
});

test("the activity feed: pending edits first (newest first), then events keyed by seq", () => {
  const entries = activityEntries({
    pending: [
      { opId: "o1", message: { op: "completeItem", item: "i1" } },
      { opId: "o2", message: { op: "updateList", title: "New name" } },
    ],
    events: [
      { seq: 9, by: "bo", verb: "renamed", itemId: "i1", title: "Essay draft", detail: "“Essay” → “Essay draft”", at: "2027-03-01T10:00:00Z" },
      { seq: 8, by: "ana", verb: "created the checklist", listTitle: "CS 298", at: "2027-03-01T09:00:00Z" },
      { seq: 7, by: "ana", verb: "did something", at: "2027-03-01T08:00:00Z" },
    ],
    listId: "L 1",
    username: "ana",
    titleOf: (id) => ({ i1: "Essay" })[id],
  });
  assert.deepEqual(entries.map((e) => e.key), ["pending:o2", "pending:o1", "seq:9", "seq:8", "seq:7"]);
  assert.deepEqual(entries[0].subject, null, "a checklist edit names no item");
  assert.deepEqual(entries[1], { key: "pending:o1", pending: true, by: "ana", verb: "complete", subject: { text: "Essay" } });
  assert.deepEqual(entries[2].subject, { text: "“Essay” → “Essay draft”", href: "#/list/L%201/item/i1" });
  assert.deepEqual(entries[3].subject, { text: "“CS 298”" });
  assert.equal(entries[4].subject, null);
  const many = activityEntries({ pending: [], events: Array.from({ length: 60 }, (_, i) => ({ seq: 60 - i, by: "a", verb: "v" })), listId: "L", username: "a", titleOf: () => null });
  assert.equal(many.length, 50, "at most 50 events");
});

test("a search hit is keyed by its checklist and item, or the checklist alone, ids encoded", () => {
  const item = searchHit({ list: "L 1", listTitle: "CS 298", listStatus: "active", item: { id: "a/b", title: "Essay", status: "open" }, snippet: "«ess»ay" });
  assert.deepEqual(item, { key: "L%201/a%2Fb", href: "#/list/L%201/item/a%2Fb", title: "Essay", context: " — CS 298", snippet: "«ess»ay", cancelled: false });
  const list = searchHit({ list: "L 1", listTitle: "CS 298", listStatus: "cancelled", snippet: "«cs» 298" });
  assert.deepEqual(list, { key: "L%201", href: "#/list/L%201", title: "CS 298", context: " — checklist", snippet: "«cs» 298", cancelled: true });
  // A checklist "a" with item "b/c" and a checklist "a/b" with item "c" do not share a key.
  assert.notEqual(searchHit({ list: "a", item: { id: "b/c" } }).key, searchHit({ list: "a/b", item: { id: "c" } }).key);
  assert.equal(searchHit({ list: "L", listStatus: "active", item: { id: "i", status: "cancelled" } }).cancelled, true);
});

test("search results keep each hit's element, patch it, drop the gone ones and follow the reply's order", () => {
  const document = installFakeDocument();
  const container = document.createElement("div");
  const results = createSearchResults(container);
  const hit = (id, title, snippet, status = "open") => ({ list: "L", listTitle: "CS 298", listStatus: "active", item: { id, title, status }, snippet });
  const parts = (el) => [el.getAttribute("href"), el.getAttribute("class"), ...el.children.map((part) => part.textContent)];

  results.show([hit("hw", "Homework 3", "«home»work"), hit("essay", "Essay", "take-«home» essay"),
    { list: "L", listTitle: "CS 298", listStatus: "active", snippet: "«home» work" }], "home");
  const [hw, essay, list] = container.children;
  assert.equal(container.children.length, 3);
  assert.deepEqual(parts(hw), ["#/list/L/item/hw", "search-hit", "Homework 3", " — CS 298", "homework"], "the « » marks become a highlight");
  assert.deepEqual(hw.children[2].children.map((mark) => [mark.tagName, mark.textContent]), [["MARK", "home"]]);
  assert.deepEqual(parts(list), ["#/list/L", "search-hit", "CS 298", " — checklist", "home work"]);

  // The next keystroke: the checklist no longer matches, the two items swap and change.
  results.show([hit("essay", "Essay draft", "take-«homew»ork essay", "cancelled"), hit("hw", "Homework 3", "«homew»ork")], "homew");
  assert.deepEqual(container.children, [essay, hw], "the same elements, in the reply's order");
  assert.equal(list.parentNode, null, "the checklist's hit is gone");
  assert.deepEqual(parts(essay), ["#/list/L/item/essay", "search-hit cancelled", "Essay draftcancelled", " — CS 298", "take-homework essay"]);
  assert.deepEqual(parts(hw), ["#/list/L/item/hw", "search-hit", "Homework 3", " — CS 298", "homework"]);
  results.show([hit("essay", "Essay draft", "x", "cancelled")], "homew");
  assert.deepEqual(container.children, [essay]);
  assert.equal(essay.children[0].textContent, "Essay draftcancelled", "still cancelled: one chip, not two");
  results.show([hit("essay", "Essay draft", "x", "open")], "homew");
  assert.deepEqual(parts(essay).slice(1, 3), ["search-hit", "Essay draft"], "restored: the chip is gone");
});

test("search results say when nothing matches or the search failed, and give way to the next hits", () => {
  const document = installFakeDocument();
  const container = document.createElement("div");
  const results = createSearchResults(container);
  const hit = { list: "L", listTitle: "CS 298", listStatus: "active", item: { id: "hw", title: "Homework 3", status: "open" }, snippet: "s" };
  results.show([hit], "home");
  results.show([], "homz");
  assert.deepEqual(container.childNodes.map((node) => [node.tagName, node.textContent]), [["P", "Nothing matches “homz”."]]);
  results.say("Search needs a connection.");
  assert.deepEqual(container.childNodes.map((node) => node.textContent), ["Search needs a connection."]);
  results.show([hit], "home");
  assert.deepEqual(container.childNodes.map((node) => [node.tagName, node.getAttribute("href")]), [["A", "#/list/L/item/hw"]]);
});

test("a snippet's « » marks are highlights, never shown as marks", () => {
  assert.deepEqual(snippetParts("Apply for the «visa» at the «consul»ate"), [
    { text: "Apply for the ", match: false }, { text: "visa", match: true }, { text: " at the ", match: false },
    { text: "consul", match: true }, { text: "ate", match: false },
  ]);
  assert.deepEqual(snippetParts("no marks"), [{ text: "no marks", match: false }]);
  assert.deepEqual(snippetParts("a stray « mark"), [{ text: "a stray  mark", match: false }]);
  assert.deepEqual(snippetParts(""), []);
});

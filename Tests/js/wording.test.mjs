// What the web says, checked without a DOM: the quick-add echo renders every field the
// parser set (and any it does not know yet, generically), and the activity feed names each
// kind of edit in words ("attached a file to", "assigned … to bob"), never an op's name.
import { test } from "node:test";
import assert from "node:assert/strict";
import { describeQuickAdd } from "../../Public/js/views/quick-add-echo.js";
import { describeEvent } from "../../Public/js/store.js";
import { setDisplayZone } from "../../Public/js/format.js";

test("the quick-add echo says everything the parser set", () => {
  setDisplayZone("America/New_York");
  const now = new Date("2027-03-01T15:00:00Z"); // Monday 10:00 in New York
  const said = describeQuickAdd({
    list: "Trip", section: "Tickets", title: "Check in online", date: "2027-03-02", time: "17:00",
    location: "the airport", remindEvery: 7200, remindBefore: 3600, repeat: "FREQ=WEEKLY;BYDAY=TU",
    ranges: { title: [{ start: 0, length: 15 }] }, priority: 2, flagged: true, note: null,
  }, "Trip", now);
  assert.equal(said.title, "Check in online");
  assert.equal(said.where, "Trip");
  assert.deepEqual(said.details.map((d) => d.replace(/\s/g, " ")), [
    "Tomorrow, 5:00 PM", "every Tue", "in “Tickets”", "at the airport", "remind 1 hour before", "remind every 2 hours",
    "priority: 2", "flagged: true",
  ]);
  const plain = describeQuickAdd({ list: null, section: null, title: "Milk", date: "2027-03-01", time: null, location: null, remindEvery: null, ranges: {} }, "Inbox", now);
  assert.deepEqual(plain, { title: "Milk", where: "Inbox", details: ["Today"] });
});

test("the activity feed says what each edit did", () => {
  const before = new Map([["hw", { id: "hw", title: "Homework 2", assignee: null, remindBefore: null }]]);
  const detail = { items: before };
  const event = (op, items, extra = {}) => describeEvent({ seq: 2, op, by: "alice", at: "2027-03-01T10:00:00Z", changes: { items }, ...extra }, detail);
  assert.equal(event("attach", [{ id: "hw", title: "Homework 2" }]).verb, "attached a file to");
  assert.equal(event("cancelAttachment", [{ id: "hw", title: "Homework 2" }]).verb, "removed a file from");
  const assigned = event("updateItem", [{ id: "hw", title: "Homework 2", assignee: "bob", remindBefore: null }]);
  assert.deepEqual([assigned.verb, assigned.detail], ["assigned", "Homework 2 to bob"]);
  assert.equal(event("updateItem", [{ id: "hw", title: "Homework 2", assignee: null, remindBefore: 600 }]).verb, "changed the reminders of");
  assert.equal(event("checkIn", [], { value: "skipped" }).verb, "skipped");
  assert.equal(event("someFutureOp", []).verb, "some future op", "an unknown op in words, not as its name");
});

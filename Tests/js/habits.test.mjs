// The habit view's rules without a DOM (Public/js/views/habits/checkins.js): pending
// check-ins laid over the history, the last days' cells, a tap's next value, the goal's
// progress, and the coach's strip, which tells done, skipped, missed and nothing due apart.
import { test } from "node:test";
import assert from "node:assert/strict";
import { withPending, pastDays, nextValue, goalProgress, coachDays, isDueOn } from "../../Public/js/views/habits/checkins.js";

const rows = [
  { date: "2027-03-04", user: "ana", item: "m", value: "done" },
  { date: "2027-03-05", user: "ana", item: "m", value: "missed" },
  { date: "2027-03-06", user: "ana", item: "m", value: "skipped" },
  { date: "2027-03-06", user: "bo", item: "m", value: "done" },
];

test("pending check-ins show at once over the history", () => {
  const pending = [
    { message: { op: "checkIn", list: "L", item: "m", date: "2027-03-05", value: "done" } },
    { message: { op: "checkIn", list: "L", item: "m", date: "2027-03-06", value: null } },
    { message: { op: "checkIn", list: "L", item: "m", date: "2027-03-08", value: "skipped" } },
    { message: { op: "addItem", list: "L", title: "x" } },
  ];
  const mine = withPending(rows, pending, "ana", "2027-03-08").filter((r) => r.user === "ana");
  assert.deepEqual(Object.fromEntries(mine.map((r) => [r.date, r.value])), {
    "2027-03-04": "done", "2027-03-05": "done", "2027-03-06": "missed", "2027-03-08": "skipped",
  }, "an undone past day is missed again; today's check-in shows");
  const undoToday = withPending([{ date: "2027-03-08", user: "ana", item: "m", value: "done" }],
    [{ message: { op: "checkIn", item: "m", date: "2027-03-08", value: null } }], "ana", "2027-03-08");
  assert.deepEqual(undoToday, [], "today undone has no row at all");
});

test("the last days' cells: due days from the habit's start, missed from the person's start", () => {
  const item = { id: "m", repeat: "FREQ=WEEKLY;BYDAY=MO,TH,FR,SA", due: "2027-03-04" };
  const cells = pastDays(item, rows.filter((r) => r.user === "ana").slice(0, 2), "2027-03-09", "UTC", 7);
  assert.deepEqual(cells.map((c) => [c.day, c.due, c.value]), [
    ["2027-03-02", false, null], // before the habit began
    ["2027-03-03", false, null],
    ["2027-03-04", true, "done"],
    ["2027-03-05", true, "missed"],
    ["2027-03-06", true, "missed"], // a Saturday with no row, after her start
    ["2027-03-07", false, null], // a Sunday: not due
    ["2027-03-08", true, "missed"],
  ]);
  const fresh = pastDays(item, [], "2027-03-09", "UTC", 3);
  assert.deepEqual(fresh.map((c) => c.value), [null, null, null], "before the person's start nothing is missed");
  assert.deepEqual([nextValue("missed"), nextValue(null), nextValue("done"), nextValue("skipped")], ["done", "done", "skipped", null]);
  assert.ok(isDueOn(item, "2027-03-11", "UTC") && !isDueOn(item, "2027-03-10", "UTC"));
});

test("progress toward a goal counts from the person's first day", () => {
  assert.equal(goalProgress(null, rows, "2027-03-08"), null);
  assert.deepEqual(goalProgress(66, rows.filter((r) => r.user === "ana"), "2027-03-08"), { day: 5, of: 66 });
  assert.deepEqual(goalProgress(66, [], "2027-03-08"), { day: 1, of: 66 }, "a new habit: day 1");
});

test("the coach's strip tells done, skipped, some missed, missed and nothing due apart", () => {
  const more = [...rows,
    { date: "2027-03-07", user: "ana", item: "m", value: "done" }, { date: "2027-03-07", user: "ana", item: "r", value: "missed" }];
  const days = coachDays(more, "ana", "2027-03-03", "2027-03-07");
  assert.deepEqual(days.map((d) => [d.day, d.state, d.text]), [
    ["2027-03-03", "none", "nothing due"],
    ["2027-03-04", "done", "1 done"],
    ["2027-03-05", "missed", "1 missed"],
    ["2027-03-06", "skipped", "1 skipped"],
    ["2027-03-07", "partial", "1 done, 1 missed"],
  ]);
});

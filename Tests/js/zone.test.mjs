// Days and times in a zone (Public/js/zone.js), the formatting that reads them in the person's
// zone (format.js) and the calendar's entries (views/calendar/entries.js) under Node's test
// runner: the same answers as the server's rules (RepeatDue.swift, the agenda) across a
// daylight-saving change, whatever zone the machine running the test is in.
import { test } from "node:test";
import assert from "node:assert/strict";
import { dayIn, timeIn, instantAt, dueOnDay, addDays, daysBetween, mondayOf, isoWeekday, addMonths, monthLength, offsetAt, zoneLabel } from "../../Public/js/zone.js";
import { setDisplayZone, inputsToDue, dueToInputs, isOverdue, dueDayKey, formatDue, overdueSince, todayKey, formatInterval, formatBefore, formatDuration } from "../../Public/js/format.js";
import { taskEntries, laterOccurrences, habitEntries, habitDayText } from "../../Public/js/views/calendar/entries.js";

const NY = "America/New_York";
const TOKYO = "Asia/Tokyo";

test("the day and wall time of an instant in a zone", () => {
  const t = Date.parse("2027-03-08T15:00:00Z");
  assert.equal(dayIn(t, NY), "2027-03-08");
  assert.equal(timeIn(t, NY), "10:00");
  assert.equal(dayIn(t, TOKYO), "2027-03-09", "Monday 10:00 in New York is Tuesday midnight in Tokyo");
  assert.equal(timeIn(t, TOKYO), "00:00");
  assert.equal(offsetAt(t, NY), -5 * 3600000);
  assert.equal(offsetAt(Date.parse("2027-03-15T14:00:00Z"), NY), -4 * 3600000);
});

test("a wall time is the instant the server reads it as, across both changes", () => {
  assert.equal(instantAt("2027-03-08", "10:00", NY).toISOString(), "2027-03-08T15:00:00.000Z");
  assert.equal(instantAt("2027-03-15", "10:00", NY).toISOString(), "2027-03-15T14:00:00.000Z");
  // 02:30 does not exist on 14 March 2027 in New York: it moves forward by the gap (03:30 EDT).
  assert.equal(instantAt("2027-03-14", "02:30", NY).toISOString(), "2027-03-14T07:30:00.000Z");
  // 01:30 happens twice on 7 November 2027: the earlier one (EDT).
  assert.equal(instantAt("2027-11-07", "01:30", NY).toISOString(), "2027-11-07T05:30:00.000Z");
  assert.equal(instantAt("2027-03-15", "10:00", TOKYO).toISOString(), "2027-03-15T01:00:00.000Z");
});

test("a weekly 10:00 New York item keeps 10:00 there after the March change", () => {
  const item = { due: "2027-03-08T15:00:00Z", repeat: "FREQ=WEEKLY;BYDAY=MO" };
  assert.equal(dueOnDay(item.due, "2027-03-15", NY), "2027-03-15T14:00:00Z");
  assert.deepEqual(laterOccurrences(item, NY, "2027-03-29", NY), ["2027-03-15T14:00:00Z", "2027-03-22T14:00:00Z", "2027-03-29T14:00:00Z"]);
  // Read in Tokyo: the first falls on Tuesday at midnight, the later ones on Monday at 23:00.
  setDisplayZone(TOKYO);
  const lists = [{
    summary: { id: "L", tz: NY, status: "active", kind: "checklist" },
    view: { summary: { title: "Gym" }, items: new Map([["run", { id: "run", title: "Run", status: "open", ...item }]]), pendingItems: new Set(), pendingList: false },
  }];
  const entries = taskEntries({ lists, from: "2027-03-01", to: "2027-03-31", zone: TOKYO, showDone: true, hueOf: () => 1 });
  assert.deepEqual(entries.map((e) => [e.day, timeIn(Date.parse(e.due), TOKYO)]), [
    ["2027-03-09", "00:00"], ["2027-03-15", "23:00"], ["2027-03-22", "23:00"], ["2027-03-29", "23:00"],
  ]);
  assert.equal(entries[0].key, "item:L/run@2027-03-09");
  assert.deepEqual(entries.map((e) => e.occurrence), [false, true, true, true]);
  setDisplayZone(NY);
  const inNewYork = taskEntries({ lists, from: "2027-03-01", to: "2027-03-31", zone: NY, showDone: true, hueOf: () => 1 });
  assert.deepEqual(inNewYork.map((e) => [e.day, timeIn(Date.parse(e.due), NY)]), [
    ["2027-03-08", "10:00"], ["2027-03-15", "10:00"], ["2027-03-22", "10:00"], ["2027-03-29", "10:00"],
  ]);
});

test("date-only dues are their own day in every zone; habit checklists are not tasks", () => {
  const lists = [
    { summary: { id: "A", tz: TOKYO, status: "active", kind: "checklist" },
      view: { summary: { title: "Home", due: "2027-03-10" }, items: new Map([["t", { id: "t", title: "Trash", status: "open", due: "2027-03-01", repeat: "FREQ=WEEKLY;BYDAY=MO,TH" }]]), pendingItems: new Set(), pendingList: false } },
    { summary: { id: "H", tz: TOKYO, status: "active", kind: "habits" },
      view: { summary: { title: "Habits" }, items: new Map([["m", { id: "m", title: "Meditate", status: "open", due: "2027-03-01", repeat: "FREQ=DAILY" }]]), pendingItems: new Set(), pendingList: false } },
  ];
  const entries = taskEntries({ lists, from: "2027-03-01", to: "2027-03-14", zone: NY, showDone: true, hueOf: () => 1 });
  assert.deepEqual(entries.map((e) => `${e.kind}:${e.day}`), [
    "item:2027-03-01", "item:2027-03-04", "item:2027-03-08", "list:2027-03-10", "item:2027-03-11",
  ]);
});

test("a habit checklist's day is its check-in state, never overdue", () => {
  const habitLists = [{
    summary: { id: "H", tz: TOKYO, status: "active", kind: "habits" },
    view: { summary: { title: "Morning" }, items: new Map([
      ["m", { id: "m", title: "Meditate", status: "open", due: "2027-03-01", repeat: "FREQ=DAILY" }],
      ["r", { id: "r", title: "Long run", status: "open", due: "2027-03-06", repeat: "FREQ=WEEKLY;BYDAY=SA" }],
    ]) },
    rows: [
      { date: "2027-03-05", item: "m", value: "done" },
      { date: "2027-03-06", item: "m", value: "done" }, { date: "2027-03-06", item: "r", value: "missed" },
      { date: "2027-03-07", item: "m", value: "missed" },
      { date: "2027-03-08", item: "m", value: "skipped" },
    ],
  }];
  const now = new Date("2027-03-09T03:00:00Z"); // Tuesday noon in Tokyo
  const days = habitEntries({ habitLists, from: "2027-03-04", to: "2027-03-13", now, hueOf: () => 1 });
  assert.deepEqual(days.map((d) => [d.day, d.state, habitDayText(d)]), [
    ["2027-03-05", "done", "done"],
    ["2027-03-06", "partial", "1 of 2 done"],
    ["2027-03-07", "missed", "missed"],
    ["2027-03-08", "skipped", "skipped"],
    ["2027-03-09", "open", "0 of 1 done"],
    ["2027-03-10", "upcoming", "1 habit"],
    ["2027-03-11", "upcoming", "1 habit"],
    ["2027-03-12", "upcoming", "1 habit"],
    ["2027-03-13", "upcoming", "2 habits"],
  ], "the 4th: no history (before the start), so nothing is claimed");
});

test("the person's zone decides today, overdue and the item panel's inputs", () => {
  setDisplayZone(NY);
  assert.equal(inputsToDue("2027-03-15", "10:00"), "2027-03-15T14:00:00Z");
  assert.deepEqual(dueToInputs("2027-03-15T14:00:00Z"), { date: "2027-03-15", time: "10:00" });
  setDisplayZone(TOKYO);
  assert.deepEqual(dueToInputs("2027-03-15T14:00:00Z"), { date: "2027-03-15", time: "23:00" });
  assert.equal(inputsToDue("2027-03-15", "23:00"), "2027-03-15T14:00:00Z");
  // 20:00 UTC on 1 March is already 2 March in Tokyo but still 1 March in New York.
  const now = new Date("2027-03-01T20:00:00Z");
  assert.equal(todayKey(now), "2027-03-02");
  assert.equal(isOverdue("2027-03-01", now), true);
  setDisplayZone(NY);
  assert.equal(todayKey(now), "2027-03-01");
  assert.equal(isOverdue("2027-03-01", now), false);
  assert.equal(dueDayKey("2027-03-02T03:00:00Z"), "2027-03-01");
  assert.match(formatDue("2027-03-02T03:00:00Z", now), /^Today, 10:00\sPM$/);
  assert.equal(overdueSince("2027-02-28", now), "since yesterday");
  assert.equal(overdueSince("2027-02-25", now), "since Thu (4 days)");
  assert.equal(overdueSince("2027-02-20", now), "since Feb 20 (9 days)");
});

test("day arithmetic on strings", () => {
  assert.equal(addDays("2027-02-28", 1), "2027-03-01");
  assert.equal(daysBetween("2027-03-01", "2027-03-15"), 14);
  assert.equal(mondayOf("2027-03-14"), "2027-03-08");
  assert.equal(isoWeekday("2027-03-14"), 7);
  assert.equal(addMonths("2027-12", 1), "2028-01");
  assert.equal(addMonths("2027-01", -1), "2026-12");
  assert.equal(monthLength("2028-02"), 29);
  assert.equal(zoneLabel(NY), "New York (Eastern Time)");
});

test("reminder lengths in words, never “1 minutes”", () => {
  assert.equal(formatInterval(60), "Every minute");
  assert.equal(formatInterval(300), "Every 5 minutes");
  assert.equal(formatInterval(7200), "Every 2 hours");
  assert.equal(formatBefore(60), "1 minute before");
  assert.equal(formatBefore(0), "At the due time");
  assert.equal(formatDuration(90), "90 seconds");
  assert.equal(formatDuration(86400 * 2), "2 days");
});

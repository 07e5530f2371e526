// The web client's pure rules under Node's own test runner (`node --test Tests/js`, no npm
// packages): checked against the golden fixtures the Swift core writes, and against the
// contract's figures, so the browser and the server cannot drift apart unnoticed.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { sortLists } from "../../Public/js/store.js";
import { occurrencesPerDay, scoreSeries, isOccurrence, addDays, keptPerDay } from "../../Public/js/habits-math.js";
import { childIndex, childrenOf, completion, positionBetween } from "../../Public/js/tree.js";
import { project } from "../../Public/js/projection.js";
import { repeatInWords, inputsToDue, isAllDay } from "../../Public/js/format.js";
import { newId, newOpId } from "../../Public/js/outbox.js";

const fixture = (path) => JSON.parse(readFileSync(fileURLToPath(new URL(`../fixtures/${path}`, import.meta.url)), "utf8"));

test("the lists view order is the Swift core's (rules/list-order.json)", () => {
  const { lists, order } = fixture("rules/list-order.json");
  assert.deepEqual(sortLists(lists).map((list) => list.id), order);
});

test("a pending add or move lands where the Swift core puts it (rules/item-placement.json)", () => {
  const { cases } = fixture("rules/item-placement.json");
  assert.ok(cases.length >= 9);
  for (const { name, items, op, order, position } of cases) {
    const detail = { seq: 1, items: new Map(items.map((item) => [item.id, item])), participants: new Map(), activity: [] };
    const entry = { opId: "op-placement", at: "2027-03-01T09:00:00Z", message: { ...op, list: "list-p", title: op.id } };
    const view = project({ id: "list-p" }, detail, [entry], "olive");
    const subject = op.id ?? op.item;
    const parent = view.items.get(subject).parent;
    assert.deepEqual(childrenOf(view.index, parent).map((item) => item.id), order, name);
    // Between two siblings both take the midpoint; at either end the web client's number may
    // differ from the server's (which replaces it), but the order is the same.
    const siblings = items.filter((item) => item.parent === parent && item.id !== subject);
    const anchor = siblings.findIndex((item) => item.id === op.after);
    if (anchor >= 0 && anchor < siblings.length - 1) assert.equal(view.items.get(subject).position, position, name);
  }
});

test("a daily habit's score after 66 perfect days is the contract's 0.970", () => {
  assert.equal(Math.pow(0.5, Math.sqrt(occurrencesPerDay("FREQ=DAILY")) / 13).toFixed(6), "0.948078");
  const days = Array.from({ length: 66 }, (_, i) => addDays("2027-01-01", i));
  const rows = days.map((date) => ({ date, item: "m", value: "done" }));
  const series = scoreSeries(rows, [{ id: "m", repeat: "FREQ=DAILY" }], days[0], days.at(-1));
  assert.equal(series.length, 66);
  assert.equal(series.at(-1).score.toFixed(3), "0.970");
  // A missed day lowers it, a skipped one counts as kept.
  const missed = scoreSeries([...rows, { date: "2027-03-08", item: "m", value: "missed" }], [{ id: "m", repeat: "FREQ=DAILY" }], days[0], "2027-03-08");
  assert.ok(missed.at(-1).score < series.at(-1).score);
  const kept = keptPerDay([{ user: "ana", date: "2027-01-01", value: "skipped" }, { user: "ana", date: "2027-01-01", value: "missed" }], "ana", "2027-01-01", "2027-01-02");
  assert.deepEqual(kept, [{ day: "2027-01-01", kept: 0.5 }, { day: "2027-01-02", kept: null }]);
});

test("occurrences of the contract's RRULE subset", () => {
  const march = (rule, start) => Array.from({ length: 31 }, (_, i) => addDays("2027-03-01", i)).filter((day) => isOccurrence(rule, start, day));
  assert.equal(march("FREQ=WEEKLY;BYDAY=MO,TH", "2027-03-01").length, 9);
  assert.deepEqual(march("FREQ=WEEKLY;INTERVAL=2;BYDAY=MO", "2027-03-01"), ["2027-03-01", "2027-03-15", "2027-03-29"]);
  assert.deepEqual(march("FREQ=DAILY;INTERVAL=10", "2027-03-01"), ["2027-03-01", "2027-03-11", "2027-03-21", "2027-03-31"]);
  assert.deepEqual(march("FREQ=MONTHLY;BYMONTHDAY=31", "2027-01-31"), ["2027-03-31"]);
  assert.equal(isOccurrence("FREQ=DAILY", "2027-03-05", "2027-03-04"), false, "never before the start");
});

test("completion counts the non-cancelled leaves, as the contract says", () => {
  const items = new Map([
    ["p", { id: "p", parent: null, position: 1, status: "open" }],
    ["a", { id: "a", parent: "p", position: 1, status: "done" }],
    ["b", { id: "b", parent: "p", position: 2, status: "open" }],
    ["c", { id: "c", parent: "p", position: 3, status: "cancelled" }],
    ["q", { id: "q", parent: null, position: 2, status: "done" }],
  ]);
  const index = childIndex(items);
  assert.deepEqual(completion(index, null), { done: 2, total: 3, percent: 66 });
  assert.deepEqual(completion(index, "p"), { done: 1, total: 2, percent: 50 });
  assert.equal(positionBetween({ position: 1 }, { position: 2 }), 1.5);
  assert.equal(positionBetween(null, { position: 1 }), 0);
});

test("rules in words, and due values from the item panel's inputs", () => {
  assert.equal(repeatInWords("FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR"), "every weekday");
  assert.equal(repeatInWords("FREQ=WEEKLY;INTERVAL=2"), "every other week");
  assert.equal(repeatInWords("FREQ=MONTHLY;BYMONTHDAY=1"), "every month on the 1st");
  assert.equal(repeatInWords("FREQ=DAILY;INTERVAL=3"), "every 3 days");
  assert.equal(inputsToDue("2027-03-12", ""), "2027-03-12");
  assert.ok(isAllDay("2027-03-12"));
  assert.ok(!isAllDay(inputsToDue("2027-03-12", "09:30")));
});

test("the web store, fed the golden story's events (seq 2…14), ends where the server's snapshot is", async () => {
  globalThis.localStorage ??= { getItem: () => null, setItem: () => {}, removeItem: () => {} };
  const { Store } = await import("../../Public/js/store.js");
  const snapshot = fixture("wire/server/snapshot.json");
  const owner = snapshot.list.participants.find((p) => p.role === "owner");
  const store = new Store();
  store.reset({ username: owner.username });
  store.applySnapshot({ type: "snapshot", seq: 1, list: { ...snapshot.list, seq: 1, items: [], participants: [owner] } });
  const names = ["addItem", "addItem-child", "addItem-full", "completeItem", "share", "updateItem", "moveItem", "cancelItem",
    "restoreItem", "unshare", "updateItem-reminders", "addItem-repeating", "completeItem-occurrence"];
  const events = names.map((name) => fixture(`wire/server/event-${name}.json`)).sort((a, b) => a.seq - b.seq);
  assert.deepEqual(events.map((event) => event.seq), Array.from({ length: 13 }, (_, i) => i + 2));
  for (const event of events) assert.equal(store.applyEvent(event), "applied", `seq ${event.seq}`);
  const detail = store.detail(snapshot.list.id);
  assert.equal(detail.seq, snapshot.seq);
  assert.deepEqual(Object.fromEntries(detail.items), Object.fromEntries(snapshot.list.items.map((item) => [item.id, item])));
  assert.deepEqual(Object.fromEntries(detail.participants), Object.fromEntries(snapshot.list.participants.map((p) => [p.username, p.role])));
  // A duplicate is recognised, a gap asks for a resubscribe.
  assert.equal(store.applyEvent(events.at(-1)), "duplicate");
  assert.equal(store.applyEvent({ ...events.at(-1), seq: snapshot.seq + 2 }), "gap");
  clearTimeout(store.persistTimer);
});

test("opIds are version 7 UUIDs that sort by the millisecond they were made in; ids stay random", () => {
  const shape = /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
  // RFC 9562's example time, 0x017F22E279B0, is the first twelve digits.
  const example = newOpId(0x017f22e279b0);
  assert.match(example, shape);
  assert.equal(example.slice(0, 13), "017f22e2-79b0");
  const earlier = newOpId(1764000000999);
  const later = newOpId(1764000001000);
  assert.ok(earlier < later, `${earlier} sorts before ${later}`);
  assert.notEqual(newOpId(5), newOpId(5));
  assert.match(newId(), /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
});

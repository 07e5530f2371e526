// The reconnect schedule (Public/js/connection.js) under Node's test runner: it backs off while
// the server is down, never waits longer than its cap (so "Live" is back within 2 s of the
// server), and spreads the tries of many tabs over the upper half of each wait.
import { test } from "node:test";
import assert from "node:assert/strict";
import { backoffDelay, RECONNECT } from "../../Public/js/connection.js";

test("the schedule: 250 ms first, doubling, capped at 1.5 s, jittered in the upper half", () => {
  assert.deepEqual({ ...RECONNECT }, { firstMs: 250, factor: 2, capMs: 1500, jitter: 0.5 });
  const ceilings = Array.from({ length: 8 }, (_, attempt) => backoffDelay(attempt, () => 1));
  assert.deepEqual(ceilings, [250, 500, 1000, 1500, 1500, 1500, 1500, 1500]);
  const floors = Array.from({ length: 8 }, (_, attempt) => backoffDelay(attempt, () => 0));
  assert.deepEqual(floors, [125, 250, 500, 750, 750, 750, 750, 750]);
  assert.equal(backoffDelay(1000, () => 1), 1500, "an hour of failures still waits at most the cap");
});

test("it keeps backing off while the server is down, and never waits past 2 s", () => {
  let seed = 42;
  const random = () => ((seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648);
  const waits = Array.from({ length: 200 }, (_, attempt) => backoffDelay(attempt, random));
  assert.ok(waits.every((wait) => wait >= 125 && wait <= 1500), `waits ${Math.min(...waits)}–${Math.max(...waits)} ms`);
  assert.ok(waits[0] < waits[3] || waits[0] <= 250, "the first retries are quicker than the later ones");
  // A thousand tabs that lost the server together: their first tries after the cap is reached
  // are spread over 750–1500 ms, not piled on one instant.
  const tries = Array.from({ length: 1000 }, () => backoffDelay(5, random));
  const buckets = new Array(6).fill(0);
  for (const wait of tries) buckets[Math.min(5, Math.floor((wait - 750) / 125))] += 1;
  assert.ok(buckets.every((count) => count > 100 && count < 250), `spread ${buckets}`);
});

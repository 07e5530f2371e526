#!/usr/bin/env python3
"""agenda and search at size, from an independent client (Python websockets): one user with
N checklists and M items (due dates spread over a year, a few words each from a small
vocabulary), then timed `agenda` for a week and `search` for a word and a prefix.

    scripts/bench-planning.py --bin .build/release/checkwire                  # 5,000 lists, 200,000 items
    scripts/bench-planning.py --bin ... --lists 500 --items 20000             # smaller
    scripts/bench-planning.py --bin ... --reuse /tmp/planning.sqlite          # set up once, then reuse

`--reuse FILE` keeps the populated database in FILE (and its user in FILE.json) after the
first run and starts later runs from a copy of it, skipping the five-minute setup. The due
dates are relative to the day the file was made: reuse it the same day.

Starts `checkwire serve` on a free port of 127.0.0.1 with a fresh database in a temporary
folder and stops it afterwards. Latency is request to reply at the client, on this machine.
"""

import argparse
import gc
import asyncio
import datetime
import json
import random
import statistics
import time
import urllib.request
import uuid

import importlib.util
import os
import sys

sys.path.insert(0, os.path.dirname(__file__))
spec = importlib.util.spec_from_file_location("bench_reminders", os.path.join(os.path.dirname(__file__), "bench-reminders.py"))
bench = importlib.util.module_from_spec(spec)
spec.loader.exec_module(bench)

COMMON = ("visa passport essay homework lecture quiz groceries dentist invoice report budget slides "
          "review garden laundry tickets hotel museum library thesis").split()
# Real titles draw on thousands of words, most of them rare: 2,000 made-up ones (Zipf-like
# draws below) beside the 20 common ones, so a search matches what a real one would.
_rng = random.Random(11)
RARE = ["".join(_rng.choice("bcdfghklmnprstvz") + _rng.choice("aeiou") for _ in range(3)) for _ in range(2000)]
WORDS = COMMON


def percentile(values, fraction):
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))]


async def run(url, lists, items, samples, reused_user=None):
    started = time.time()
    if reused_user:
        owner = await bench.Client.open(url)
        owner.url = url
        await owner.request({"type": "login", "username": reused_user, "password": "correct horse"})
        owner.name = reused_user
    else:
        owner = await populate(url, lists, items)
    setup = time.time() - started
    return await measure(owner, lists, items, samples, setup)


async def populate(url, lists, items):
    owner = await bench.signup(url, "planner-" + uuid.uuid4().hex[:6])
    owner.url = url
    list_ids = []
    for index in range(lists):
        list_ids.append((await owner.request({"type": "op", "opId": uuid.uuid4().hex, "op": "createList", "title": f"Course {index} {random.choice(WORDS)}"}))["list"])
    await bench.pipelined(owner, item_ops(list_ids, items, random.Random(7)))
    return owner


def item_ops(list_ids, items, rng):
    today = datetime.date.today()
    for number in range(items):
        # Due dates over the coming year, a few recent ones overdue.
        due = today + datetime.timedelta(days=rng.randint(-3, 362))
        word = lambda: rng.choice(COMMON) if rng.random() < 0.2 else RARE[min(1999, int(rng.paretovariate(1.2)) - 1)]
        yield {"type": "op", "opId": uuid.uuid4().hex, "op": "addItem", "list": list_ids[number % len(list_ids)],
               "title": " ".join(word() for _ in range(3)) + f" {number}", "due": due.isoformat(),
               "notes": " ".join(word() for _ in range(6))}


async def measure(owner, lists, items, samples, setup):
    today = datetime.date.today()
    # The queries draw on the generator the items drew on, from where the items left it, so a
    # reused database is searched with the very queries a fresh one would be.
    rng = random.Random(7)
    for _ in item_ops(["-"], items, rng):
        pass
    received = []

    async def timed(message):
        begin = time.perf_counter()
        reply = await owner.request(message, timeout=60)
        received.append((owner.last_arrival - begin) * 1000)
        return (time.perf_counter() - begin) * 1000, reply

    def store_read_seconds():
        """The server's own `checkwire_store_read_seconds` (sum, count): hand-off to the store
        until the encoded reply is back on the service thread, without the network or the client."""
        metrics = urllib.request.urlopen(owner.url.replace("ws://", "http://").replace("/ws", "/metrics"), timeout=10).read().decode()
        values = {line.split()[0]: float(line.split()[1]) for line in metrics.splitlines()
                  if line.startswith("checkwire_store_read_seconds_sum") or line.startswith("checkwire_store_read_seconds_count")}
        return values.get("checkwire_store_read_seconds_sum", 0.0), values.get("checkwire_store_read_seconds_count", 0.0)

    # The client's cyclic garbage collector is off while timing, so that a collection (its
    # heap holds 3.3 MB agenda replies) cannot land inside a timed request: what is timed is
    # the server, the network and the client's parse. `BENCH_CLIENT_GC=on` leaves it on.
    if os.environ.get("BENCH_CLIENT_GC") != "on":
        gc.collect()
        gc.disable()
    week = {"type": "agenda", "from": today.isoformat(), "to": (today + datetime.timedelta(days=6)).isoformat()}
    first, reply = await timed(week)
    received.clear()
    before = store_read_seconds()
    agenda = [(await timed(week))[0] for _ in range(samples)]
    after = store_read_seconds()
    agenda_server = (after[0] - before[0]) * 1000 / max(1.0, after[1] - before[1])
    agenda_received = list(received)
    def store_read_buckets():
        """`checkwire_store_read_seconds` bucket counts (cumulative, by upper bound in seconds)."""
        metrics = urllib.request.urlopen(owner.url.replace("ws://", "http://").replace("/ws", "/metrics"), timeout=10).read().decode()
        buckets = {}
        for line in metrics.splitlines():
            if line.startswith("checkwire_store_read_seconds_bucket"):
                bound = line.split('le="')[1].split('"')[0]
                buckets[bound] = float(line.split()[-1])
        return buckets

    searches = []
    slowest = []
    buckets_before = store_read_buckets()
    hits = 0
    for index in range(samples):
        # Half single words, half a word and the beginning of another (as typed).
        pick = lambda: rng.choice(COMMON) if rng.random() < 0.3 else rng.choice(RARE[:500])
        q = pick() + (" " + pick()[:3] if index % 2 else "")
        latency, found = await timed({"type": "search", "q": q})
        searches.append(latency)
        slowest.append((latency, q, len(found["results"])))
        hits += len(found["results"])
    buckets_after = store_read_buckets()
    # The server's own view of the searches: how many took longer than 10 and 25 ms from
    # hand-off to the store until the encoded reply was back (no network, no client).
    server_over = {bound: int((buckets_after["+Inf"] - buckets_after.get(bound, 0)) - (buckets_before.get("+Inf", 0) - buckets_before.get(bound, 0)))
                   for bound in ("0.01", "0.025")}
    await owner.close()
    return {
        "user": owner.name, "lists": lists, "items": items, "setupSeconds": round(setup, 1),
        "agendaWeek": {"entries": len(reply["items"]), "overdue": len(reply["overdue"]), "firstMs": round(first, 1),
                       "p50Ms": round(statistics.median(agenda), 1), "p99Ms": round(percentile(agenda, 0.99), 1),
                       # Until the last byte is in, before the client's JSON parse.
                       "receivedP50Ms": round(statistics.median(agenda_received), 1), "receivedP99Ms": round(percentile(agenda_received, 0.99), 1),
                       # The server's own mean, from /metrics: store job and JSON, no network, no client.
                       "serverMeanMs": round(agenda_server, 1)},
        "search": {"queries": samples, "meanResults": round(hits / samples, 1), "p50Ms": round(statistics.median(searches), 1),
                   "p99Ms": round(percentile(searches, 0.99), 1),
                   "serverOver10Ms": server_over["0.01"], "serverOver25Ms": server_over["0.025"],
                   # The five slowest, to look at by hand: [ms, query, results].
                   "slowest": [[round(ms, 1), q, n] for ms, q, n in sorted(slowest, reverse=True)[:5]]},
    }


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--bin", default=".build/release/checkwire")
    parser.add_argument("--lists", type=int, default=5000)
    parser.add_argument("--items", type=int, default=200_000)
    parser.add_argument("--samples", type=int, default=200)
    parser.add_argument("--reuse", metavar="FILE", help="keep the populated database here; start from it when it exists")
    args = parser.parse_args()
    reused_user = None
    if args.reuse and os.path.exists(args.reuse):
        with open(args.reuse + ".json") as meta:
            saved = json.load(meta)
        reused_user, args.lists, args.items = saved["user"], saved["lists"], saved["items"]
    server = bench.Server(args.bin, seed=args.reuse if reused_user else None)
    result = None
    try:
        result = asyncio.run(asyncio.wait_for(run(server.url, args.lists, args.items, args.samples, reused_user), 900))
        print(json.dumps({key: value for key, value in result.items() if key != "user"}, indent=2))
    finally:
        keep = args.reuse if args.reuse and not reused_user and result else None
        server.stop(keep_database_as=keep)
        if keep:
            with open(args.reuse + ".json", "w") as meta:
                json.dump({"user": result["user"], "lists": args.lists, "items": args.items}, meta)


if __name__ == "__main__":
    main()

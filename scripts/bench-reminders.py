#!/usr/bin/env python3
"""Reminder firing under load, measured from outside with an independent client (Python
`websockets`), as issue 14 asks: N items carrying reminders, K of them due in the same second,
the firing latency of those K (spread over --owners users, each connected once), and the
fan-out latency of ordinary edits while they fire, compared with the same run whose K items
remind no one.

    scripts/bench-reminders.py --bin .build/release/checkwire            # 100,000 items, 10,000 due at once
    scripts/bench-reminders.py --bin ... --items 20000 --due 2000 --json  # smaller

It starts `checkwire serve` on a free port of 127.0.0.1 with a fresh database in a temporary
folder (extra serve flags from CHECKWIRE_BENCH_SERVE_ARGS), twice (with and without the burst), and stops it afterwards. Every loop is bounded
in count and time. Latencies are wall-clock on this machine: a reminder's is its arrival
minus its `at`; an edit's is its event's arrival at a subscriber minus the moment the writer
sent it.
"""

import argparse
import asyncio
import json
import os
import re
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import time
import uuid

from websockets.asyncio.client import connect

BANNER = re.compile(r"127\.0\.0\.1:(\d+)")


def iso(seconds):
    return time.strftime("%Y-%m-%dT%H:%M:%S", time.gmtime(seconds)) + "Z"


def percentile(values, fraction):
    if not values:
        return None
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))]


class Server:
    def __init__(self, binary, seed=None):
        """`seed`: a database file to start from (copied), instead of an empty one."""
        self.folder = tempfile.TemporaryDirectory(prefix="checkwire-bench-reminders-")
        self.database = os.path.join(self.folder.name, "db.sqlite")
        for suffix in ("", "-wal") if seed else ():
            if os.path.exists(seed + suffix):
                shutil.copyfile(seed + suffix, self.database + suffix)
        self.process = subprocess.Popen(
            [binary, "serve", "--port", "0", "--database", self.database,
             "--fast-password-hashing", "--log-level", "warning", "--max-items-per-list", "100000"] + os.environ.get("CHECKWIRE_BENCH_SERVE_ARGS", "").split(),
            stdout=subprocess.PIPE, text=True)
        deadline = time.time() + 30
        line = ""
        while time.time() < deadline:
            line = self.process.stdout.readline()
            match = BANNER.search(line)
            if match:
                self.url = f"ws://127.0.0.1:{match.group(1)}/ws"
                return
        raise SystemExit(f"no banner from checkwire serve: {line!r}")

    def stop(self, keep_database_as=None):
        """Stops the server; `keep_database_as`: copy its (checkpointed) database there first."""
        self.process.send_signal(signal.SIGTERM)
        try:
            self.process.wait(20)
        except subprocess.TimeoutExpired:
            self.process.kill()
        for suffix in ("", "-wal") if keep_database_as and self.process.returncode == 0 else ():
            if os.path.exists(self.database + suffix):
                shutil.copyfile(self.database + suffix, keep_database_as + suffix)
        self.folder.cleanup()


class Client:
    """Requests with refs, and a queue of everything else (pushes) with arrival times."""

    def __init__(self, ws):
        self.ws = ws
        self.next_ref = 0
        self.last_arrival = 0.0
        self.waiting = {}
        self.pushes = asyncio.Queue()
        self.reader = asyncio.create_task(self.read())

    @classmethod
    async def open(cls, url):
        return cls(await connect(url, subprotocols=["checkwire.v1"], max_size=None, ping_interval=None))

    async def read(self):
        async for text in self.ws:
            arrived = time.time()
            # When the whole reply was in, before the client parses it (bench-planning splits the two).
            self.last_arrival = time.perf_counter()
            message = json.loads(text)
            ref = message.get("ref")
            if ref in self.waiting:
                self.waiting.pop(ref).set_result(message)
            else:
                self.pushes.put_nowait((arrived, message))

    def send(self, message):
        self.next_ref += 1
        ref = f"r{self.next_ref}"
        future = asyncio.get_running_loop().create_future()
        self.waiting[ref] = future
        asyncio.ensure_future(self.ws.send(json.dumps({**message, "ref": ref})))
        return future

    async def request(self, message, timeout=30):
        reply = await asyncio.wait_for(self.send(message), timeout)
        if reply.get("type") == "error":
            raise SystemExit(f"{message.get('type')} {message.get('op', '')}: {reply}")
        return reply

    async def close(self):
        self.reader.cancel()
        await self.ws.close()


async def signup(url, name):
    client = await Client.open(url)
    await client.request({"type": "signup", "username": name, "password": "correct horse"})
    client.name = name
    return client


async def pipelined(client, ops, window=500):
    """Sends ops with at most `window` unanswered; raises on the first error."""
    pending = set()
    for op in ops:
        pending.add(client.send(op))
        if len(pending) >= window:
            done, pending = await asyncio.wait(pending, timeout=60, return_when=asyncio.FIRST_COMPLETED)
            for future in done:
                if future.result().get("type") == "error":
                    raise SystemExit(f"setup refused: {future.result()}")
    if pending:
        done, _ = await asyncio.wait(pending, timeout=120)
        for future in done:
            if future.result().get("type") == "error":
                raise SystemExit(f"setup refused: {future.result()}")


async def run(url, items, due_count, lists, owners, with_burst, subscribers, rate, lead):
    """`owners` users each own `lists / owners` checklists and get their items' reminders;
    a separate writer edits a live checklist that viewer connections (never reminded) watch."""
    tag = uuid.uuid4().hex[:6]
    recipients = [await signup(url, f"owner{index}-{tag}") for index in range(owners)]
    writer = await signup(url, f"writer-{tag}")
    watcher_name = f"watcher-{tag}"
    watchers = [await signup(url, watcher_name)]
    per_owner = lists // owners
    setup = []  # (client, ops) per owner
    started = time.time()
    # The burst comes `lead` seconds after the setup is expected to end (this client sends
    # about 3,000 ops/s).
    due_at = int(time.time() + items / 3000 + lead)
    for owner_index, owner in enumerate(recipients):
        list_ids = []
        for index in range(per_owner):
            ack = await owner.request({"type": "op", "opId": uuid.uuid4().hex, "op": "createList", "title": f"Bench {index}"})
            list_ids.append(ack["list"])
        ops = []
        for number in range(items // owners):
            op = {"type": "op", "opId": uuid.uuid4().hex, "op": "addItem", "list": list_ids[number % per_owner], "title": f"item {number}"}
            if number < due_count // owners:
                op["due"] = iso(due_at)
                if with_burst:
                    op["remindBefore"] = 0
            else:
                op["remindEvery"] = 86_400  # next occurrence a day away: held by the scheduler, not fired
            ops.append(op)
        setup.append((owner, ops))
    await asyncio.gather(*(pipelined(owner, ops) for owner, ops in setup))
    setup_seconds = time.time() - started
    if time.time() > due_at - 3:
        raise SystemExit(f"setup took {setup_seconds:.1f} s, past the burst; raise --lead")

    # The live list: the writer edits it, watcher connections (viewers: never reminded) subscribe.
    live = (await writer.request({"type": "op", "opId": uuid.uuid4().hex, "op": "createList", "title": "Live"}))["list"]
    await writer.request({"type": "op", "opId": uuid.uuid4().hex, "op": "share", "list": live, "username": watcher_name, "role": "viewer"})
    for _ in range(subscribers - 1):
        client = await Client.open(url)
        await client.request({"type": "login", "username": watcher_name, "password": "correct horse"})
        watchers.append(client)
    for client in watchers:
        await client.request({"type": "subscribe", "list": live})

    sent_at = {}
    latencies = []  # (sent, latency) of each delivered event
    reminder_latencies = []

    async def collect_events(client):
        while True:
            arrived, message = await client.pushes.get()
            if message.get("type") == "event" and message.get("opId") in sent_at:
                latencies.append((sent_at[message["opId"]], arrived - sent_at[message["opId"]]))

    collectors = [asyncio.create_task(collect_events(c)) for c in watchers]
    # The recipients sign in again from a child process (see `receive_reminders`).
    names = []
    for owner in recipients:
        names.append(owner.name)
        await owner.close()
    child = None
    if with_burst:
        child = subprocess.Popen([sys.executable, __file__, "--child", url, "--expect", str(due_count),
                                  "--child-seconds", str(due_at - time.time() + 30)] + names,
                                 stdout=subprocess.PIPE, text=True)
        if child.stdout.readline().strip() != "ready":
            raise SystemExit("the recipients' process did not start")
    window_start, window_end = due_at - 2, due_at + 4
    while time.time() < window_start:
        await asyncio.sleep(0.05)
    count = 0
    next_send = time.time()
    while time.time() < window_end:
        op_id = uuid.uuid4().hex
        sent_at[op_id] = time.time()
        writer.send({"type": "op", "opId": op_id, "op": "addItem", "list": live, "title": f"edit {count}"})
        count += 1
        next_send += 1 / rate
        await asyncio.sleep(max(0, next_send - time.time()))
    deadline = time.time() + 30
    while time.time() < deadline and len(latencies) < count * len(watchers):
        await asyncio.sleep(0.1)
    if child:
        output, _ = child.communicate(timeout=60)
        reminder_latencies = json.loads(output.strip().splitlines()[-1])
    for task in collectors:
        task.cancel()
    during = [latency for sent, latency in latencies if due_at - 0.5 <= sent <= due_at + 2]
    result = {
        "items": items, "dueAtOnce": due_count if with_burst else 0, "recipients": owners, "setupSeconds": round(setup_seconds, 1),
        "subscribers": len(watchers), "editsPerSecond": rate, "editsSent": count,
        "deliveries": len(latencies), "deliveriesExpected": count * len(watchers),
        "editDeliveryMs": {
            "p50": ms(percentile([l for _, l in latencies], 0.5)), "p99": ms(percentile([l for _, l in latencies], 0.99)),
            "duringBurstP50": ms(percentile(during, 0.5)), "duringBurstP99": ms(percentile(during, 0.99)),
            "duringBurstMax": ms(max(during) if during else None),
        },
    }
    if with_burst:
        result["reminders"] = {
            "received": len(reminder_latencies),
            "firingMs": {"p50": ms(percentile(reminder_latencies, 0.5)), "p99": ms(percentile(reminder_latencies, 0.99)),
                         "max": ms(max(reminder_latencies) if reminder_latencies else None)},
        }
    for client in watchers + [writer]:
        await client.close()
    return result


async def receive_reminders(url, names, expected, seconds):
    """The child process: the recipients, signed in on their own process so parsing their
    reminders does not delay the watchers' clocks in the parent. Prints the latencies."""
    clients = []
    for name in names:
        client = await Client.open(url)
        await client.request({"type": "login", "username": name, "password": "correct horse"})
        clients.append(client)
    print("ready", flush=True)
    latencies = []

    async def collect(client):
        while True:
            arrived, message = await client.pushes.get()
            if message.get("type") == "reminder":
                at = time.mktime(time.strptime(message["at"][:19], "%Y-%m-%dT%H:%M:%S")) - time.timezone
                latencies.append(arrived - at)

    tasks = [asyncio.create_task(collect(client)) for client in clients]
    deadline = time.time() + seconds
    while time.time() < deadline and len(latencies) < expected:
        await asyncio.sleep(0.05)
    for task in tasks:
        task.cancel()
    print(json.dumps(latencies), flush=True)


def ms(seconds):
    return None if seconds is None else round(seconds * 1000, 1)


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--bin", default=".build/release/checkwire")
    parser.add_argument("--items", type=int, default=100_000)
    parser.add_argument("--due", type=int, default=10_000, help="items due in the same second")
    parser.add_argument("--lists", type=int, default=100)
    parser.add_argument("--owners", type=int, default=10, help="users the reminding items belong to (each gets its share of the burst)")
    parser.add_argument("--subscribers", type=int, default=50)
    parser.add_argument("--rate", type=int, default=200, help="ordinary edits per second during the window")
    parser.add_argument("--lead", type=float, default=12, help="seconds between the expected end of setup and the burst")
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--child", help=argparse.SUPPRESS)
    parser.add_argument("--expect", type=int, default=0, help=argparse.SUPPRESS)
    parser.add_argument("--child-seconds", type=float, default=60, help=argparse.SUPPRESS)
    parser.add_argument("names", nargs="*", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        asyncio.run(receive_reminders(args.child, args.names, args.expect, args.child_seconds))
        return
    results = {}
    for label, with_burst in (("withoutReminders", False), ("withReminders", True)):
        server = Server(args.bin)
        try:
            results[label] = asyncio.run(asyncio.wait_for(
                run(server.url, args.items, args.due, args.lists, args.owners, with_burst, args.subscribers, args.rate, args.lead), 600))
        finally:
            server.stop()
    base, burst = results["withoutReminders"]["editDeliveryMs"], results["withReminders"]["editDeliveryMs"]
    if base["duringBurstP99"] and burst["duringBurstP99"]:
        results["editP99Ratio"] = round(burst["duringBurstP99"] / base["duringBurstP99"], 2)
    if args.json:
        print(json.dumps(results, indent=2))
        return
    for label, result in results.items():
        print(label, json.dumps(result))


if __name__ == "__main__":
    main()

#!/usr/bin/env python3
"""Logins of a bystander while one address abuses the password work: a signup flood (with the
signup limit on, and off) and a password spray (docs/benchmarks.md, "The others").

    scripts/bench-abuse.py --bin .build-bench/release/checkwire [--logins 20] [--flood 32]
                           [--seconds 15] [--phases quiet,signups,signups-open,spray,quiet]
                           [--same-process]

Each phase starts a fresh `checkwire serve` on 127.0.0.1 with the production password hashing
(scrypt, ~0.1 s and 32 MiB per hash) and a fresh database. The bystander (source address
127.0.0.3) has an account and logs in `--logins` times, one at a time, each on a new
connection, 0.2 s apart; the abuser (127.0.0.2) keeps `--flood` connections busy, each sending
its next request as soon as the last is answered:

  quiet         nobody else
  signups       a new account per request (the signup limit, 100 per address per hour, applies)
  signups-open  the same with `--max-signups-per-hour 0`
  spray         `login` with a wrong password for ever new usernames (the login throttle applies)

The abuser runs in a process and session of its own (as it would on another machine), so that
the bystander's replies are not read late by an event loop busy with the flood and, with the
kernel's autogroup scheduling, its CPU is not taken from the server's share; `--same-process`
runs both in one event loop, as this script did at first, to show what that costs.

It prints, per phase, the load average when it began, the bystander's handshake time and login
time (request sent → `authed`) p50/p99/max, the difference of each phase's max from the median
of the nearest quiet phase (run `quiet` before and after to bracket a loaded machine), what the
abuser's requests got, and the CPU each of the server's threads (named: `cw-service`,
`cw-store`, `cw-signup-*`, `cw-login-*`) and each client process used during the bystander's
logins. Bounded: each phase lasts at most `--seconds` + 60 s, on 127.0.0.1 only.
"""

import argparse
import asyncio
import json
import multiprocessing
import os
import re
import resource
import select
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from collections import Counter

from websockets.asyncio.client import connect

ABUSER = "127.0.0.2"
BYSTANDER = "127.0.0.3"
BANNER = re.compile(r"listening on http://127\.0\.0\.1:(\d+)/")


def start_server(binary, directory, extra):
    process = subprocess.Popen(
        [binary, "serve", "--host", "127.0.0.1", "--port", "0", "--database", os.path.join(directory, "db.sqlite"),
         "--log-level", "warning", *extra],
        stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, cwd=directory)
    seen = b""
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        ready, _, _ = select.select([process.stdout], [], [], 0.2)
        if ready:
            chunk = os.read(process.stdout.fileno(), 4096)
            if not chunk:
                break
            seen += chunk
            match = BANNER.search(seen.decode(errors="replace"))
            if match:
                return process, int(match.group(1))
    process.kill()
    sys.exit(f"the server did not start: {seen!r}")


async def open_from(port, address):
    return await asyncio.wait_for(
        connect(f"ws://127.0.0.1:{port}/ws", subprotocols=["checkwire.v1"], proxy=None, compression=None,
                local_addr=(address, 0), open_timeout=30, max_size=None), 30)


async def reply_of(ws, timeout=60):
    while True:
        message = json.loads(await asyncio.wait_for(ws.recv(), timeout))
        if message["type"] not in ("reminder", "listShared"):
            return message


async def bystander_logins(port, count, pause):
    times, handshakes = [], []
    failures = Counter()
    for _ in range(count):
        opened = time.monotonic()
        ws = await open_from(port, BYSTANDER)
        sent = time.monotonic()
        handshakes.append((sent - opened) * 1000)
        await ws.send(json.dumps({"type": "login", "username": "bystander", "password": "correct horse battery"}))
        reply = await reply_of(ws)
        if reply["type"] == "authed":
            times.append((time.monotonic() - sent) * 1000)
        else:
            failures[reply.get("code", "?")] += 1
        await ws.close()
        await asyncio.sleep(pause)
    return times, handshakes, failures


async def abuser(port, kind, number, stop, outcomes):
    ws = await open_from(port, ABUSER)
    sequence = 0
    try:
        while not stop.is_set():
            sequence += 1
            name = f"abuse{number}x{sequence}x{os.getpid()}"
            if kind == "spray":
                request = {"type": "login", "username": name, "password": "wrong password"}
            else:
                request = {"type": "signup", "username": name, "password": "flood password"}
            await ws.send(json.dumps(request))
            reply = await reply_of(ws, timeout=120)
            outcomes[reply.get("code", reply["type"])] += 1
            if kind != "spray" and reply["type"] == "authed":
                await ws.close()  # a new account per connection, as a bot would
                ws = await open_from(port, ABUSER)
    finally:
        await ws.close()


async def flood(port, kind, count, stop, outcomes):
    tasks = [asyncio.create_task(abuser(port, kind, n, stop, outcomes)) for n in range(count)]
    await stop.wait()
    for task in tasks:
        task.cancel()
    await asyncio.gather(*tasks, return_exceptions=True)


def flood_process(port, kind, count, started, stopping, results):
    """The abuser in a process of its own: floods until `stopping` is set, then reports what
    its requests got and the CPU it used. In a session of its own too: with the kernel's
    autogroup scheduling (on by default), CPU is shared between sessions first, so in the
    bench's session the abuser's CPU would be taken from the server's share, as it would not be
    from another machine."""
    os.setsid()

    async def run():
        stop = asyncio.Event()
        outcomes = Counter()
        runner = asyncio.create_task(flood(port, kind, count, stop, outcomes))
        started.set()
        while not stopping.is_set():
            await asyncio.sleep(0.05)
        stop.set()
        await runner
        return outcomes

    outcomes = asyncio.run(run())
    usage = resource.getrusage(resource.RUSAGE_SELF)
    results.put((dict(outcomes), usage.ru_utime + usage.ru_stime))


def thread_cpu(pid):
    """CPU seconds per thread name of process `pid` so far."""
    totals = Counter()
    tick = os.sysconf("SC_CLK_TCK")
    for task in os.listdir(f"/proc/{pid}/task"):
        try:
            with open(f"/proc/{pid}/task/{task}/stat") as stat:
                text = stat.read()
        except OSError:
            continue
        name = text[text.index("(") + 1:text.rindex(")")]
        fields = text[text.rindex(")") + 2:].split()
        totals[re.sub(r"-\d+$", "-*", name)] += (int(fields[11]) + int(fields[12])) / tick
    return totals


def own_cpu():
    usage = resource.getrusage(resource.RUSAGE_SELF)
    return usage.ru_utime + usage.ru_stime


async def phase(port, pid, kind, args):
    setup = await open_from(port, BYSTANDER)
    await setup.send(json.dumps({"type": "signup", "username": "bystander", "password": "correct horse battery"}))
    assert (await reply_of(setup))["type"] == "authed"
    await setup.close()
    stop = asyncio.Event()
    outcomes = Counter()
    tasks, child, abuser_cpu = [], None, 0.0
    if kind != "quiet" and args.same_process:
        tasks = [asyncio.create_task(flood(port, kind, args.flood, stop, outcomes))]
    elif kind != "quiet":
        context = multiprocessing.get_context("spawn")
        started, stopping, results = context.Event(), context.Event(), context.Queue()
        child = context.Process(target=flood_process, args=(port, kind, args.flood, started, stopping, results))
        child.start()
        await asyncio.get_running_loop().run_in_executor(None, started.wait, 60)
    if kind != "quiet":
        await asyncio.sleep(1)  # the abuse is under way
    load = os.getloadavg()[0]
    server_before, client_before, began = thread_cpu(pid), own_cpu(), time.monotonic()
    try:
        times, handshakes, failures = await asyncio.wait_for(
            bystander_logins(port, args.logins, 0.2), args.seconds + 60)
    finally:
        server_after, client_after, elapsed = thread_cpu(pid), own_cpu(), time.monotonic() - began
        stop.set()
        await asyncio.gather(*tasks, return_exceptions=True)
        if child is not None:
            stopping.set()
            got, abuser_cpu = await asyncio.get_running_loop().run_in_executor(None, results.get, True, 60)
            outcomes.update(got)
            child.join(30)
    cpu = {name: (server_after[name] - server_before[name]) / elapsed for name in server_after}
    cpu["bench (bystander)"] = (client_after - client_before) / elapsed
    if child is not None:
        cpu["bench (abuser, whole run)"] = abuser_cpu / (elapsed + 1)
    return Result(times, handshakes, failures, outcomes, cpu, load)


class Result:
    def __init__(self, times, handshakes, failures, outcomes, cpu, load):
        self.times, self.handshakes, self.failures = times, handshakes, failures
        self.outcomes, self.cpu, self.load = outcomes, cpu, load


def percentile(values, fraction):
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))] if ordered else float("nan")


def nearest_quiet(rows, index):
    """The login p50 of the quiet phase nearest to row `index` (the earlier one on a tie)."""
    quiet = [i for i, (kind, _) in enumerate(rows) if kind == "quiet"]
    if not quiet:
        return float("nan")
    nearest = min(quiet, key=lambda i: (abs(i - index), i))
    return statistics.median(rows[nearest][1].times) if rows[nearest][1].times else float("nan")


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--bin", required=True)
    parser.add_argument("--logins", type=int, default=20)
    parser.add_argument("--flood", type=int, default=32)
    parser.add_argument("--seconds", type=float, default=15)
    parser.add_argument("--phases", default="quiet,signups,signups-open,spray,quiet")
    parser.add_argument("--same-process", action="store_true", help="flood from the bystander's event loop")
    args = parser.parse_args()
    rows = []
    for kind in args.phases.split(","):
        extra = ["--max-signups-per-hour", "0"] if kind == "signups-open" else []
        with tempfile.TemporaryDirectory(prefix="checkwire-abuse-") as directory:
            process, port = start_server(args.bin, directory, extra)
            try:
                result = asyncio.run(
                    phase(port, process.pid, "signups" if kind == "signups-open" else kind, args))
            finally:
                process.send_signal(signal.SIGTERM)
                try:
                    process.wait(timeout=30)
                except subprocess.TimeoutExpired:
                    process.kill()
        rows.append((kind, result))
    print(f"{'phase':<13} {'load':>5} {'logins':>6} {'handshake p50/max ms':>21} {'login p50 ms':>13} "
          f"{'p99 ms':>8} {'max ms':>8} {'max - quiet p50':>16}  abuser's replies")
    for index, (kind, r) in enumerate(rows):
        extra = f" bystander failures {dict(r.failures)}" if r.failures else ""
        p50 = statistics.median(r.times) if r.times else float("nan")
        worst = max(r.times, default=float("nan"))
        handshake = f"{statistics.median(r.handshakes):.1f} / {max(r.handshakes):.1f}"
        print(f"{kind:<13} {r.load:>5.1f} {len(r.times):>6} {handshake:>21} {p50:>13.1f} "
              f"{percentile(r.times, 0.99):>8.1f} {worst:>8.1f} {worst - nearest_quiet(rows, index):>16.1f}  "
              f"{dict(r.outcomes)}{extra}")
    print("\nCPU during the bystander's logins, share of one core:")
    for kind, r in rows:
        busy = sorted(((name, share) for name, share in r.cpu.items() if share >= 0.005), key=lambda x: -x[1])
        print(f"  {kind:<13} " + ", ".join(f"{name} {share:.2f}" for name, share in busy))


if __name__ == "__main__":
    main()

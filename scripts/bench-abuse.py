#!/usr/bin/env python3
"""Logins of a bystander while one address abuses the password work: a signup flood (with the
signup limit on, and off) and a password spray (docs/benchmarks.md, "The others").

    scripts/bench-abuse.py --bin .build-bench/release/checkwire [--logins 20] [--flood 32]
                           [--seconds 15]

Each phase starts a fresh `checkwire serve` on 127.0.0.1 with the production password hashing
(scrypt, ~0.1 s and 32 MiB per hash) and a fresh database. The bystander (source address
127.0.0.3) has an account and logs in `--logins` times, one at a time, each on a new
connection, 0.2 s apart; the abuser (127.0.0.2) keeps `--flood` connections busy, each sending
its next request as soon as the last is answered:

  quiet         nobody else
  signups       a new account per request (the signup limit, 100 per address per hour, applies)
  signups-open  the same with `--max-signups-per-hour 0`
  spray         `login` with a wrong password for ever new usernames (the login throttle applies)

It prints, per phase, the bystander's login time (request sent → `authed`) p50/p99/max, the
difference from the quiet phase, and what the abuser's requests got. Bounded: each phase lasts
at most `--seconds` + 60 s, on 127.0.0.1 only.
"""

import argparse
import asyncio
import json
import os
import re
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
    times = []
    failures = Counter()
    for _ in range(count):
        ws = await open_from(port, BYSTANDER)
        sent = time.monotonic()
        await ws.send(json.dumps({"type": "login", "username": "bystander", "password": "correct horse battery"}))
        reply = await reply_of(ws)
        if reply["type"] == "authed":
            times.append((time.monotonic() - sent) * 1000)
        else:
            failures[reply.get("code", "?")] += 1
        await ws.close()
        await asyncio.sleep(pause)
    return times, failures


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


async def phase(port, kind, args):
    setup = await open_from(port, BYSTANDER)
    await setup.send(json.dumps({"type": "signup", "username": "bystander", "password": "correct horse battery"}))
    assert (await reply_of(setup))["type"] == "authed"
    await setup.close()
    stop = asyncio.Event()
    outcomes = Counter()
    tasks = []
    if kind != "quiet":
        tasks = [asyncio.create_task(abuser(port, kind, n, stop, outcomes)) for n in range(args.flood)]
        await asyncio.sleep(1)  # the abuse is under way
    try:
        times, failures = await asyncio.wait_for(
            bystander_logins(port, args.logins, 0.2), args.seconds + 60)
    finally:
        stop.set()
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
    return times, failures, outcomes


def percentile(values, fraction):
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))] if ordered else float("nan")


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--bin", required=True)
    parser.add_argument("--logins", type=int, default=20)
    parser.add_argument("--flood", type=int, default=32)
    parser.add_argument("--seconds", type=float, default=15)
    parser.add_argument("--phases", default="quiet,signups,signups-open,spray")
    args = parser.parse_args()
    rows = []
    quiet = None
    for kind in args.phases.split(","):
        extra = ["--max-signups-per-hour", "0"] if kind == "signups-open" else []
        with tempfile.TemporaryDirectory(prefix="checkwire-abuse-") as directory:
            process, port = start_server(args.bin, directory, extra)
            try:
                times, failures, outcomes = asyncio.run(
                    phase(port, "signups" if kind == "signups-open" else kind, args))
            finally:
                process.send_signal(signal.SIGTERM)
                try:
                    process.wait(timeout=30)
                except subprocess.TimeoutExpired:
                    process.kill()
        p50, p99, worst = statistics.median(times) if times else float("nan"), percentile(times, 0.99), max(
            times, default=float("nan"))
        if kind == "quiet":
            quiet = p50
        rows.append((kind, len(times), p50, p99, worst, failures, outcomes))
    print(f"{'phase':<13} {'logins':>6} {'p50 ms':>8} {'p99 ms':>8} {'max ms':>8} {'max - quiet p50':>16}  abuser's replies")
    for kind, count, p50, p99, worst, failures, outcomes in rows:
        extra = f" bystander failures {dict(failures)}" if failures else ""
        delta = worst - quiet if quiet is not None else float("nan")
        print(f"{kind:<13} {count:>6} {p50:>8.1f} {p99:>8.1f} {worst:>8.1f} {delta:>16.1f}  {dict(outcomes)}{extra}")


if __name__ == "__main__":
    main()

#!/usr/bin/env python3
"""An import into one checklist, from an independent client (Python websockets): one user
sends N `addItem`s to one new list, pipelined with at most WINDOW unacknowledged, and the
script prints adds/s for each slice of the import and the total time. A server whose
per-add cost grows with the list shows falling slices (before 0.12.0: 3,443 → 387 adds/s
before `SiblingBounds`, about 4,000 throughout after).

    scripts/bench-import.py --bin .build/release/checkwire              # 9,000 items
    scripts/bench-import.py --bin ... --items 10000 --window 200 --slice 1000

Starts `checkwire serve` on a free port of 127.0.0.1 with a fresh database in a temporary
folder and stops it afterwards. Every wait is bounded.
"""

import argparse
import asyncio
import json
import os
import re
import select
import signal
import subprocess
import sys
import tempfile
import time

from websockets.asyncio.client import connect

BANNER = re.compile(r"Checkwire listening on http://127\.0\.0\.1:(\d+)/")


def start_server(binary, folder):
    process = subprocess.Popen(
        [binary, "serve", "--host", "127.0.0.1", "--port", "0", "--database", os.path.join(folder, "db.sqlite"),
         "--fast-password-hashing", "--log-level", "warning"],
        stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, cwd=folder)
    seen, deadline = b"", time.monotonic() + 30
    while time.monotonic() < deadline and process.poll() is None:
        if select.select([process.stdout], [], [], 0.1)[0]:
            seen += os.read(process.stdout.fileno(), 4096)
            match = BANNER.search(seen.decode(errors="replace"))
            if match:
                return process, int(match.group(1))
    process.kill()
    sys.exit(f"checkwire did not start: {seen!r}")


async def run_import(url, items, window, slice_size):
    async with connect(url, subprotocols=["checkwire.v1"], compression=None, max_size=None) as ws:
        await ws.send(json.dumps({"type": "signup", "username": "importer", "password": "correct horse"}))
        assert json.loads(await asyncio.wait_for(ws.recv(), 30))["type"] == "authed"
        await ws.send(json.dumps({"type": "op", "opId": "create", "op": "createList", "title": "Import"}))
        list_id = json.loads(await asyncio.wait_for(ws.recv(), 30))["list"]

        room = asyncio.Semaphore(window)
        slices, acks, started = [], 0, time.monotonic()

        async def receive():
            nonlocal acks
            last = started
            while acks < items:
                reply = json.loads(await asyncio.wait_for(ws.recv(), 30))
                assert reply["type"] == "ack", reply
                acks += 1
                room.release()
                if acks % slice_size == 0:
                    now = time.monotonic()
                    slices.append(round(slice_size / (now - last)))
                    last = now

        receiver = asyncio.create_task(receive())
        for index in range(items):
            await room.acquire()
            await ws.send(json.dumps({"type": "op", "opId": f"import-{index}", "op": "addItem", "list": list_id,
                                      "title": f"item {index}"}))
        await receiver
        return slices, time.monotonic() - started


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--bin", required=True, help="the checkwire binary")
    parser.add_argument("--items", type=int, default=9_000)
    parser.add_argument("--window", type=int, default=200, help="addItems unacknowledged at most")
    parser.add_argument("--slice", type=int, default=1_500, help="adds per reported slice")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="checkwire-import.") as folder:
        process, port = start_server(os.path.abspath(args.bin), folder)
        try:
            slices, seconds = asyncio.run(asyncio.wait_for(
                run_import(f"ws://127.0.0.1:{port}/ws", args.items, args.window, args.slice), 600))
        finally:
            process.send_signal(signal.SIGTERM)
            process.wait(timeout=15)
    print(json.dumps({"items": args.items, "window": args.window, "seconds": round(seconds, 2),
                      "addsPerSecondBySlice": slices}))


if __name__ == "__main__":
    main()

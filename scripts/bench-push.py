#!/usr/bin/env python3
"""Web Push to 1,000 devices while some of them hang, measured from outside: does a push
service that never answers slow the other devices' pushes, or the WebSocket fan-out running
beside them?

    scripts/bench-push.py --bin .build/release/checkwire              # 1,000 devices; 0, 1, 16, 100 hanging
    scripts/bench-push.py --bin ... --hanging 0 10 --json              # fewer cases, JSON lines

One server (`checkwire serve` on a free port of 127.0.0.1, a fresh database, Web Push on,
loopback endpoints allowed) and one push service (`Tests/python/push_service.py`, the one the
tests use: it checks every request's VAPID token with `py-vapid` and decrypts its body with
`http-ece`, here after each case, so that its ~2.5 ms of Python per push is not what is
measured). A checklist is shared with 50 users, each with 20 devices (the per-user limit),
so one reminder is 1,000 pushes. For each case:

1. `checkwire bench fanout` starts against the server: 1,000 WebSocket subscribers on a
   checklist of their own, one writer at a steady `--rate` for `--seconds`;
2. once its writer is sending (read from its progress lines: state, not a guess), K of the
   1,000 push endpoints are scripted to hold their request open, and an item of the shared
   checklist gets a reminder due two to three seconds later;
3. reported: how long after the reminder's `at` the other 1,000 − K pushes arrived
   (p50/p99/max; each one checked by the push service), and the fan-out bench's own
   edit→delivery p50/p99 and deliveries — beside the case without a reminder at all.

The held requests are released after each case, so a case never inherits the last one's.
Every loop is bounded in count and time.
"""

import argparse
import asyncio
import importlib.util
import json
import os
import subprocess
import sys
import threading
import time
import urllib.request
import uuid

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "Tests", "python"))
from push_service import PushService  # noqa: E402

# The server process and the WebSocket client of the reminders benchmark, reused as they are.
_spec = importlib.util.spec_from_file_location("bench_reminders", os.path.join(HERE, "bench-reminders.py"))
bench_reminders = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(bench_reminders)

USERS = 50
DEVICES_PER_USER = 20


def http(method, url, body=None):
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(url, data=data, method=method)
    with urllib.request.urlopen(request, timeout=30) as response:
        text = response.read()
    return json.loads(text) if text else None


def op(name, **fields):
    return {"type": "op", "opId": uuid.uuid4().hex, "op": name, **fields}


async def set_up(url, service):
    """A checklist shared with USERS users (its owner among them), each with DEVICES_PER_USER
    devices; returns the owner's client, the list, and every device's endpoint id."""
    run = uuid.uuid4().hex[:6]
    clients = [await bench_reminders.signup(url, f"push{run}u{index}") for index in range(USERS)]
    owner = clients[0]
    shared = (await owner.request(op("createList", title="Lab reports")))["list"]
    for client in clients[1:]:
        await owner.request(op("share", list=shared, username=client.name, role="editor"))
    endpoints = []
    for user, client in enumerate(clients):
        for device in range(DEVICES_PER_USER):
            subscription = http("POST", f"{service.origin}/subscriptions", {})
            reply = await client.request({"type": "pushSubscribe", **subscription, "device": f"Device {device}"})
            if reply.get("type") != "pushSubscribed":
                raise SystemExit(f"pushSubscribe refused: {reply}")
            endpoints.append(subscription["endpoint"].rsplit("/", 1)[1])
    for client in clients[1:]:
        await client.close()
    return owner, shared, endpoints


class FanoutBench:
    """`checkwire bench fanout` in the background; `sending` is set once its writer sends."""

    def __init__(self, binary, url, server_pid, subscribers, rate, seconds):
        self.process = subprocess.Popen(
            [binary, "bench", "fanout", "--url", url, "-s", str(subscribers), "-w", "1", "-r", str(rate),
             "-d", str(seconds), "--server-pid", str(server_pid), "--json", "--timeout", str(seconds + 120)],
            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        self.sending = threading.Event()
        self.stderr = []
        threading.Thread(target=self.watch, daemon=True).start()

    def watch(self):
        for line in self.process.stderr:
            self.stderr.append(line)
            if " sent " in line and "edits 0 sent" not in line:
                self.sending.set()
        self.sending.set()  # it ended: nobody waits for a writer that will never send

    def report(self, timeout):
        output, _ = self.process.communicate(timeout=timeout)
        if self.process.returncode != 0:
            raise SystemExit(f"bench fanout failed ({self.process.returncode}): {''.join(self.stderr[-5:])}")
        return json.loads(output)


def percentile(values, fraction):
    return bench_reminders.percentile(values, fraction)


async def one_case(arguments, server, service, owner, shared, endpoints, hanging):
    """`hanging` endpoints held open by their service, or None for no reminder at all."""
    bench = FanoutBench(arguments.bin, server.url, server.process.pid, arguments.subscribers,
                        arguments.rate, arguments.seconds)
    if not await asyncio.to_thread(bench.sending.wait, 120):
        raise SystemExit("bench fanout never started writing")
    stuck = set(endpoints[:hanging or 0])
    pushes, item, at = [], None, None
    with service.lock:
        first = len(service.messages)
    if hanging is not None:
        for ident in stuck:
            http("PUT", f"{service.origin}/script/{ident}", [{"hang": True}])
        at = int(time.time()) + 3
        due = bench_reminders.iso(at)
        reply = await owner.request(op("addItem", list=shared, title=f"Reminder with {hanging} hanging", due=due,
                                       remindBefore=0))
        item = reply["id"]
        healthy = len(endpoints) - len(stuck)
        deadline = time.monotonic() + arguments.seconds + 60
        while time.monotonic() < deadline:
            with service.lock:
                pushes = [m for m in service.messages[first:] if m["id"] not in stuck]
            if len(pushes) >= healthy:
                break
            await asyncio.sleep(0.1)
    fanout = await asyncio.to_thread(bench.report, arguments.seconds + 180)
    for ident in stuck:
        http("PUT", f"{service.origin}/release/{ident}", None)
    await asyncio.to_thread(service.check_pending)
    delays = [(m["receivedAt"] - at) * 1000 for m in pushes] if hanging is not None else []
    return {
        "hanging": hanging,
        "pushes": len(pushes) if hanging is not None else None,
        "expected": len(endpoints) - len(stuck) if hanging is not None else None,
        "failed checks": sum(1 for m in pushes if m["problems"] or item not in m.get("payload", "")),
        "push p50 ms": percentile(delays, 0.5),
        "push p99 ms": percentile(delays, 0.99),
        "push max ms": max(delays) if delays else None,
        "fanout deliveries": fanout["deliveries"]["count"],
        "fanout p50 ms": fanout["deliveries"]["latency"]["p50"],
        "fanout p99 ms": fanout["deliveries"]["latency"]["p99"],
        "fanout passed": fanout["verification"]["passed"],
        "server cpu µs/delivery": (fanout.get("server") or {}).get("cpuMicrosecondsPerDelivery"),
    }


async def run(arguments):
    service = PushService(check_later=True).start()
    os.environ["CHECKWIRE_BENCH_SERVE_ARGS"] = " ".join([
        "--vapid-subject", "mailto:bench@example.invalid", "--allow-loopback-push",
        os.environ.get("CHECKWIRE_BENCH_SERVE_ARGS", ""),
    ])
    server = bench_reminders.Server(arguments.bin)
    try:
        owner, shared, endpoints = await set_up(server.url, service)
        results = [await one_case(arguments, server, service, owner, shared, endpoints, None)]
        for hanging in arguments.hanging:
            results.append(await one_case(arguments, server, service, owner, shared, endpoints, hanging))
        await owner.close()
        return results
    finally:
        server.stop()
        service.stop()


def show(value):
    if value is None:
        return "–"
    return f"{value:,.1f}" if isinstance(value, float) else f"{value:,}"


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--bin", default=".build/release/checkwire")
    parser.add_argument("--hanging", type=int, nargs="+", default=[0, 1, 16, 100],
                        help="push endpoints held open, one case each (of 1,000)")
    parser.add_argument("--subscribers", type=int, default=1000, help="WebSocket subscribers of the fan-out")
    parser.add_argument("--rate", type=int, default=20, help="edits per second of the fan-out's writer")
    parser.add_argument("--seconds", type=int, default=20, help="length of each case's fan-out")
    parser.add_argument("--json", action="store_true")
    arguments = parser.parse_args()
    results = asyncio.run(asyncio.wait_for(run(arguments), 60 + (len(arguments.hanging) + 1) * (arguments.seconds + 240)))
    if arguments.json:
        for result in results:
            print(json.dumps(result))
        return
    columns = list(results[0])
    print(" | ".join(columns))
    for result in results:
        print(" | ".join(show(result[column]) for column in columns))


if __name__ == "__main__":
    main()

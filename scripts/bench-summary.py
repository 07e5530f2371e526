#!/usr/bin/env python3
"""Summarizes a bench-matrix results directory: medians of the repeated runs per case and
target, and the Checkwire ÷ nchan ratio, as a Markdown table (used by bench-matrix.sh)."""
import glob
import json
import os
import statistics
import sys
from collections import defaultdict

out = sys.argv[1]
runs = defaultdict(list)
for path in sorted(glob.glob(os.path.join(out, "*.json"))):
    name, target, _rep, _ = os.path.basename(path).rsplit(".", 3)
    with open(path) as f:
        runs[(name, target)].append(json.load(f))


def get(report, *keys):
    value = report
    for key in keys:
        if not isinstance(value, dict) or value.get(key) is None:
            return None
        value = value[key]
    return value


METRICS = [
    ("deliveries/s", ("deliveries", "perSecond"), "{:,.0f}", "higher"),
    ("p50 edit→delivery ms", ("deliveries", "latency", "p50"), "{:.2f}", "lower"),
    ("p99 edit→delivery ms", ("deliveries", "latency", "p99"), "{:.2f}", "lower"),
    ("p99.9 ms", ("deliveries", "latency", "p999"), "{:.2f}", "lower"),
    ("acks/s", ("edits", "acksPerSecond"), "{:,.0f}", "higher"),
    ("p99 edit→ack ms", ("edits", "ack", "p99"), "{:.2f}", "lower"),
    ("server µs CPU/delivery", ("server", "cpuMicrosecondsPerDelivery"), "{:.2f}", "lower"),
    ("server KiB/connection", ("server", "residentBytesPerConnection"), "{:.2f}", "lower"),
    ("connects/s", ("connections", "connectsPerSecond"), "{:,.0f}", "higher"),
    ("catch-up p50 ms", ("reconnect", "catchUp", "p50"), "{:.1f}", "lower"),
    ("catch-up max ms", ("reconnect", "catchUp", "max"), "{:.1f}", "lower"),
]


def median(reports, keys, scale=1.0):
    values = [get(r, *keys) for r in reports]
    values = [v * scale for v in values if v is not None]
    return statistics.median(values) if values else None


names = []
for name, _ in runs:
    if name not in names:
        names.append(name)

print("| case | metric | checkwire (median) | nchan (median) | checkwire ÷ nchan | runs | verified |")
print("|---|---|---|---|---|---|---|")
for name in names:
    cw = runs.get((name, "checkwire"), [])
    nc = runs.get((name, "nchan"), [])
    for label, keys, fmt, _better in METRICS:
        scale = 1 / 1024 if "KiB" in label else 1.0
        a = median(cw, keys, scale)
        b = median(nc, keys, scale)
        if not a and not b:
            continue  # not measured in this case (e.g. deliveries in a reconnect run)
        ratio = f"{a / b:.2f}×" if a is not None and b else "—"
        verified = "/".join(
            f"{sum(1 for r in rs if r['verification']['passed'])} of {len(rs)}" for rs in (cw, nc) if rs
        )
        print(f"| {name} | {label} | {fmt.format(a) if a is not None else '—'} | "
              f"{fmt.format(b) if b is not None else '—'} | {ratio} | {len(cw)}+{len(nc)} | {verified} |")

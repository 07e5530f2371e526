#!/usr/bin/env bash
# Before/after comparison of two checkwire binaries on one scenario, on 127.0.0.1 only.
#
#   scripts/bench-compare.sh OLD_BINARY NEW_BINARY REPEATS BENCH_ARGS...
#   scripts/bench-compare.sh /tmp/cw-before .build-bench/release/checkwire 3 \
#       fanout -s 1 -w 50 --window 16 -e 100000 -d 8
#
# Each repeat runs the old binary, then the new one, each as both server and load tester,
# each against a freshly started server with an empty database (so neither inherits the
# other's heap or file). One line per run: deliveries/s, p50/p99 edit→delivery, acks/s,
# server CPU per delivery, the CPU per edit of the server's busiest thread (under durable
# edits, the store thread), the tool's own CPU, whether the exactly-once check passed, and for
# `reconnect` the time from reconnecting to caught up (p50).
# Then, per figure, both medians and how the pairs compare, run for run.
# The machine is noisy: compare medians of three or more repeats, not single runs; the busiest
# thread's CPU per edit moves less with the machine's speed than the rates do.
# Environment: PORT (default 18181), SERVER_ENV (assignments for both servers, e.g. for a
# temporary switch under test).
set -euo pipefail
[[ $# -ge 4 ]] || { sed -n 2,14p "$0"; exit 64; }
OLD=$1 NEW=$2 REPEATS=$3; shift 3
PORT=${PORT:-18181}
# shellcheck source=scripts/bench-server.sh
source "$(dirname "${BASH_SOURCE[0]}")/bench-server.sh"
prepare_bench compare "$PORT"

for rep in $(seq "$REPEATS"); do
    for variant in old new; do
        binary=$OLD; [[ $variant == new ]] && binary=$NEW
        if ! start_checkwire "$binary" "$PORT" "$WORK"; then
            echo "$variant #$rep: skipped"
            continue
        fi
        thread_ticks >"$WORK/ticks.before"
        if "$binary" bench "$@" --url "ws://127.0.0.1:$PORT/ws" --server-pid "$SERVER_PID" --quiet --json \
            >"$WORK/run.json" 2>"$WORK/run.err"; then
            thread_ticks >"$WORK/ticks.after"
            busiest=$(busiest_thread_seconds "$WORK/ticks.before" "$WORK/ticks.after")
            python3 - "$variant" "$rep" "$WORK/run.json" "$busiest" "$WORK/runs.tsv" <<'PY'
import json, sys
variant, rep, path, busiest, table = sys.argv[1:6]
d = json.load(open(path))
dl, ed, sv = d.get("deliveries") or {}, d.get("edits") or {}, d.get("server") or {}
lat = dl.get("latency") or {}
caught_up = ((d.get("reconnect") or {}).get("catchUp") or {}).get("p50") or 0
edits = ed.get("acked") or dl.get("delivered") or 0
busiest_us = float(busiest) * 1e6 / edits if edits else 0
print(f"{variant} #{rep}: {dl.get('perSecond', 0):,.0f} deliveries/s, p50 {lat.get('p50')} p99 {lat.get('p99')} ms, "
      f"{ed.get('acksPerSecond', 0):,.0f} acks/s, {sv.get('cpuMicrosecondsPerDelivery') or 0:.2f} µs server CPU/delivery, "
      f"busiest thread {busiest_us:.1f} µs/edit, "
      f"tool CPU {d.get('clientCPUSeconds', 0):.2f} s, {'verified' if d['verification']['passed'] else 'VERIFICATION FAILED'}"
      + (f", caught up p50 {caught_up} ms" if caught_up else ""))
with open(table, "a") as out:
    out.write(f"{variant}\t{rep}\t{dl.get('perSecond', 0)}\t{ed.get('acksPerSecond', 0)}\t"
              f"{sv.get('cpuMicrosecondsPerDelivery') or 0}\t{busiest_us}\t{caught_up}\n")
PY
        else
            echo "$variant #$rep: failed: $(tail -2 "$WORK/run.err")"
        fi
        stop_checkwire
    done
done

[[ -s "$WORK/runs.tsv" ]] || exit 0
python3 - "$WORK/runs.tsv" <<'PY'
import statistics, sys
runs = {}
for line in open(sys.argv[1]):
    variant, rep, *values = line.split("\t")
    runs[(variant, rep)] = [float(value) for value in values]
pairs = [(runs[("old", rep)], runs[("new", rep)]) for (variant, rep) in runs if variant == "old" and ("new", rep) in runs]
figures = [("deliveries/s", True), ("acks/s", True), ("server CPU µs/delivery", False), ("busiest thread µs/edit", False),
           ("caught up p50 ms", False)]
print(f"{len(pairs)} pairs:")
for index, (name, higher_is_better) in enumerate(figures):
    olds = [old[index] for old, _ in pairs]
    news = [new[index] for _, new in pairs]
    if not pairs or min(olds) <= 0:
        continue
    better = sum(1 for old, new in zip(olds, news) if (new > old) == higher_is_better and new != old)
    ratios = [new / old for old, new in zip(olds, news)]
    print(f"  {name}: medians {statistics.median(olds):,.1f} -> {statistics.median(news):,.1f}; "
          f"median of the pairs' ratios {statistics.median(ratios):.3f}x; new better in {better} of {len(pairs)}")
PY

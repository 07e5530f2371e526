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
# server CPU per delivery, the tool's own CPU, and whether the exactly-once check passed.
# The machine is noisy: compare medians of three or more repeats, not single runs.
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
        if "$binary" bench "$@" --url "ws://127.0.0.1:$PORT/ws" --server-pid "$SERVER_PID" --quiet --json \
            >"$WORK/run.json" 2>"$WORK/run.err"; then
            python3 - "$variant" "$rep" "$WORK/run.json" <<'PY'
import json, sys
variant, rep, path = sys.argv[1:4]
d = json.load(open(path))
dl, ed, sv = d.get("deliveries") or {}, d.get("edits") or {}, d.get("server") or {}
lat = dl.get("latency") or {}
print(f"{variant} #{rep}: {dl.get('perSecond', 0):,.0f} deliveries/s, p50 {lat.get('p50')} p99 {lat.get('p99')} ms, "
      f"{ed.get('acksPerSecond', 0):,.0f} acks/s, {sv.get('cpuMicrosecondsPerDelivery') or 0:.2f} µs server CPU/delivery, "
      f"tool CPU {d.get('clientCPUSeconds', 0):.2f} s, {'verified' if d['verification']['passed'] else 'VERIFICATION FAILED'}")
PY
        else
            echo "$variant #$rep: failed: $(tail -2 "$WORK/run.err")"
        fi
        stop_checkwire
    done
done

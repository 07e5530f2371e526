#!/usr/bin/env bash
# The standard benchmark matrix: Checkwire (release build) and nginx + nchan, side by side,
# driven by the same client engine (`checkwire bench`), on 127.0.0.1 only.
#
#   scripts/bench-matrix.sh                 # everything, 3 repeats, results in bench-results/
#   REPEATS=5 ONLY="fanout-1k-max" scripts/bench-matrix.sh
#
# Environment: REPEATS (default 3), ONLY (space-separated case names), OUT (results
# directory), SKIP_BUILD=1 (use the existing release binary), SKIP_NCHAN=1,
# CHECKWIRE_PORT (default 18080), NCHAN_PORT (default 18090).
#
# The machine is shared and noisy: each case runs REPEATS times, alternating the two
# servers, and the summary reports medians and the Checkwire ÷ nchan ratio. Heavy: never
# run it from CI (scripts/test does not).
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

REPEATS=${REPEATS:-3}
OUT=${OUT:-bench-results/$(date -u +%Y%m%dT%H%M%SZ)}
CHECKWIRE_PORT=${CHECKWIRE_PORT:-18080}
NCHAN_PORT=${NCHAN_PORT:-18090}
SCRATCH=${SCRATCH:-.build-bench}
mkdir -p "$OUT"
OUT=$(cd "$OUT" && pwd)
WORK=$(mktemp -d /tmp/checkwire-bench.XXXXXX)
SERVER_PID=""
NGINX_PID=""

# shellcheck source=scripts/bench-server.sh
source scripts/bench-server.sh
cleanup() {
    stop_checkwire
    [[ -n "$NGINX_PID" ]] && kill -QUIT "$NGINX_PID" 2>/dev/null && sleep 0.5 || true
    rm -rf "$WORK"
}
trap cleanup EXIT

# Both servers and the bench client need many descriptors (hard limit 20000 here).
ulimit -n "$(ulimit -Hn)"

if [[ -z "${SKIP_BUILD:-}" ]]; then
    echo "== swift build -c release"
    swift build -c release --scratch-path "$SCRATCH" >/dev/null
fi
BIN="$PWD/$SCRATCH/release/checkwire"

# --- Checkwire (scripts/bench-server.sh) ------------------------------------------------
start_checkwire "$BIN" "$CHECKWIRE_PORT" "$WORK"
# Memory per idle connection is an RSS difference, so it needs a server that has not yet
# grown its heap in earlier cases: the idle case gets a fresh server.
restart_checkwire() {
    stop_checkwire
    start_checkwire "$BIN" "$CHECKWIRE_PORT" "$WORK"
}

# --- nginx + nchan (Debian packages; own config in a temp dir, 127.0.0.1 only) -----------
if [[ -z "${SKIP_NCHAN:-}" ]]; then
    scripts/install-deps.sh --with-nchan
    mkdir -p "$WORK/nginx/logs" "$WORK/nginx/tmp"
    sed -e "s|@WORK@|$WORK/nginx|g" -e "s|@PORT@|$NCHAN_PORT|g" scripts/nchan.conf >"$WORK/nginx/nginx.conf"
    nginx -p "$WORK/nginx" -c "$WORK/nginx/nginx.conf" -g 'daemon off;' &
    NGINX_PID=$!
    sleep 1
    NGINX_PIDS=("$NGINX_PID" $(pgrep -P "$NGINX_PID"))
fi

# Machine facts for the document.
{
    echo "date: $(date -u +%FT%TZ)"
    echo "cpu: $(nproc) × $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //')"
    echo "memory: $(free -g | awk '/Mem:/ {print $2}') GiB"
    echo "kernel: $(uname -r)"
    echo "swift: $(swift --version 2>&1 | head -1)"
    echo "nginx: $(nginx -v 2>&1 | cut -d/ -f2); nchan: $(dpkg-query -W -f='${Version}' libnginx-mod-nchan 2>/dev/null || echo n/a)"
    echo "load average at start: $(cut -d' ' -f1-3 /proc/loadavg)"
    echo "commit: $(git rev-parse --short HEAD 2>/dev/null || echo n/a) (plus working tree)"
} >"$OUT/machine.txt"

# name | scenario arguments (shared by both targets) | nchan too?
CASES=(
    "fanout-1k-max|fanout -s 1000 -w 4 --window 32 -e 300 -d 20|yes"
    "fanout-1k-sustained|fanout -s 1000 -w 4 --window 32 -e 3000 -d 20|yes"
    "fanout-1k-50k|fanout -s 1000 -w 1 -r 50 -e 500 -d 10|yes"
    "fanout-10k-max|fanout -s 10000 -w 4 --window 16 -e 60 -d 20|yes"
    "fanout-10k-50k|fanout -s 10000 -w 1 -r 5 -e 50 -d 10|yes"
    "lists-100x10|lists --lists 100 -s 1000 -w 10 --window 16 -e 3000 -d 10|yes"
    "durable-50w|fanout -s 1 -w 50 --window 16 -e 30000 -d 10|no"
    "reconnect-100x1k|reconnect -s 100 -w 4 --behind 1000 -e 1000|no"
    "reconnect-1x10k|reconnect -s 1 -w 8 --behind 10000 -e 10000|no"
    "idle-15k|idle -s 15000 --hold 3|yes"
)

want() { [[ -z "${ONLY:-}" ]] || [[ " $ONLY " == *" $1 "* ]]; }

run_case() {  # name target repeat args...
    local name=$1 target=$2 rep=$3; shift 3
    local file="$OUT/$name.$target.$rep.json"
    local extra=()
    if [[ $target == checkwire ]]; then
        extra=(--url "ws://127.0.0.1:$CHECKWIRE_PORT/ws" --server-pid "$SERVER_PID")
    else
        local size=400
        local reference
        reference=$(ls "$OUT/$name.checkwire."*.json 2>/dev/null | head -1 || true)
        if [[ -n "$reference" ]]; then
            size=$(python3 -c 'import json,sys; d=json.load(open(sys.argv[1])); print((d.get("deliveries") or {}).get("averageMessageBytes") or 400)' "$reference")
        fi
        extra=(--target nchan --nchan-sub "ws://127.0.0.1:$NCHAN_PORT/sub" --nchan-pub "http://127.0.0.1:$NCHAN_PORT/pub" --message-size "$size")
        for pid in "${NGINX_PIDS[@]}"; do extra+=(--server-pid "$pid"); done
    fi
    echo "== $name $target #$rep: $*"
    if ! timeout 600 "$BIN" bench "$@" "${extra[@]}" --json --quiet --timeout 300 --drain-timeout 60 >"$file.tmp" 2>"$OUT/$name.$target.$rep.log"; then
        echo "   failed (see $OUT/$name.$target.$rep.log)"
        rm -f "$file.tmp"
        return 0
    fi
    mv "$file.tmp" "$file"
    python3 - "$file" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
dl = d.get("deliveries") or {}
ed = d.get("edits") or {}
sv = d.get("server") or {}
rc = d.get("reconnect") or {}
parts = []
if dl: parts.append(f"{dl['perSecond']:,.0f} deliveries/s, p99 {dl['latency']['p99']} ms")
if ed: parts.append(f"{ed['acksPerSecond']:,.0f} acks/s")
if sv.get("cpuMicrosecondsPerDelivery"): parts.append(f"{sv['cpuMicrosecondsPerDelivery']:.2f} µs CPU/delivery")
if sv.get("residentBytesPerConnection"): parts.append(f"{sv['residentBytesPerConnection']/1024:.2f} KiB/conn")
if rc: parts.append(f"catch-up p50 {rc['catchUp']['p50']} ms max {rc['catchUp']['max']} ms")
parts.append("verified" if d["verification"]["passed"] else "VERIFICATION FAILED")
print("   " + "; ".join(parts))
PY
}

for rep in $(seq "$REPEATS"); do
    for entry in "${CASES[@]}"; do
        IFS='|' read -r name args nchan <<<"$entry"
        want "$name" || continue
        [[ $name == idle-* ]] && restart_checkwire
        # shellcheck disable=SC2086
        run_case "$name" checkwire "$rep" $args
        if [[ $nchan == yes && -z "${SKIP_NCHAN:-}" ]]; then
            # shellcheck disable=SC2086
            run_case "$name" nchan "$rep" $args
        fi
    done
done

python3 "$(dirname "${BASH_SOURCE[0]}")/bench-summary.py" "$OUT" | tee "$OUT/summary.md"
echo "results: $OUT"

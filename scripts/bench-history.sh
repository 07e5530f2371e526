#!/usr/bin/env bash
# How the durable edit rate holds up as one account's history grows, on 127.0.0.1 only.
#
#   scripts/bench-history.sh BINARY OPIDS RUNS [BENCH_ARGS...]
#   scripts/bench-history.sh .build/release/checkwire random 4
#
# One server and database for the whole script, one account signed up at the start, then
# RUNS durable runs in a row with that account (`bench --user`), so each run's opIds join
# those of the runs before it in the server's opId index. OPIDS is the tester's --op-ids
# (time or random). Default BENCH_ARGS: fanout -s 1 -w 50 --window 16 -e 60000 -d 10.
# One line per run: acks/s, server CPU per edit, ack p99. Each run of 60,000 edits adds
# ~64 MiB to the account; the default per-account limit (256 MiB) stops a fifth run.
# Environment: PORT (default 18182).
set -euo pipefail
[[ $# -ge 3 ]] || { sed -n 2,13p "$0"; exit 64; }
BINARY=$1 OPIDS=$2 RUNS=$3; shift 3
ARGS=("$@")
[[ ${#ARGS[@]} -gt 0 ]] || ARGS=(fanout -s 1 -w 50 --window 16 -e 60000 -d 10)
PORT=${PORT:-18182}
# shellcheck source=scripts/bench-server.sh
source "$(dirname "${BASH_SOURCE[0]}")/bench-server.sh"
prepare_bench history "$PORT"
start_checkwire "$BINARY" "$PORT" "$WORK" || exit 1
URL="ws://127.0.0.1:$PORT/ws"
PASSWORD="history-$RANDOM$RANDOM"
echo "$PASSWORD" | XDG_CONFIG_HOME="$WORK/config" "$BINARY" signup history --password-stdin --server "$URL" >/dev/null

for run in $(seq "$RUNS"); do
    if "$BINARY" bench "${ARGS[@]}" --op-ids "$OPIDS" --user history --password "$PASSWORD" --url "$URL" \
        --server-pid "$SERVER_PID" --quiet --json >"$WORK/run.json" 2>"$WORK/run.err"; then
        python3 - "$OPIDS" "$run" "$WORK/run.json" <<'PY'
import json, sys
opids, run, path = sys.argv[1:4]
d = json.load(open(path))
ed, sv = d.get("edits") or {}, d.get("server") or {}
acked = max(1, ed.get("acked", 0))
print(f"{opids} #{run}: {ed.get('acksPerSecond', 0):,.0f} acks/s, "
      f"{(sv.get('cpuSeconds') or 0) * 1e6 / acked:.1f} µs server CPU/edit, ack p99 {(ed.get('ack') or {}).get('p99')} ms, "
      f"refused edits {ed.get('errors', 0)} {d.get('errors') or ''}")
PY
    else
        echo "$OPIDS #$run: failed: $(tail -2 "$WORK/run.err")"
        break
    fi
done

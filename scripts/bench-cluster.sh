#!/usr/bin/env bash
# The targets of several Checkwire nodes on one PostgreSQL (docs/benchmarks.md, "Several nodes
# on one PostgreSQL"), measured on this machine with a release build:
#
#   scripts/bench-cluster.sh .build/release/checkwire
#
# It starts a throwaway PostgreSQL (initdb in a temporary folder, a free 127.0.0.1 port, its
# socket in that folder, fsync and synchronous_commit on; as the postgres user when run as
# root; stopped by its PID), two `checkwire serve` nodes on one database of it, and one node
# on a SQLite file, then measures with `checkwire bench`:
#   1. cross-node edit → delivery at 1,000 edits/s over 100 checklists with 10 subscribers
#      each, half on each node (target: p99 ≤ 50 ms);
#   2. acknowledged durable edits/s with 50 writers on one PostgreSQL node, on two, and on
#      the SQLite node (target: each PostgreSQL figure ≥ 10,000; the ratio to SQLite);
#   3. run 1 again while another client holds a transaction (and its xid) open, and the
#      nodes' `checkwire_tail_lag_seconds` meanwhile (target: cross-node p99 ≤ 500 ms).
# Each run's JSON report is kept in $KEEP (if set) as cluster-N.json.
#
# Environment: DURATION (seconds per run, default 10), RATE (default 1000), KEEP (a folder).
set -euo pipefail

BIN=${1:?usage: scripts/bench-cluster.sh CHECKWIRE_BINARY}
BIN=$(realpath "$BIN")
DURATION=${DURATION:-10}
RATE=${RATE:-1000}
[[ -x "$BIN" ]] || { echo "not an executable: $BIN" >&2; exit 1; }
PGBIN=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -t/ -k4 -n | tail -1)
[[ -n "$PGBIN" && -x "$PGBIN/initdb" ]] || {
    echo "PostgreSQL is not installed: run scripts/install-deps.sh --with-test-tools (or apt-get install postgresql)" >&2
    exit 1
}

WORK=$(mktemp -d /tmp/checkwire-cluster.XXXXXX)
PG_PID="" NODE_PIDS=() HOLDER_PID=""
AS_PG=()
if [[ $(id -u) == 0 ]]; then
    AS_PG=(runuser -u postgres --)
    chown postgres:postgres "$WORK"
fi

cleanup() {
    [[ -n "$HOLDER_PID" ]] && kill "$HOLDER_PID" 2>/dev/null
    for pid in "${NODE_PIDS[@]}"; do kill "$pid" 2>/dev/null || true; done
    for pid in "${NODE_PIDS[@]}"; do wait "$pid" 2>/dev/null || true; done
    if [[ -n "$PG_PID" ]]; then
        kill "$PG_PID" 2>/dev/null || true  # fast shutdown by PID; its children end with it
        for _ in $(seq 300); do kill -0 "$PG_PID" 2>/dev/null || break; sleep 0.1; done
    fi
    rm -rf "$WORK"
}
trap cleanup EXIT
ulimit -n "$(ulimit -Hn)"

free_port() { python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'; }

# --- PostgreSQL, fsync on: the acknowledged edits are durable, as in production.
"${AS_PG[@]}" "$PGBIN/initdb" -D "$WORK/data" -U postgres --auth=trust -E UTF8 --locale=C >"$WORK/initdb.log"
PG_PORT=$(free_port)
"${AS_PG[@]}" "$PGBIN/pg_ctl" -D "$WORK/data" -l "$WORK/postgres.log" -w -t 60 -o \
    "-p $PG_PORT -k $WORK -c listen_addresses=127.0.0.1 -c max_connections=200 -c shared_buffers=256MB" \
    start >/dev/null
PG_PID=$(head -1 "$WORK/data/postmaster.pid")
psql() { "$PGBIN/psql" -X -q -A -t -v ON_ERROR_STOP=1 -h "$WORK" -p "$PG_PORT" -U postgres "$@"; }
psql -d postgres -c "CREATE DATABASE checkwire"
DATABASE="postgres://postgres@127.0.0.1:$PG_PORT/checkwire?sslmode=disable"

# --- The nodes: A and B on PostgreSQL, S on a SQLite file.
start_node() {  # NAME DATABASE → sets NODE_PORT
    local name=$1 database=$2
    NODE_PORT=$(free_port)
    mkdir -p "$WORK/$name"
    "$BIN" serve --host 127.0.0.1 --port "$NODE_PORT" --database "$database" --attachments "$WORK/$name/files" \
        --public "$WORK/none" --fast-password-hashing --log-level warning >>"$WORK/$name.log" 2>&1 &
    NODE_PIDS+=($!)
    for _ in $(seq 100); do
        curl -fs "http://127.0.0.1:$NODE_PORT/healthz" >/dev/null 2>&1 && return 0
        sleep 0.1
    done
    echo "node $name did not start: $(tail -3 "$WORK/$name.log")" >&2
    exit 1
}
start_node a "$DATABASE"; PORT_A=$NODE_PORT
start_node b "$DATABASE"; PORT_B=$NODE_PORT
start_node s "$WORK/s/db.sqlite"; PORT_S=$NODE_PORT
URL_A=ws://127.0.0.1:$PORT_A/ws URL_B=ws://127.0.0.1:$PORT_B/ws URL_S=ws://127.0.0.1:$PORT_S/ws

RUN=0
bench() {  # ARGS… → the report's JSON in $WORK/cluster-N.json, its path in REPORT
    RUN=$((RUN + 1))
    REPORT=$WORK/cluster-$RUN.json
    if ! "$BIN" bench lists --json --quiet --timeout 240 "$@" >"$REPORT" 2>"$WORK/cluster-$RUN.stderr"; then
        echo "run $RUN (checkwire bench lists $*) failed: $(tail -1 "$WORK/cluster-$RUN.stderr")" >&2
        echo '{}' >"$REPORT"
    fi
    [[ -n "${KEEP:-}" ]] && mkdir -p "$KEEP" && cp "$REPORT" "$KEEP/"
    return 0
}
field() {  # FILE PYTHON-EXPRESSION-ON-r
    python3 -c '
import json, sys
r = json.load(open(sys.argv[1]))
try:
    v = eval(sys.argv[2])
except (KeyError, TypeError):
    v = "nan"  # the run failed (its error is printed above)
print(f"{v:.2f}" if isinstance(v, float) else v)' "$1" "$2"
}
tail_lag() { curl -fs "http://127.0.0.1:$1/metrics" | awk '$1 == "checkwire_tail_lag_seconds" { print $2 }'; }

echo "checkwire bench-cluster: $(date -u '+%Y-%m-%d %H:%M UTC'), $(nproc) cores, $("$PGBIN/postgres" --version)"
echo "load average before: $(cut -d' ' -f1-3 /proc/loadavg)"
CROSS=(--url "$URL_A" --url "$URL_B" --lists 100 --subscribers 1000 --writers 10 --rate "$RATE"
    --edits $((RATE * DURATION)) --duration "$DURATION")

# 1. Cross-node latency at the target rate.
bench "${CROSS[@]}"; CROSS_REPORT=$REPORT
# 2. Durable acks/s with 50 writers (one subscriber per checklist keeps delivery in the run).
DURABLE=(--lists 100 --subscribers 100 --writers 50 --edits 500000 --duration "$DURATION")
bench --url "$URL_A" "${DURABLE[@]}"; ONE_PG=$REPORT
bench --url "$URL_A" --url "$URL_B" "${DURABLE[@]}"; TWO_PG=$REPORT
bench --url "$URL_S" "${DURABLE[@]}"; SQLITE=$REPORT
# 3. A transaction holding its xid open for the whole run.
psql -d checkwire -c "BEGIN" -c "SELECT pg_current_xact_id()" -c "SELECT pg_sleep($((DURATION + 60)))" \
    -c "COMMIT" >/dev/null 2>&1 &
HOLDER_PID=$!
sleep 1
bench "${CROSS[@]}"; HELD_REPORT=$REPORT
LAG_A=$(tail_lag "$PORT_A") LAG_B=$(tail_lag "$PORT_B")
kill "$HOLDER_PID" 2>/dev/null; wait "$HOLDER_PID" 2>/dev/null || true; HOLDER_PID=""
echo "load average after:  $(cut -d' ' -f1-3 /proc/loadavg)"

p99() { field "$1" "r['deliveries']['$2']['p99']"; }
acks() { field "$1" "r['edits']['acksPerSecond']"; }
verdict() {  # VALUE OPERATOR LIMIT
    python3 -c 'import sys; print("met" if float(sys.argv[1]) '"$2"' float(sys.argv[2]) else "NOT met")' "$1" "$3"
}
ratio() { python3 -c 'import sys; a, b = map(float, sys.argv[1:]); print(f"{a / b:.2f}" if b else "nan")' "$1" "$2"; }
ONE=$(acks "$ONE_PG") TWO=$(acks "$TWO_PG") LITE=$(acks "$SQLITE")
echo
printf '%-58s %s\n' "cross-node edit → delivery at $RATE/s, 100 lists × 10 subscribers" \
    "p50 $(field "$CROSS_REPORT" "r['deliveries']['crossNode']['p50']") ms, p99 $(p99 "$CROSS_REPORT" crossNode) ms, max $(field "$CROSS_REPORT" "r['deliveries']['crossNode']['max']") ms (target p99 ≤ 50: $(verdict "$(p99 "$CROSS_REPORT" crossNode)" '<=' 50))"
printf '%-58s %s\n' "  same-node for comparison" \
    "p50 $(field "$CROSS_REPORT" "r['deliveries']['sameNode']['p50']") ms, p99 $(p99 "$CROSS_REPORT" sameNode) ms, max $(field "$CROSS_REPORT" "r['deliveries']['sameNode']['max']") ms"
printf '%-58s %s\n' "  acks, exactly once in order" \
    "$(field "$CROSS_REPORT" "r['edits']['acked']") of $(field "$CROSS_REPORT" "r['edits']['sent']"); $(field "$CROSS_REPORT" "'yes' if r['verification']['passed'] else 'NO'")"
printf '%-58s %s\n' "durable acks/s, 50 writers, one PostgreSQL node" "$ONE (target ≥ 10,000: $(verdict "$ONE" '>=' 10000)); ×$(ratio "$ONE" "$LITE") SQLite"
printf '%-58s %s\n' "durable acks/s, 50 writers, two PostgreSQL nodes" "$TWO (target ≥ 10,000: $(verdict "$TWO" '>=' 10000)); ×$(ratio "$TWO" "$LITE") SQLite"
printf '%-58s %s\n' "durable acks/s, 50 writers, one SQLite node" "$LITE"
printf '%-58s %s\n' "cross-node p99 with an xid held open" \
    "$(p99 "$HELD_REPORT" crossNode) ms, max $(field "$HELD_REPORT" "r['deliveries']['crossNode']['max']") ms (target ≤ 500: $(verdict "$(p99 "$HELD_REPORT" crossNode)" '<=' 500)); $(field "$HELD_REPORT" "'exactly once, in order' if r['verification']['passed'] else 'NOT exactly once'")"
printf '%-58s %s\n' "  checkwire_tail_lag_seconds meanwhile (node A, node B)" "$LAG_A, $LAG_B"

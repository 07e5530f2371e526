# Sourced by bench-matrix.sh, bench-compare.sh and bench-history.sh: the Checkwire server
# they measure, on 127.0.0.1 with a fresh database each time it starts.
#
#   start_checkwire BINARY PORT DIRECTORY   # sets SERVER_PID; returns 1 if it did not start
#   stop_checkwire
#   require_free_port PORT                  # exits if something already answers there
#   prepare_bench NAME PORT                 # sets WORK (removed at exit, with the server),
#                                           # raises the fd limit, checks PORT is free
#   thread_ticks > FILE                     # the server's CPU per thread so far, in clock
#                                           # ticks: one "tid ticks" line per thread
#   busiest_thread_seconds BEFORE AFTER     # CPU seconds of the thread that used the most
#                                           # between two thread_ticks files (under durable
#                                           # edits, the store thread)
#
# The database is DIRECTORY/db.sqlite (removed first) and the log DIRECTORY/server.log.
# SERVER_ENV (assignments such as "CHECKWIRE_EVENT_LOOP=poll") is exported to the server only.

start_checkwire() {
    local binary=$1 port=$2 directory=$3
    rm -rf "$directory"/db.sqlite*  # the database, its WAL, key and attachments folder
    # The subshell execs the server, so $! is the server's own pid (for its CPU and RSS).
    (
        # shellcheck disable=SC2086
        [[ -n "${SERVER_ENV:-}" ]] && export ${SERVER_ENV}
        exec "$binary" serve --host 127.0.0.1 --port "$port" --database "$directory/db.sqlite" \
            --public "$directory/none" --fast-password-hashing --log-level warning
    ) >>"$directory/server.log" 2>&1 &
    SERVER_PID=$!
    for _ in $(seq 50); do
        curl -fs "http://127.0.0.1:$port/healthz" >/dev/null 2>&1 && return 0
        kill -0 "$SERVER_PID" 2>/dev/null || break
        sleep 0.1
    done
    echo "the server did not start: $(tail -2 "$directory/server.log")" >&2
    stop_checkwire
    return 1
}

stop_checkwire() {
    [[ -n "${SERVER_PID:-}" ]] || return 0
    kill "$SERVER_PID" 2>/dev/null || true
    wait "$SERVER_PID" 2>/dev/null || true
    SERVER_PID=""
}

require_free_port() {
    if curl -fs "http://127.0.0.1:$1/healthz" >/dev/null 2>&1; then
        echo "something already answers on 127.0.0.1:$1; stop it or set PORT" >&2
        exit 1
    fi
}

prepare_bench() {
    WORK=$(mktemp -d "/tmp/checkwire-$1.XXXXXX")
    SERVER_PID=""
    trap 'stop_checkwire; rm -rf "$WORK"' EXIT
    ulimit -n "$(ulimit -Hn)"
    require_free_port "$2"
}

thread_ticks() {
    local task fields
    for task in /proc/"$SERVER_PID"/task/*; do
        # utime and stime are fields 14 and 15; the name in field 2 may hold spaces.
        read -r fields <"$task/stat" 2>/dev/null || continue
        fields=${fields##*) }
        # shellcheck disable=SC2086
        set -- $fields
        echo "${task##*/} $((${12} + ${13}))"
    done
}

busiest_thread_seconds() {
    python3 - "$1" "$2" "$(getconf CLK_TCK)" <<'PY'
import sys
before = dict(line.split() for line in open(sys.argv[1]))
after = dict(line.split() for line in open(sys.argv[2]))
used = [int(ticks) - int(before.get(tid, 0)) for tid, ticks in after.items()]
print(max(used, default=0) / int(sys.argv[3]))
PY
}

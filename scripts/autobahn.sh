#!/usr/bin/env bash
# Runs the Autobahn|Testsuite fuzzingclient (cases 1-7, 9 and 10; 12 and 13 are
# permessage-deflate, which Checkwire does not offer) against the WebSocket transport, through
# `checkwire serve --autobahn-echo PORT` on 127.0.0.1, and prints the result table.
#
#   scripts/autobahn.sh [CASES...]        default: 1.* 2.* 3.* 4.* 5.* 6.* 7.* 9.* 10.*
#
# The suite (autobahntestsuite 0.8.2) needs Python 2.7. Where none exists (Debian 12 has no
# python2.7 package) the script says so and exits 0 with "skipped". With pyenv's 2.7 it
# installs the suite into .build-autobahn/ once. Reports: test-output/autobahn/.
# Environment: CHECKWIRE_BIN (default .build/debug/checkwire), PYTHON2.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
root="$PWD"
binary="${CHECKWIRE_BIN:-$root/.build/debug/checkwire}"
cases=("$@")
[[ ${#cases[@]} -gt 0 ]] || cases=("1.*" "2.*" "3.*" "4.*" "5.*" "6.*" "7.*" "9.*" "10.*")

python2="${PYTHON2:-}"
if [[ -z "$python2" ]]; then
    for candidate in python2.7 "${PYENV_ROOT:-$HOME/.pyenv}"/versions/2.7*/bin/python; do
        if command -v "$candidate" >/dev/null 2>&1 && "$candidate" -c 'import sys; sys.exit(sys.version_info[:2] != (2, 7))' 2>/dev/null; then
            python2="$(command -v "$candidate")"
            break
        fi
    done
fi
if [[ -z "$python2" ]]; then
    echo "autobahn: skipped: no Python 2.7 on this machine (the suite needs it; set PYTHON2 to one)"
    exit 0
fi

suite="$root/.build-autobahn"
# --target leaves namespace packages (zope) to .pth files, which only site.addsitedir reads.
bootstrap='import site, sys; site.addsitedir(sys.argv.pop(1))'
if ! "$python2" -c "$bootstrap; import autobahntestsuite" "$suite" 2>/dev/null; then
    echo "autobahn: installing autobahntestsuite 0.8.2 for $python2 into $suite"
    "$python2" -m pip install --disable-pip-version-check -q --target "$suite" "autobahntestsuite==0.8.2"
fi
[[ -x "$binary" ]] || { echo "autobahn: no checkwire binary at $binary; run swift build" >&2; exit 1; }

work="$(mktemp -d /tmp/checkwire-autobahn.XXXXXX)"
port="$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')"
"$binary" serve --port 0 --database "$work/db.sqlite" --log-level warning --autobahn-echo "$port" >"$work/serve.out" 2>"$work/serve.err" &
server=$!
trap 'kill "$server" 2>/dev/null; wait "$server" 2>/dev/null; rm -rf "$work"' EXIT
for _ in $(seq 100); do
    grep -q "listening" "$work/serve.out" 2>/dev/null && break
    sleep 0.1
done

out="$root/test-output/autobahn"
rm -rf "$out"
mkdir -p "$out"
python3 - "$work/spec.json" "$port" "$out" "${cases[@]}" <<'PY'
import json, sys
spec, port, out, cases = sys.argv[1], sys.argv[2], sys.argv[3], sys.argv[4:]
json.dump({"outdir": out, "servers": [{"agent": "checkwire", "url": f"ws://127.0.0.1:{port}/autobahn"}],
           "cases": cases, "exclude-cases": [], "exclude-agent-cases": {}}, open(spec, "w"))
PY
(cd "$work" && timeout 1800 "$python2" -c "$bootstrap; from autobahntestsuite.wstest import run; run()" "$suite" \
    -m fuzzingclient -s "$work/spec.json" >"$work/wstest.log" 2>&1) || { tail -20 "$work/wstest.log"; exit 1; }

python3 - "$out/index.json" <<'PY'
import json, sys, collections
results = json.load(open(sys.argv[1]))["checkwire"]
def key(case): return [int(p) for p in case.split(".")]
by_group = collections.defaultdict(collections.Counter)
bad = []
for case in sorted(results, key=key):
    behavior = results[case]["behavior"]
    by_group[case.split(".")[0]][behavior] += 1
    if behavior not in ("OK", "NON-STRICT", "INFORMATIONAL"):
        bad.append((case, behavior))
print("| group | cases | " + " | ".join(["OK", "NON-STRICT", "INFORMATIONAL", "FAILED", "UNIMPLEMENTED"]) + " |")
print("|---|---|---|---|---|---|---|")
for group in sorted(by_group, key=int):
    c = by_group[group]
    print(f"| {group} | {sum(c.values())} | " + " | ".join(str(c.get(b, 0)) for b in ["OK", "NON-STRICT", "INFORMATIONAL", "FAILED", "UNIMPLEMENTED"]) + " |")
print(f"autobahn: {sum(sum(c.values()) for c in by_group.values())} cases, {len(bad)} not OK/NON-STRICT/INFORMATIONAL")
for case, behavior in bad:
    print(f"  {case}: {behavior}")
sys.exit(1 if bad else 0)
PY

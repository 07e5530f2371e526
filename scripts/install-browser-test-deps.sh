#!/usr/bin/env bash
# Installs what the browser tests in Tests/browser need: Debian's chromium and
# chromium-driver, and the pinned Python packages (selenium, pytest).
# Idempotent and non-interactive; run as root (or with sudo available).
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
requirements="$here/../Tests/browser/requirements.txt"

sudo_cmd=()
if [ "$(id -u)" -ne 0 ]; then sudo_cmd=(sudo); fi

if command -v chromium >/dev/null 2>&1 && command -v chromedriver >/dev/null 2>&1 && fc-list 2>/dev/null | grep -qi "inter"; then
    echo "chromium, chromedriver and fonts already installed"
else
    export DEBIAN_FRONTEND=noninteractive
    "${sudo_cmd[@]}" apt-get update -q
    "${sudo_cmd[@]}" apt-get install -y -q --no-install-recommends chromium chromium-driver fonts-dejavu-core fonts-inter
fi

python="${PYTHON:-python3}"
"$python" -m pip install --disable-pip-version-check -q -r "$requirements"
echo "browser test dependencies ready: $(chromium --version 2>/dev/null || true), selenium $("$python" -c 'import selenium; print(selenium.__version__)')"

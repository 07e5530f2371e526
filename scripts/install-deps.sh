#!/usr/bin/env bash
# Installs what building and testing Checkwire needs on Debian 12: the C libraries
# (libwebsockets, SQLite, OpenSSL) from apt, and the Python test packages from PyPI.
# Idempotent and non-interactive; apt runs only when something is missing.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
sudo_cmd=()
if [ "$(id -u)" -ne 0 ]; then sudo_cmd=(sudo); fi

packages=(libwebsockets-dev libsqlite3-dev libssl-dev pkg-config tmux)
missing=()
for package in "${packages[@]}"; do
    dpkg -s "$package" >/dev/null 2>&1 || missing+=("$package")
done
if [ "${#missing[@]}" -gt 0 ]; then
    export DEBIAN_FRONTEND=noninteractive
    "${sudo_cmd[@]}" apt-get update -q
    "${sudo_cmd[@]}" apt-get install -y -q --no-install-recommends "${missing[@]}"
fi

if [ "${1:-}" = "--with-test-tools" ]; then
    python3 -m pip install --disable-pip-version-check -q -r "$here/../Tests/python/requirements.txt"
fi

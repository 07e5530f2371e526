#!/usr/bin/env bash
# Installs what building and testing Checkwire needs on Debian 12: the C libraries
# (libwebsockets, SQLite, OpenSSL, jemalloc, libcurl for Web Push and mail) from apt, and
# with --with-test-tools the Python test packages from PyPI (the Swift tests' push service
# and SMTP server among them) and nginx + nchan (the load tester's peer, which its tests
# drive too; --with-nchan installs only those), and PostgreSQL's server programs, which the
# PostgreSQL tests start themselves in temporary folders (no system service is used).
# Idempotent and non-interactive; apt runs only when something is missing.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
sudo_cmd=()
if [ "$(id -u)" -ne 0 ]; then sudo_cmd=(sudo); fi

packages=(libwebsockets-dev libsqlite3-dev libssl-dev libjemalloc-dev libcurl4-openssl-dev pkg-config tmux)
with_nchan=""
case "${1:-}" in --with-test-tools | --with-nchan) with_nchan=1 ;; esac
if [ -n "$with_nchan" ]; then packages+=(nginx libnginx-mod-nchan); fi
if [ "${1:-}" = "--with-test-tools" ]; then packages+=(postgresql); fi
# The web client's rule tests run on Node's own test runner (`node --test`, no npm).
if [ -n "$with_nchan" ] && ! command -v node >/dev/null; then packages+=(nodejs); fi
missing=()
for package in "${packages[@]}"; do
    # Installed, not merely known (a removed package keeps its configuration: "rc").
    [ "$(dpkg-query -W -f='${Status}' "$package" 2>/dev/null)" = "install ok installed" ] || missing+=("$package")
done
if [ "${#missing[@]}" -gt 0 ]; then
    export DEBIAN_FRONTEND=noninteractive
    # Installing nginx (or PostgreSQL) would start it as a service; the tools and tests start
    # their own on 127.0.0.1 only. A policy-rc.d that refuses (exit 101) stops apt from
    # starting it, and is removed again unless one was already there.
    policy=/usr/sbin/policy-rc.d
    if [ -n "$with_nchan" ] && ! [ -e "$policy" ]; then
        printf '#!/bin/sh\nexit 101\n' | "${sudo_cmd[@]}" tee "$policy" >/dev/null
        "${sudo_cmd[@]}" chmod +x "$policy"
        trap '"${sudo_cmd[@]}" rm -f "$policy"' EXIT
    fi
    "${sudo_cmd[@]}" apt-get update -q
    "${sudo_cmd[@]}" apt-get install -y -q --no-install-recommends "${missing[@]}" </dev/null
fi

if [ "${1:-}" = "--with-test-tools" ]; then
    python3 -m pip install --disable-pip-version-check -q -r "$here/../Tests/python/requirements.txt"
fi

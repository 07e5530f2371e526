"""Login and signup limits that hold across servers, and the client address behind a proxy.

Failures and signups are counted in the store, so two real `checkwire serve` processes on one
real PostgreSQL (postgres_server.py) enforce one limit: failures on A slow the same guesser
on B. `--trusted-proxy` makes a server take the client's address from `X-Forwarded-For`, but
only when the TCP peer is a trusted proxy: from anyone else the header is ignored.

    CHECKWIRE_BIN=.build/debug/checkwire python3 -m pytest -q Tests/python/test_attempt_limits.py
"""

import asyncio
import os
import subprocess

from websockets.asyncio.client import connect

from postgres_server import postgres_server, postgres_url  # noqa: F401  (fixtures used by name)
from test_postgres_serve import start, stop
from test_protocol_flow import DEFAULT_BIN, STEP_TIMEOUT, Client

# Failures for one username from one address before delays start (LoginThrottle).
FREE_ACCOUNT_FAILURES = 5


async def _open(url, name, forwarded_for=None):
    headers = {"X-Forwarded-For": forwarded_for} if forwarded_for else None
    ws = await asyncio.wait_for(
        connect(url, subprotocols=["checkwire.v1"], proxy=None, compression=None, open_timeout=STEP_TIMEOUT,
                additional_headers=headers),
        STEP_TIMEOUT,
    )
    return Client(ws, name)


async def _login(url, username, password, forwarded_for=None):
    client = await _open(url, username, forwarded_for)
    try:
        return await client.request({"type": "login", "username": username, "password": password})
    finally:
        await client.ws.close()


async def _signup(url, username, forwarded_for=None):
    client = await _open(url, username, forwarded_for)
    try:
        return await client.request({"type": "signup", "username": username, "password": f"{username}-secret-1"})
    finally:
        await client.ws.close()


def test_failures_and_signups_on_one_node_count_on_the_other(postgres_url, tmp_path):
    a, port_a = start(postgres_url, tmp_path, "a", ["--max-signups-per-hour", "3"])
    b, port_b = start(postgres_url, tmp_path, "b", ["--max-signups-per-hour", "3"])
    try:
        asyncio.run(asyncio.wait_for(
            _across_nodes(f"ws://127.0.0.1:{port_a}/ws", f"ws://127.0.0.1:{port_b}/ws"), 120))
    finally:
        stop(a)
        stop(b)


async def _across_nodes(url_a, url_b):
    assert (await _signup(url_a, "ana"))["type"] == "authed"
    for _ in range(FREE_ACCOUNT_FAILURES - 1):
        assert (await _login(url_a, "ana", "wrong guess"))["code"] == "unauthorized"
    assert (await _login(url_b, "ana", "wrong guess"))["code"] == "unauthorized", "B counts into A's count"
    for url in (url_a, url_b):
        refused = await _login(url, "ana", "ana-secret-1")
        assert refused["code"] == "rateLimited", refused
        assert "try again in" in refused["message"]

    assert (await _signup(url_b, "bo"))["type"] == "authed"
    assert (await _signup(url_a, "cy"))["type"] == "authed"
    refused = await _signup(url_b, "di")
    assert refused["code"] == "rateLimited" and "new accounts" in refused["message"], refused


def test_x_forwarded_for_names_the_client_only_behind_a_trusted_proxy(tmp_path):
    database = str(tmp_path / "trusted.sqlite")
    node, port = start(database, tmp_path, "trusted", ["--trusted-proxy", "10.0.0.0/8",
                                                       "--trusted-proxy", "127.0.0.0/8"])
    try:
        asyncio.run(asyncio.wait_for(_behind_a_trusted_proxy(f"ws://127.0.0.1:{port}/ws"), 60))
    finally:
        stop(node)


async def _behind_a_trusted_proxy(url):
    assert (await _signup(url, "ana"))["type"] == "authed"
    # The rightmost entry that is not a trusted proxy is the client; what it wrote to the
    # left of it (a forged 192.0.2.50) proves nothing.
    for i in range(FREE_ACCOUNT_FAILURES):
        chain = f"192.0.2.{50 + i}, 203.0.113.9, 10.1.2.3"
        assert (await _login(url, "ana", "wrong guess", chain))["code"] == "unauthorized"
    refused = await _login(url, "ana", "ana-secret-1", "203.0.113.9")
    assert refused["code"] == "rateLimited", "the guesser is one client behind the proxy"
    welcome = await _login(url, "ana", "ana-secret-1", "198.51.100.7")
    assert welcome["type"] == "authed", "another client behind the same proxy is not slowed"


def test_x_forwarded_for_from_an_untrusted_peer_is_ignored(tmp_path):
    database = str(tmp_path / "untrusted.sqlite")
    node, port = start(database, tmp_path, "untrusted", ["--trusted-proxy", "10.0.0.0/8"])
    try:
        asyncio.run(asyncio.wait_for(_spoofing(f"ws://127.0.0.1:{port}/ws"), 60))
    finally:
        stop(node)


async def _spoofing(url):
    assert (await _signup(url, "ana"))["type"] == "authed"
    for i in range(FREE_ACCOUNT_FAILURES):
        assert (await _login(url, "ana", "wrong guess", f"198.51.100.{i}"))["code"] == "unauthorized"
    refused = await _login(url, "ana", "ana-secret-1", "198.51.100.200")
    assert refused["code"] == "rateLimited", "a new X-Forwarded-For each time does not make a new client"


def test_a_bad_trusted_proxy_range_exits_before_listening(tmp_path):
    binary = os.environ.get("CHECKWIRE_BIN", DEFAULT_BIN)
    database = str(tmp_path / "never.sqlite")
    for args, env in (
        (["--trusted-proxy", "10.0.0/8"], {}),
        (["--trusted-proxy", "10.0.0.0/33"], {}),
        ([], {"CHECKWIRE_TRUSTED_PROXY": "127.0.0.1, fd00::/200"}),
    ):
        result = subprocess.run(
            [binary, "serve", "--port", "0", "--database", database, *args],
            capture_output=True, text=True, timeout=30, env={**os.environ, **env}, cwd=tmp_path)
        assert result.returncode != 0, (args, env)
        assert "is not an address range" in result.stderr, result.stderr
        assert "10.0.0.0/8" in result.stderr, "the message shows how to write one"
    assert not os.path.exists(database), "nothing was opened"

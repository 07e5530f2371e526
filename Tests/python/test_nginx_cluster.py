"""The docker-compose `postgres` profile's nginx configuration (deploy/nginx-cluster.conf.template),
run for real: nginx (Debian's package) in a temporary folder on a free 127.0.0.1 port, in
front of two real `checkwire serve` processes on one real PostgreSQL (postgres_server.py).
A WebSocket session works through it (upgrade, a login, an edit delivered to a subscriber on
another connection, which least_conn sends to the other server), and /healthz answers.

    CHECKWIRE_BIN=.build/debug/checkwire python3 -m pytest -q Tests/python/test_nginx_cluster.py
"""

import asyncio
import os
import pathlib
import socket
import subprocess
import time
import urllib.request

import pytest

from postgres_server import postgres_server, postgres_url  # noqa: F401  (fixtures used by name)
from test_postgres_serve import start, stop
from test_protocol_flow import Client, assert_ack

NGINX = "/usr/sbin/nginx"
TEMPLATE = pathlib.Path(__file__).resolve().parents[2] / "deploy" / "nginx-cluster.conf.template"


def _free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _accepts(port):
    try:
        with socket.create_connection(("127.0.0.1", port), timeout=0.5):
            return True
    except OSError:
        return False


def _start_nginx(folder, nodes):
    """nginx with the template filled in as the official image does, in `folder`; returns (process, port)."""
    if not os.access(NGINX, os.X_OK):
        pytest.fail("nginx is not installed: run `scripts/install-deps.sh --with-test-tools` (or `apt-get install nginx`)")
    for sub in ("logs", "tmp", "conf.d"):
        (folder / sub).mkdir(parents=True, exist_ok=True)
    port = _free_port()
    site = TEMPLATE.read_text()
    site = site.replace("${CHECKWIRE_NODES}", " ".join(f"server 127.0.0.1:{p};" for p in nodes))
    site = site.replace("${NGINX_PORT}", f"127.0.0.1:{port}")
    assert "${" not in site, "the template names only the variables this test fills in"
    (folder / "conf.d" / "checkwire.conf").write_text(site)
    (folder / "nginx.conf").write_text(f"""
worker_processes 1;
pid {folder}/nginx.pid;
error_log {folder}/logs/error.log warn;
events {{ worker_connections 256; }}
http {{
    access_log off;
    client_body_temp_path {folder}/tmp/body;
    proxy_temp_path {folder}/tmp/proxy;
    fastcgi_temp_path {folder}/tmp/fastcgi;
    uwsgi_temp_path {folder}/tmp/uwsgi;
    scgi_temp_path {folder}/tmp/scgi;
    include {folder}/conf.d/*.conf;
}}
""")
    process = subprocess.Popen([NGINX, "-p", str(folder), "-c", str(folder / "nginx.conf"), "-g", "daemon off;"],
                               stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    deadline = time.monotonic() + 15
    while time.monotonic() < deadline:
        if process.poll() is not None:
            log = (folder / "logs" / "error.log").read_text() if (folder / "logs" / "error.log").exists() else ""
            pytest.fail(f"nginx exited ({process.returncode}): {process.stderr.read().decode()} {log}")
        if _accepts(port):
            return process, port
        time.sleep(0.05)
    process.terminate()
    pytest.fail(f"nginx did not accept connections on 127.0.0.1:{port}")


def test_a_websocket_session_and_healthz_through_nginx_in_front_of_two_servers(postgres_url, tmp_path):
    a, port_a = start(postgres_url, tmp_path, "a", ["--trusted-proxy", "127.0.0.1"])
    b, port_b = start(postgres_url, tmp_path, "b", ["--trusted-proxy", "127.0.0.1"])
    nginx = None
    try:
        nginx, port = _start_nginx(tmp_path / "nginx", [port_a, port_b])
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/healthz", timeout=10) as response:
            assert response.status == 200
            assert response.read().decode().startswith("ok\nversion "), "a server answered, through nginx"
        asyncio.run(asyncio.wait_for(_session(f"ws://127.0.0.1:{port}/ws"), 60))
    finally:
        if nginx is not None:
            nginx.terminate()
            nginx.wait(timeout=10)
            nginx.stderr.close()
        stop(a)
        stop(b)


async def _session(url):
    writer = await Client.open(url, "writer")
    signed = await writer.request({"type": "signup", "username": "nia", "password": "nia-secret-1"})
    assert signed["type"] == "authed", signed
    created = await writer.op("create", "createList", title="Groceries")
    list_id = created["list"]
    assert_ack(created, "create", list_id, 1)

    reader = await Client.open(url, "reader")
    assert (await reader.request({"type": "auth", "token": signed["token"]}))["type"] == "authed"
    subscribed = await reader.request({"type": "subscribe", "list": list_id, "since": 1})
    assert subscribed["type"] == "subscribed" and subscribed["seq"] == 1, subscribed
    assert_ack(await writer.op("milk", "addItem", list=list_id, title="Milk"), "milk", list_id, 2)
    event = await reader.next()
    assert event["type"] == "event" and event["seq"] == 2 and event["opId"] == "milk", event
    await writer.close()
    await reader.close()

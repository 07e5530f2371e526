"""A server bound to 127.0.0.1 answers only requests that name it: a DNS-rebinding page (a
Host the attacker controls) gets 421 for HTTP and for the WebSocket upgrade."""

import re
import socket

import pytest

from test_protocol_flow import server  # noqa: F401  (the fixture is used by name)


def status(url, host, upgrade=False):
    port = int(re.search(r":(\d+)/", url).group(1))
    extra = ("Upgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n"
             "Sec-WebSocket-Version: 13\r\nSec-WebSocket-Protocol: checkwire.v1\r\n") if upgrade else "Connection: close\r\n"
    path = "/ws" if upgrade else "/healthz"
    with socket.create_connection(("127.0.0.1", port), timeout=5) as s:
        s.sendall(f"GET {path} HTTP/1.1\r\nHost: {host}\r\n{extra}\r\n".encode())
        head = s.recv(4096).decode("latin-1")
    return int(head.split(" ")[1])


@pytest.mark.parametrize("upgrade", [False, True])
def test_a_foreign_host_gets_421(server, upgrade):  # noqa: F811
    assert status(server, "attacker.example:80", upgrade) == 421


@pytest.mark.parametrize("host", ["127.0.0.1", "localhost", "[::1]"])
def test_loopback_names_are_answered(server, host):  # noqa: F811
    port = re.search(r":(\d+)/", server).group(1)
    assert status(server, f"{host}:{port}") == 200
    assert status(server, f"{host}:{port}", upgrade=True) == 101

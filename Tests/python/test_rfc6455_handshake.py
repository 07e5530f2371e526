"""RFC 6455 §4.2 on the opening handshake, over a raw socket: a Sec-WebSocket-Version other
than 13 gets 426 naming 13, a malformed Sec-WebSocket-Key gets 400, a good one gets 101."""

import re
import socket

import pytest

from test_protocol_flow import server  # noqa: F401  (the fixture is used by name)

GOOD_KEY = "dGhlIHNhbXBsZSBub25jZQ=="


def handshake(url, version="13", key=GOOD_KEY, path="/ws"):
    port = int(re.search(r":(\d+)/", url).group(1))
    with socket.create_connection(("127.0.0.1", port), timeout=5) as s:
        s.sendall(
            f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
            f"Sec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: {version}\r\nSec-WebSocket-Protocol: checkwire.v1\r\n\r\n".encode()
        )
        head = b""
        while b"\r\n\r\n" not in head:
            chunk = s.recv(4096)
            if not chunk:
                break
            head += chunk
    lines = head.decode("latin-1").split("\r\n")
    status = int(lines[0].split(" ")[1])
    headers = {line.split(":", 1)[0].lower(): line.split(":", 1)[1].strip() for line in lines[1:] if ":" in line}
    return status, headers


def test_a_good_handshake_switches_protocols(server):  # noqa: F811
    assert handshake(server)[0] == 101


@pytest.mark.parametrize("version", ["8", "12", "14", "99", ""])
def test_another_version_gets_426_naming_13(server, version):  # noqa: F811
    status, headers = handshake(server, version=version)
    assert status == 426
    assert headers.get("sec-websocket-version") == "13"


@pytest.mark.parametrize("key", ["short", "!!!!!!!!!!!!!!!!!!!!!!==", "dGhlIHNhbXBsZSBub25jZQ", "dGhlIHNhbXBsZSBub25jZQ==AA", ""])
def test_a_malformed_key_gets_400(server, key):  # noqa: F811
    assert handshake(server, key=key)[0] == 400


def test_the_autobahn_echo_endpoint_is_absent_on_a_normal_start(server):  # noqa: F811
    assert handshake(server, path="/autobahn")[0] == 404

"""A pong goes out before a reply to a message that the ping interrupted (Autobahn 5.6,
5.19, 5.20), against the test-only echo endpoint (`serve --autobahn-echo PORT`).

libwebsockets answers pings itself, at the connection's next POLLOUT; a reply written in
the same turn as `fragment, PING, fragment` used to overtake that pong."""

import os
import signal
import socket
import subprocess
import time

import pytest

from test_protocol_flow import DEFAULT_BIN, _read_port


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.fixture
def echo_port(tmp_path):
    binary = os.environ.get("CHECKWIRE_BIN", DEFAULT_BIN)
    port = free_port()
    stderr_path = tmp_path / "server.stderr"
    with open(stderr_path, "wb") as stderr:
        process = subprocess.Popen(
            [binary, "serve", "--host", "127.0.0.1", "--port", "0", "--database", str(tmp_path / "db.sqlite"),
             "--fast-password-hashing", "--log-level", "warning", "--autobahn-echo", str(port)],
            stdout=subprocess.PIPE, stderr=stderr, cwd=tmp_path)
    try:
        _read_port(process, stderr_path)
        yield port
    finally:
        process.send_signal(signal.SIGTERM)
        process.wait(timeout=15)
        process.stdout.close()


def connect(port):
    deadline = time.monotonic() + 10
    while True:
        try:
            s = socket.create_connection(("127.0.0.1", port), timeout=5)
            break
        except ConnectionRefusedError:
            if time.monotonic() > deadline:
                raise
            time.sleep(0.1)
    s.sendall(
        f"GET /autobahn HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
        f"Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n"
        f"Sec-WebSocket-Protocol: checkwire.echo\r\n\r\n".encode())
    head = b""
    while b"\r\n\r\n" not in head:
        head += s.recv(4096)
    assert head.startswith(b"HTTP/1.1 101"), head
    return s, head.split(b"\r\n\r\n", 1)[1]


def masked_frame(opcode, payload, fin=True):
    mask = os.urandom(4)
    body = bytes(b ^ mask[i % 4] for i, b in enumerate(payload))
    return bytes([(0x80 if fin else 0) | opcode, 0x80 | len(payload)]) + mask + body


def read_frames(s, data, count):
    """The first `count` (opcode, payload) frames the server sends (short payloads only)."""
    frames = []
    while len(frames) < count:
        if len(data) >= 2 and len(data) >= 2 + (data[1] & 0x7F):
            length = data[1] & 0x7F
            frames.append((data[0] & 0x0F, data[2:2 + length]))
            data = data[2 + length:]
            continue
        chunk = s.recv(4096)
        assert chunk, f"closed after {frames}"
        data += chunk
    return frames


@pytest.mark.parametrize("repeat", range(5))
def test_a_pong_precedes_the_echo_of_the_message_the_ping_interrupted(echo_port, repeat):
    s, rest = connect(echo_port)
    with s:
        s.sendall(masked_frame(0x1, b"frag1", fin=False) + masked_frame(0x9, b"ping!")
                  + masked_frame(0x0, b"frag2"))
        assert read_frames(s, rest, 2) == [(0xA, b"ping!"), (0x1, b"frag1frag2")]

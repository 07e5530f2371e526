"""RFC 6455 §7.4 over a raw socket: a Close frame with a code no endpoint may send is answered
with 1002, a reason that is not UTF-8 fails the connection, a valid one is echoed; a one-byte Close
payload fails the connection."""

import os
import re
import socket
import struct

import pytest

from test_protocol_flow import server  # noqa: F401  (the fixture is used by name)


def connect(url):
    port = int(re.search(r":(\d+)/", url).group(1))
    s = socket.create_connection(("127.0.0.1", port), timeout=5)
    s.sendall(
        f"GET /ws HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
        f"Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n"
        f"Sec-WebSocket-Protocol: checkwire.v1\r\n\r\n".encode()
    )
    head = b""
    while b"\r\n\r\n" not in head:
        head += s.recv(4096)
    assert head.startswith(b"HTTP/1.1 101"), head
    return s


def masked_close(payload):
    mask = os.urandom(4)
    body = bytes(b ^ mask[i % 4] for i, b in enumerate(payload))
    return bytes([0x88, 0x80 | len(payload)]) + mask + body


def read_close(s):
    """The code of the server's Close frame, or None if it closed without one."""
    data = b""
    try:
        while len(data) < 2 or len(data) < 2 + (data[1] & 0x7F):
            chunk = s.recv(4096)
            if not chunk:
                break
            data += chunk
    except (ConnectionResetError, socket.timeout):
        pass
    if len(data) < 2:
        return None
    assert data[0] == 0x88, data
    length = data[1] & 0x7F
    return struct.unpack("!H", data[2:4])[0] if length >= 2 else 1005


@pytest.mark.parametrize("code", [0, 999, 1004, 1005, 1006, 1015, 1016, 1100, 2000, 2999])
def test_a_code_no_endpoint_may_send_gets_1002(server, code):  # noqa: F811
    s = connect(server)
    s.sendall(masked_close(struct.pack("!H", code)))
    assert read_close(s) == 1002


@pytest.mark.parametrize("code", [1000, 1001, 1003, 1007, 1011, 3000, 4999])
def test_a_valid_code_is_echoed(server, code):  # noqa: F811
    s = connect(server)
    s.sendall(masked_close(struct.pack("!H", code) + b"bye"))
    assert read_close(s) == code


def test_a_reason_that_is_not_utf8_fails_the_connection(server):  # noqa: F811
    """Never echoed: lws drops the connection itself (validating UTF-8), or we answer 1007."""
    s = connect(server)
    s.sendall(masked_close(struct.pack("!H", 1000) + b"\xce\xba\xe1\xbd\xb9\xcf\x83\xce\xbc\xce\xb5\xed\xa0\x80"))
    assert read_close(s) in (None, 1007)


def test_a_one_byte_close_payload_fails_the_connection(server):  # noqa: F811
    s = connect(server)
    s.sendall(masked_close(b"\x03"))
    assert read_close(s) in (None, 1002)


def masked_frame(opcode, payload):
    mask = os.urandom(4)
    body = bytes(b ^ mask[i % 4] for i, b in enumerate(payload))
    return bytes([0x80 | opcode, 0x80 | len(payload)]) + mask + body


def test_invalid_utf8_followed_by_pipelined_frames_closes_with_1007(server):  # noqa: F811
    """The reliability issue saw 1006 here (the frames after the bad one in the same write):
    RFC 6455 §8.1 wants 1007, and nothing after the bad message is answered."""
    s = connect(server)
    s.sendall(masked_frame(0x1, b"\xff\xfe") + masked_frame(0x1, b'{"type":"lists"}') + masked_frame(0x9, b"ping"))
    assert read_close(s) == 1007

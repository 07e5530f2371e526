"""HTTP edges of the listener (issue #19, item 5), over raw sockets.

A header block over the documented limit (8 KiB) gets 431 with `Connection: close`, for a
plain GET and for a WebSocket upgrade; one just under it is served. A WebSocket upgrade
that carries browser fetch metadata (`Sec-Fetch-*`) but hides its origin (no `Origin`, an
empty one, `null`) gets 403; a non-browser client without `Origin` is still upgraded."""

import re
import socket

import pytest

from test_protocol_flow import server  # noqa: F401  (the fixture is used by name)

UPGRADE = ("Upgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n"
           "Sec-WebSocket-Version: 13\r\nSec-WebSocket-Protocol: checkwire.v1\r\n")


def exchange(url, extra_headers, upgrade):
    """Sends one request; returns (status or None when closed unanswered, headers)."""
    port = int(re.search(r":(\d+)/", url).group(1))
    path = "/ws" if upgrade else "/healthz"
    head = b""
    with socket.create_connection(("127.0.0.1", port), timeout=5) as s:
        request = f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n{UPGRADE if upgrade else ''}{extra_headers}\r\n"
        try:
            s.sendall(request.encode())
            while b"\r\n\r\n" not in head:
                chunk = s.recv(4096)
                if not chunk:
                    break
                head += chunk
        except (ConnectionResetError, BrokenPipeError):
            pass
    if not head:
        return None, {}
    lines = head.decode("latin-1").split("\r\n")
    headers = {line.split(":", 1)[0].lower(): line.split(":", 1)[1].strip() for line in lines[1:] if ":" in line}
    return int(lines[0].split(" ")[1]), headers


BIG_BLOCKS = {
    "one large known header": "Cookie: " + "a" * 9000 + "\r\n",
    "one header far over lws's buffer": "Cookie: " + "a" * 40000 + "\r\n",
    "a long URL-like Referer": "Referer: http://x/" + "r" * 12000 + "\r\n",
    "several headers together": "".join(f"{name}: {'b' * 3000}\r\n" for name in ("Cookie", "User-Agent", "Referer")),
}


@pytest.mark.parametrize("upgrade", [False, True], ids=["GET", "upgrade"])
@pytest.mark.parametrize("block", list(BIG_BLOCKS), ids=list(BIG_BLOCKS))
def test_a_header_block_over_the_limit_gets_431(server, block, upgrade):  # noqa: F811
    status, headers = exchange(server, BIG_BLOCKS[block], upgrade)
    assert status == 431
    assert headers.get("connection", "").lower() == "close"


@pytest.mark.parametrize("upgrade", [False, True], ids=["GET", "upgrade"])
def test_a_header_block_under_the_limit_is_served(server, upgrade):  # noqa: F811
    status, _ = exchange(server, "Cookie: " + "a" * 7000 + "\r\n", upgrade)
    assert status == (101 if upgrade else 200)


def test_an_unknown_header_over_lws_buffer_is_closed_unanswered(server):  # noqa: F811
    """The documented gap (docs/protocol.md §15): lws 4.1.6 caps only headers it knows and
    closes a connection whose block overflows its 16 KiB buffer without a callback."""
    status, _ = exchange(server, "X-Unknown: " + "u" * 20000 + "\r\n", upgrade=False)
    assert status is None


FETCH_METADATA = "Sec-Fetch-Mode: websocket\r\nSec-Fetch-Site: cross-site\r\nSec-Fetch-Dest: websocket\r\n"


@pytest.mark.parametrize("origin", [None, "", "null"], ids=["absent", "empty", "null"])
@pytest.mark.parametrize("metadata", [FETCH_METADATA, "Sec-Fetch-Mode: websocket\r\n", "sec-fetch-site: none\r\n"],
                         ids=["all", "mode", "site-lowercase"])
def test_a_browser_upgrade_that_hides_its_origin_gets_403(server, origin, metadata):  # noqa: F811
    extra = metadata + ("" if origin is None else f"Origin: {origin}\r\n")
    assert exchange(server, extra, upgrade=True)[0] == 403


def test_a_browser_upgrade_from_the_servers_own_page_is_accepted(server):  # noqa: F811
    port = re.search(r":(\d+)/", server).group(1)
    extra = FETCH_METADATA.replace("cross-site", "same-origin") + f"Origin: http://127.0.0.1:{port}\r\n"
    assert exchange(server, extra, upgrade=True)[0] == 101


def test_a_non_browser_client_without_origin_is_accepted(server):  # noqa: F811
    assert exchange(server, "", upgrade=True)[0] == 101

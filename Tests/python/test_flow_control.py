"""Flow control: a writer that outpaces the only subscriber of its checklist is slowed, and
the subscriber is not dropped.

The subscriber is a raw socket with a small receive buffer that stops reading for a while,
as a slow reader would. Before flow control, the writer's 1,500 events (about 13 MB) filled
the server's queue for it past the slow-consumer bound (4 MiB) and it was closed with 4008.
Now the server stops reading from the writer while the subscriber is behind, and the
subscriber gets every event, in order, once it reads again.
"""

import asyncio
import json
import os
import socket
import struct
import time
import urllib.request

from test_protocol_flow import Client, server  # noqa: F401 (the fixture)

EDITS = 1_500
NOTES = "n" * 8_000  # each event about 8.6 KB: 1,500 of them are about 13 MB
WINDOW = 200  # edits in flight at once, as a pipelining client sends them
NOT_READING = 1.5  # seconds the subscriber leaves its socket alone (stalled only after 5 s)
TIME_LIMIT = 90.0


def test_a_writer_waits_for_a_slow_subscriber_instead_of_dropping_it(server):  # noqa: F811
    asyncio.run(asyncio.wait_for(_run(server), TIME_LIMIT))


async def _writer_and_subscriber(url, username):
    """A writer signed up as `username` with a new list, and a raw subscriber of that list
    on another connection (same user), subscribed and with nothing read since."""
    writer = await Client.open(url, "writer")
    authed = await writer.request({"type": "signup", "username": username, "password": f"{username}-secret-1"})
    list_id = (await writer.op("create", "createList", title="Import"))["list"]
    port = int(url.split(":")[2].split("/")[0])
    subscriber = RawSubscriber(port)
    subscriber.send_json({"type": "auth", "token": authed["token"]})
    subscriber.send_json({"type": "subscribe", "list": list_id})
    while not any(m.get("type") == "subscribed" for m in subscriber.messages):
        subscriber.read_some(timeout=10)
    subscriber.messages.clear()
    return writer, list_id, port, subscriber


async def _run(url):
    writer, list_id, port, subscriber = await _writer_and_subscriber(url, "ana")

    started = time.monotonic()
    acked = await asyncio.gather(_write(writer, list_id), _read_later(subscriber))
    acks = acked[0]
    assert acks == EDITS, f"{acks} of {EDITS} edits acknowledged"
    elapsed = time.monotonic() - started

    while len(subscriber.messages) < EDITS and not subscriber.closed:
        subscriber.read_some(timeout=10)
    assert not subscriber.closed, f"the subscriber was closed: {subscriber.close_code} after {elapsed:.1f} s"
    seqs = [m["seq"] for m in subscriber.messages if m.get("type") == "event"]
    assert seqs == list(range(2, EDITS + 2)), "every event once, in order"

    metrics = urllib.request.urlopen(f"http://127.0.0.1:{port}/metrics", timeout=10).read().decode()
    pauses = next(int(float(line.split()[1])) for line in metrics.splitlines()
                  if line.startswith("checkwire_writer_pauses_total "))
    assert pauses >= 1, "the writer was never paused"
    await writer.close()
    subscriber.sock.close()


def test_a_subscriber_that_stopped_reading_does_not_hold_the_writer(server):  # noqa: F811
    asyncio.run(asyncio.wait_for(_run_stalled(server), TIME_LIMIT))


async def _run_stalled(url):
    """The subscriber never reads again: after 5 s without taking a byte it no longer
    counts as behind, the writer goes on, and the slow-consumer bound closes it (4008).

    The close frame waits behind what the kernel already holds for the subscriber, and the
    server drops a peer that has not taken its close frame within 5 s (docs/protocol.md).
    This test reads only once the writer is done, which on a loaded machine can be more than
    5 s after the close: then the socket ends without a close frame. Either way it was
    dropped, not caught up."""
    writer, list_id, _, subscriber = await _writer_and_subscriber(url, "bo")

    started = time.monotonic()
    assert await _write(writer, list_id) == EDITS
    assert time.monotonic() - started >= 4, "the writer was not held at all while the subscriber was behind"

    deadline = time.monotonic() + 30
    while not subscriber.closed and time.monotonic() < deadline:
        subscriber.read_some(timeout=10)
    assert subscriber.closed, "the stalled subscriber was never closed"
    assert subscriber.close_code in (4008, None), f"closed with {subscriber.close_code}"
    events = sum(1 for m in subscriber.messages if m.get("type") == "event")
    assert events < EDITS, "it was closed, not caught up"
    await writer.close()
    subscriber.sock.close()


async def _write(writer, list_id):
    """Sends EDITS addItem ops with at most WINDOW unacknowledged; returns the acks."""
    in_flight = asyncio.Semaphore(WINDOW)
    acks = 0

    async def receive():
        nonlocal acks
        while acks < EDITS:
            raw = await asyncio.wait_for(writer.ws.recv(), 30)
            message = json.loads(raw)
            assert message["type"] == "ack", message
            acks += 1
            in_flight.release()

    receiver = asyncio.create_task(receive())
    for index in range(EDITS):
        await in_flight.acquire()
        await writer.send({"type": "op", "opId": f"import-{index}", "op": "addItem", "list": list_id,
                           "title": f"imported item {index}", "notes": NOTES})
    await receiver
    return acks


async def _read_later(subscriber):
    """Leaves the socket alone for NOT_READING seconds, then reads whatever arrives until
    the writer is done (run in a thread: the socket is blocking)."""
    await asyncio.sleep(NOT_READING)
    deadline = time.monotonic() + TIME_LIMIT - 10
    await asyncio.to_thread(subscriber.read_until, EDITS, deadline)


class RawSubscriber:
    """A WebSocket client on a plain socket, so the test decides when it reads."""

    def __init__(self, port):
        self.sock = socket.socket()
        # Small, so the kernel holds little for us and the server sees the backlog.
        self.sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 32 * 1024)
        self.sock.connect(("127.0.0.1", port))
        self.sock.sendall(
            f"GET /ws HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
            f"Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n"
            f"Sec-WebSocket-Protocol: checkwire.v1\r\n\r\n".encode())
        head = b""
        while b"\r\n\r\n" not in head:
            head += self.sock.recv(4096)
        assert head.startswith(b"HTTP/1.1 101"), head
        self.buffer = head.split(b"\r\n\r\n", 1)[1]
        self.messages = []
        self.closed = False
        self.close_code = None

    def send_json(self, message):
        payload = json.dumps(message).encode()
        mask = os.urandom(4)
        header = bytes([0x81]) + (bytes([0x80 | len(payload)]) if len(payload) < 126
                                  else bytes([0x80 | 126]) + struct.pack(">H", len(payload)))
        self.sock.sendall(header + mask + bytes(b ^ mask[i % 4] for i, b in enumerate(payload)))

    def read_until(self, count, deadline):
        while len(self.messages) < count and not self.closed and time.monotonic() < deadline:
            self.read_some(timeout=max(0.1, deadline - time.monotonic()))

    def read_some(self, timeout):
        self.sock.settimeout(timeout)
        chunk = self.sock.recv(1 << 16)
        if not chunk:
            self.closed = True
            return
        self.buffer += chunk
        self._parse()

    def _parse(self):
        while len(self.buffer) >= 2:
            opcode, length, offset = self.buffer[0] & 0x0F, self.buffer[1] & 0x7F, 2
            if length == 126:
                if len(self.buffer) < 4:
                    return
                length, offset = struct.unpack(">H", self.buffer[2:4])[0], 4
            elif length == 127:
                if len(self.buffer) < 10:
                    return
                length, offset = struct.unpack(">Q", self.buffer[2:10])[0], 10
            if len(self.buffer) < offset + length:
                return
            payload, self.buffer = self.buffer[offset:offset + length], self.buffer[offset + length:]
            if opcode == 0x1:
                self.messages.append(json.loads(payload))
            elif opcode == 0x8:
                self.closed = True
                self.close_code = struct.unpack(">H", payload[:2])[0] if len(payload) >= 2 else None
                return

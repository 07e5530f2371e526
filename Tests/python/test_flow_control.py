"""Flow control: a subscriber that reads, however slowly, is never dropped and sees every
event once, in order; a writer that outpaces most of a checklist's readers is slowed; only a
subscriber that stopped reading is closed (4008).

The subscribers here are raw sockets with a small receive buffer, so the test decides when and
how fast they read. No assertion depends on how fast this machine is: each phase waits for a
state the server reports (`/metrics`), not for a time, so the tests hold with a debug or a
release build, on an idle machine or beside a CPU hog.
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
NOTES = "n" * 8_000  # each event about 8.6 KB: 1,500 of them are about 13 MB, past every bound
WINDOW = 200  # edits in flight at once, as a pipelining client sends them
SLOW_READ = 16 * 1024  # what a slow reader takes at a time …
SLOW_PAUSE = 0.1  # … every so often: about 160 KB/s, far below what a writer sends
TIME_LIMIT = 240.0  # a hung server fails the test instead of hanging it


def test_a_writer_waits_for_a_slow_subscriber_instead_of_dropping_it(server):  # noqa: F811
    """The only subscriber reads slowly: the writer is paused (it outpaces the reader), the
    subscriber is never closed, and it gets every event once, in order."""
    asyncio.run(asyncio.wait_for(_run_slow_only_subscriber(server), TIME_LIMIT))


async def _run_slow_only_subscriber(url):
    writer, list_id, port, subscriber = await _writer_and_subscriber(url, "ana")
    writing = asyncio.create_task(_write(writer, list_id))
    # Slowly, until the server says it paused the writer; then at full speed.
    await asyncio.to_thread(subscriber.read_slowly_until, lambda: _metric(port, "writer_pauses") >= 1, writing)
    reading = asyncio.to_thread(subscriber.read_until, EDITS, time.monotonic() + TIME_LIMIT / 2)
    acks, _ = await asyncio.gather(writing, reading)
    assert acks == EDITS
    assert not subscriber.closed, f"the subscriber was closed: {subscriber.close_code}"
    assert subscriber.event_seqs() == list(range(2, EDITS + 2)), "every event once, in order"
    assert _metric(port, "writer_pauses") >= 1, "the writer was never paused"
    await writer.close()
    subscriber.sock.close()


def test_a_slow_reader_among_fast_ones_catches_up_from_the_log(server):  # noqa: F811
    """One slow reader of three does not slow the writer (no majority behind); when it has
    no room for live events it is sent them from the log once it drained: never closed,
    every event once, in order — as the two fast readers get them."""
    asyncio.run(asyncio.wait_for(_run_slow_minority(server), TIME_LIMIT))


async def _run_slow_minority(url):
    writer, list_id, port, slow = await _writer_and_subscriber(url, "cy")
    fast = [await _subscribed_client(url, writer.token, list_id, f"fast-{i}") for i in range(2)]
    readers = [asyncio.create_task(_read_events(client, EDITS)) for client in fast]
    writing = asyncio.create_task(_write(writer, list_id))
    await asyncio.to_thread(slow.read_slowly_until, lambda: _metric(port, "live_catch_ups") >= 1, writing)
    reading = asyncio.to_thread(slow.read_until, EDITS, time.monotonic() + TIME_LIMIT / 2)
    acks, _ = await asyncio.gather(writing, reading)
    assert acks == EDITS
    assert not slow.closed, f"the slow reader was closed: {slow.close_code}"
    assert slow.event_seqs() == list(range(2, EDITS + 2)), "every event once, in order"
    for reader in readers:
        assert await reader == list(range(2, EDITS + 2))
    assert _metric(port, "live_catch_ups") >= 1, "the slow reader never had to catch up from the log"
    for client in [writer, *fast]:
        await client.close()
    slow.sock.close()


def test_a_subscriber_that_stopped_reading_does_not_hold_the_writer(server):  # noqa: F811
    asyncio.run(asyncio.wait_for(_run_stalled(server), TIME_LIMIT))


async def _run_stalled(url):
    """The subscriber never reads again. While it counts as behind the writer is paused;
    once it has taken nothing for 5 s it stopped reading: it no longer holds the writer,
    and once it is past the bound it is closed with 4008.

    The close frame waits behind what the kernel already holds for the subscriber, and the
    server drops a peer that has not taken its close frame within 5 s (docs/protocol.md).
    This test reads only once the writer is done, which on a loaded machine can be more than
    5 s after the close: then the socket ends without a close frame. Either way it was
    dropped, not caught up."""
    writer, list_id, port, subscriber = await _writer_and_subscriber(url, "bo")

    assert await _write(writer, list_id) == EDITS
    assert _metric(port, "writer_pauses") >= 1, "the writer was not held at all while the subscriber was behind"

    deadline = time.monotonic() + 60
    while not subscriber.closed and time.monotonic() < deadline:
        subscriber.read_some(timeout=10)
    assert subscriber.closed, "the stalled subscriber was never closed"
    assert subscriber.close_code in (4008, None), f"closed with {subscriber.close_code}"
    assert len(subscriber.event_seqs()) < EDITS, "it was closed, not caught up"
    await writer.close()
    subscriber.sock.close()


async def _writer_and_subscriber(url, username):
    """A writer signed up as `username` with a new list, and a raw subscriber of that list
    on another connection (same user), subscribed and with nothing read since."""
    writer = await Client.open(url, "writer")
    authed = await writer.request({"type": "signup", "username": username, "password": f"{username}-secret-1"})
    writer.token = authed["token"]
    list_id = (await writer.op("create", "createList", title="Import"))["list"]
    port = int(url.split(":")[2].split("/")[0])
    subscriber = RawSubscriber(port)
    subscriber.send_json({"type": "auth", "token": writer.token})
    subscriber.send_json({"type": "subscribe", "list": list_id})
    while not any(m.get("type") == "subscribed" for m in subscriber.messages):
        subscriber.read_some(timeout=10)
    subscriber.messages.clear()
    return writer, list_id, port, subscriber


async def _subscribed_client(url, token, list_id, name):
    client = await Client.open(url, name)
    await client.request({"type": "auth", "token": token})
    reply = await client.request({"type": "subscribe", "list": list_id, "since": 1})
    assert reply["type"] == "subscribed", reply
    return client


async def _read_events(client, count):
    """The seqs of the next `count` events `client` receives (a fast reader)."""
    seqs = []
    while len(seqs) < count:
        message = json.loads(await asyncio.wait_for(client.ws.recv(), 60))
        if message.get("type") == "event":
            seqs.append(message["seq"])
    return seqs


def _metric(port, name):
    """A counter of the server's `/metrics` (`checkwire_NAME_total`)."""
    body = urllib.request.urlopen(f"http://127.0.0.1:{port}/metrics", timeout=10).read().decode()
    line = next(line for line in body.splitlines() if line.startswith(f"checkwire_{name}_total "))
    return int(float(line.split()[1]))


async def _write(writer, list_id):
    """Sends EDITS addItem ops with at most WINDOW unacknowledged; returns the acks."""
    in_flight = asyncio.Semaphore(WINDOW)
    acks = 0

    async def receive():
        nonlocal acks
        while acks < EDITS:
            raw = await asyncio.wait_for(writer.ws.recv(), 60)
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


class RawSubscriber:
    """A WebSocket client on a plain socket, so the test decides when and how fast it reads."""

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

    def event_seqs(self):
        return [m["seq"] for m in self.messages if m.get("type") == "event"]

    def read_slowly_until(self, done, writing):
        """Takes SLOW_READ bytes every SLOW_PAUSE seconds — reading, slowly — until `done()`
        (checked every few reads) or the writer finished, whichever comes first."""
        reads = 0
        while not self.closed and not writing.done():
            if reads % 5 == 0 and done():
                return
            self.read_some(timeout=10, limit=SLOW_READ)
            reads += 1
            time.sleep(SLOW_PAUSE)

    def read_until(self, count, deadline):
        while len(self.event_seqs()) < count and not self.closed and time.monotonic() < deadline:
            self.read_some(timeout=max(0.1, deadline - time.monotonic()))

    def read_some(self, timeout, limit=1 << 16):
        self.sock.settimeout(timeout)
        try:
            chunk = self.sock.recv(limit)
        except ConnectionResetError:
            chunk = b""
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

"""An independent client for the Checkwire wire protocol (docs/protocol.md), written
against the contract only: it speaks JSON over a WebSocket with the PyPI `websockets`
package and shares no code with the server.

It builds nothing. The server binary comes from CHECKWIRE_BIN (default
/work/main/.build/debug/checkwire); the fixture starts
`checkwire serve --port 0 --database <tmp> --fast-password-hashing`, reads the bound port
from the banner on stdout and stops the server with SIGTERM at the end (exit code 0).

    pip install -r Tests/python/requirements.txt
    CHECKWIRE_BIN=.build/debug/checkwire pytest Tests/python -q

Every wait is bounded with asyncio.wait_for, so a server that stops answering fails the
test instead of hanging it.
"""

import asyncio
import contextlib
import itertools
import json
import os
import re
import select
import signal
import subprocess
import time

import pytest
from websockets.asyncio.client import connect

DEFAULT_BIN = "/work/main/.build/debug/checkwire"
STEP_TIMEOUT = 10.0  # seconds for any single reply or event
START_TIMEOUT = 30.0  # seconds for the server to print its banner
QUIET_PERIOD = 0.5  # seconds during which "nothing more arrives" is checked

BANNER = re.compile(r"Checkwire listening on http://127\.0\.0\.1:(\d+)/")


# ---------------------------------------------------------------------------------------
# The server under test
# ---------------------------------------------------------------------------------------


@pytest.fixture
def server(tmp_path):
    """Starts `checkwire serve` on a free port; yields its WebSocket URL."""
    with running_server(tmp_path) as url:
        yield url


@contextlib.contextmanager
def running_server(tmp_path, *extra):
    """`checkwire serve` on a free port with its own database in `tmp_path`, and `extra`
    arguments; yields its WebSocket URL, and checks it stops cleanly on SIGTERM."""
    binary = os.environ.get("CHECKWIRE_BIN", DEFAULT_BIN)
    assert os.access(binary, os.X_OK), f"checkwire binary not found at {binary}; set CHECKWIRE_BIN"
    stderr_path = tmp_path / "server.stderr"
    with open(stderr_path, "wb") as stderr:
        process = subprocess.Popen(
            [
                binary, "serve",
                "--host", "127.0.0.1",
                "--port", "0",
                "--database", str(tmp_path / "db.sqlite"),
                "--fast-password-hashing",
                "--log-level", "warning",
                *extra,
            ],
            stdout=subprocess.PIPE,
            stderr=stderr,
            cwd=tmp_path,  # no ./Public here: the server serves no static files
        )
    try:
        port = _read_port(process, stderr_path)
        yield f"ws://127.0.0.1:{port}/ws"
    finally:
        if process.poll() is None:
            process.send_signal(signal.SIGTERM)
            try:
                code = process.wait(timeout=15)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait()
                pytest.fail("checkwire did not stop within 15 s of SIGTERM")
        else:
            code = process.returncode
        process.stdout.close()
    assert code == 0, f"checkwire exited with {code}; stderr:\n{stderr_path.read_text(errors='replace')}"


def _read_port(process, stderr_path):
    """Reads stdout until the banner names the port, within START_TIMEOUT."""
    deadline = time.monotonic() + START_TIMEOUT
    seen = b""
    fd = process.stdout.fileno()
    while time.monotonic() < deadline:
        if process.poll() is not None:
            break
        ready, _, _ = select.select([fd], [], [], 0.1)
        if not ready:
            continue
        chunk = os.read(fd, 4096)
        if not chunk:
            break
        seen += chunk
        match = BANNER.search(seen.decode(errors="replace"))
        if match:
            return int(match.group(1))
    process.kill()
    process.wait()
    pytest.fail(
        f"no banner from checkwire within {START_TIMEOUT} s; stdout: {seen!r}; "
        f"stderr: {stderr_path.read_text(errors='replace')}"
    )


# ---------------------------------------------------------------------------------------
# A minimal protocol client
# ---------------------------------------------------------------------------------------

_refs = itertools.count(1)


class Client:
    """One WebSocket connection. `request` sends with a fresh `ref` and returns the reply
    that echoes it; `next` returns the next message of any kind."""

    def __init__(self, ws, name):
        self.ws = ws
        self.name = name

    @classmethod
    async def open(cls, url, name):
        ws = await asyncio.wait_for(
            connect(url, subprotocols=["checkwire.v1"], proxy=None, compression=None, open_timeout=STEP_TIMEOUT),
            STEP_TIMEOUT,
        )
        assert ws.subprotocol == "checkwire.v1"
        return cls(ws, name)

    async def send(self, message):
        await asyncio.wait_for(self.ws.send(json.dumps(message)), STEP_TIMEOUT)

    async def next(self):
        raw = await asyncio.wait_for(self.ws.recv(), STEP_TIMEOUT)
        assert isinstance(raw, str), f"{self.name}: expected a text message, got {raw!r}"
        return json.loads(raw)

    async def request(self, message):
        ref = f"{self.name}-{next(_refs)}"
        await self.send({**message, "ref": ref})
        reply = await self.next()
        assert reply.get("ref") == ref, f"{self.name}: expected the reply to {ref}, got {reply}"
        return reply

    async def op(self, op_id, kind, **fields):
        return await self.request({"type": "op", "opId": op_id, "op": kind, **fields})

    async def expect_silence(self):
        """Asserts that nothing arrives for QUIET_PERIOD seconds."""
        try:
            message = await asyncio.wait_for(self.ws.recv(), QUIET_PERIOD)
        except asyncio.TimeoutError:
            return
        pytest.fail(f"{self.name}: expected nothing, got {message}")

    async def close(self):
        await asyncio.wait_for(self.ws.close(), STEP_TIMEOUT)


def assert_ack(reply, op_id, list_id, seq, created=None):
    assert reply["type"] == "ack", reply
    assert reply["opId"] == op_id
    assert reply["list"] == list_id
    assert reply["seq"] == seq
    if created is not None:
        assert reply["id"] == created


def completion(done, total):
    return {"done": done, "total": total, "percent": (100 * done) // total if total else 0}


def _unique_keys(pairs):
    keys = [key for key, _ in pairs]
    assert len(keys) == len(set(keys)), f"duplicate keys in {keys}"
    return dict(pairs)


def items_by_id(event):
    return {item["id"]: item for item in event["changes"]["items"]}


# ---------------------------------------------------------------------------------------
# The flow
# ---------------------------------------------------------------------------------------


def test_protocol_flow(server):
    asyncio.run(asyncio.wait_for(_flow(server), 120))


async def _flow(url):
    alice = await Client.open(url, "alice")
    bob = await Client.open(url, "bob")
    carol = await Client.open(url, "carol")
    dave = await Client.open(url, "dave")

    # --- Accounts: four users sign up; each gets a token and sees its username as written.
    tokens = {}
    for client, username in ((alice, "Alice"), (bob, "bob"), (carol, "carol"), (dave, "dave")):
        reply = await client.request({"type": "signup", "username": username, "password": f"{username}-secret-1"})
        assert reply["type"] == "authed", reply
        assert reply["user"]["username"] == username
        assert isinstance(reply["user"]["id"], str) and reply["user"]["id"]
        assert isinstance(reply["token"], str) and len(reply["token"]) >= 16
        tokens[username] = reply["token"]

    # A taken username, ignoring case: conflict.
    other = await Client.open(url, "other")
    taken = await other.request({"type": "signup", "username": "ALICE", "password": "whatever-123"})
    assert taken["type"] == "error" and taken["code"] == "conflict", taken
    # Before authentication every other request is unauthorized.
    early = await other.request({"type": "lists"})
    assert early["type"] == "error" and early["code"] == "unauthorized", early
    await other.close()

    # --- Alice creates a checklist (seq 1) and shares it: Bob editor (seq 2), Carol viewer (seq 3).
    created = await alice.op("a-create", "createList", title="  Trip to Lisbon  ", due="2027-03-12")
    assert_ack(created, "a-create", created["list"], 1)
    list_id = created["list"]
    assert created["id"] == list_id
    assert_ack(await alice.op("a-share-bob", "share", list=list_id, username="bob", role="editor"), "a-share-bob", list_id, 2)
    assert_ack(await alice.op("a-share-carol", "share", list=list_id, username="carol", role="viewer"), "a-share-carol", list_id, 3)

    # --- Each new participant hears of the list at once, on its own connection, with its role.
    for client, role in ((bob, "editor"), (carol, "viewer")):
        notice = await client.next()
        assert notice["type"] == "listShared", notice
        assert notice["list"]["id"] == list_id and notice["list"]["role"] == role, notice
        assert notice["list"]["title"] == "Trip to Lisbon"

    # --- Bob subscribes without `since`: a snapshot, then `subscribed` with replayed 0.
    await bob.send({"type": "subscribe", "list": list_id, "ref": "b-sub-1"})
    raw_snapshot = await asyncio.wait_for(bob.ws.recv(), STEP_TIMEOUT)
    # No key may appear twice in one object (LIST's participants array replaces SUMMARY's count).
    snapshot = json.loads(raw_snapshot, object_pairs_hook=_unique_keys)
    assert snapshot["type"] == "snapshot", snapshot
    assert snapshot["ref"] == "b-sub-1"
    assert snapshot["seq"] == 3
    lst = snapshot["list"]
    assert lst["id"] == list_id
    assert lst["title"] == "Trip to Lisbon"  # stored trimmed
    assert lst["description"] is None
    assert lst["due"] == "2027-03-12"  # an all-day due comes back as a date
    assert lst["status"] == "active"
    assert lst["role"] == "editor"  # the subscriber's role
    assert lst["seq"] == 3
    assert lst["completion"] == completion(0, 0)
    assert lst["completedAt"] is None and lst["cancelledAt"] is None
    assert lst["participants"] == [
        {"username": "Alice", "role": "owner"},
        {"username": "bob", "role": "editor"},
        {"username": "carol", "role": "viewer"},
    ]
    assert lst["items"] == []
    subscribed = await bob.next()
    assert subscribed == {"type": "subscribed", "ref": "b-sub-1", "list": list_id, "seq": 3, "replayed": 0}

    # --- Alice adds items and completes one.
    tickets = await alice.op("a-add-tickets", "addItem", list=list_id, title="Tickets")
    assert_ack(tickets, "a-add-tickets", list_id, 4)
    tickets_id = tickets["id"]
    passport_id = "0b6f3c1e-8d0a-4d35-9a8e-6f3d1c2b4a50"  # a client-chosen item id
    assert_ack(
        await alice.op("a-add-passport", "addItem", list=list_id, id=passport_id, title="Passport", location="Drawer"),
        "a-add-passport", list_id, 5, created=passport_id,
    )
    train = await alice.op("a-add-train", "addItem", list=list_id, parent=tickets_id, title="Book the train", remindEvery=86400)
    assert_ack(train, "a-add-train", list_id, 6)
    train_id = train["id"]
    assert_ack(await alice.op("a-done-train", "completeItem", list=list_id, item=train_id), "a-done-train", list_id, 7)

    # --- Bob receives exactly those four events, in seq order, with the right completion.
    events = [await bob.next() for _ in range(4)]
    assert [e["type"] for e in events] == ["event"] * 4
    assert [e["seq"] for e in events] == [4, 5, 6, 7]
    assert [e["op"] for e in events] == ["addItem", "addItem", "addItem", "completeItem"]
    assert [e["opId"] for e in events] == ["a-add-tickets", "a-add-passport", "a-add-train", "a-done-train"]
    assert all(e["list"] == list_id and e["by"] == "Alice" for e in events)
    assert all(re.fullmatch(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d{3})?Z", e["at"]) for e in events)
    assert [e["completion"] for e in events] == [completion(0, 1), completion(0, 2), completion(0, 2), completion(1, 2)]
    # Every event carries the list summary (without the per-reader role).
    for e in events:
        assert e["changes"]["list"]["seq"] == e["seq"]
        assert e["changes"]["list"]["completion"] == e["completion"]
        assert "role" not in e["changes"]["list"]

    first, second, third, fourth = (items_by_id(e) for e in events)
    assert list(first) == [tickets_id]
    assert first[tickets_id]["parent"] is None
    assert first[tickets_id]["position"] == 1
    assert first[tickets_id]["status"] == "open"
    assert first[tickets_id]["createdBy"] == "Alice"
    assert first[tickets_id]["notes"] is None and first[tickets_id]["due"] is None
    assert "completion" not in first[tickets_id]  # a leaf has no completion of its own
    assert list(second) == [passport_id]
    assert second[passport_id]["position"] == 2
    assert second[passport_id]["location"] == "Drawer"
    # Adding a child makes "Tickets" a parent: it comes along with its new completion.
    assert set(third) == {train_id, tickets_id}
    assert third[train_id]["parent"] == tickets_id
    assert third[train_id]["remindEvery"] == 86400
    assert third[tickets_id]["completion"] == completion(0, 1)
    # Completing the child moves the parent's completion, so the parent is in the event too.
    assert set(fourth) == {train_id, tickets_id}
    assert fourth[train_id]["status"] == "done"
    assert fourth[train_id]["doneBy"] == "Alice"
    assert fourth[train_id]["doneAt"] is not None
    assert fourth[tickets_id]["status"] == "open"
    assert fourth[tickets_id]["completion"] == completion(1, 1)
    last_seen = events[-1]["seq"]
    assert last_seen == 7

    # --- Bob goes away; Alice makes three more edits.
    await bob.close()
    assert_ack(
        await alice.op("a-notes-passport", "updateItem", list=list_id, item=passport_id, notes="Check expiry", location=None),
        "a-notes-passport", list_id, 8,
    )
    assert_ack(await alice.op("a-done-passport", "completeItem", list=list_id, item=passport_id), "a-done-passport", list_id, 9)
    sunscreen = await alice.op("a-add-sunscreen", "addItem", list=list_id, title="Sunscreen", after=None)
    assert_ack(sunscreen, "a-add-sunscreen", list_id, 10)
    sunscreen_id = sunscreen["id"]

    # --- Bob reconnects, authenticates with his token and resumes from the last seq he saw.
    bob = await Client.open(url, "bob")
    authed = await bob.request({"type": "auth", "token": tokens["bob"]})
    assert authed["type"] == "authed", authed
    assert authed["user"]["username"] == "bob"
    assert "token" not in authed  # auth issues no new token
    await bob.send({"type": "subscribe", "list": list_id, "since": last_seen, "ref": "b-sub-2"})
    missed = [await bob.next() for _ in range(3)]
    assert [m["type"] for m in missed] == ["event"] * 3
    assert [m["seq"] for m in missed] == [8, 9, 10]
    assert [m["opId"] for m in missed] == ["a-notes-passport", "a-done-passport", "a-add-sunscreen"]
    assert [m["op"] for m in missed] == ["updateItem", "completeItem", "addItem"]
    assert [m["completion"] for m in missed] == [completion(1, 2), completion(2, 2), completion(2, 3)]
    updated = items_by_id(missed[0])[passport_id]
    assert updated["notes"] == "Check expiry"
    assert updated["location"] is None  # null cleared it
    assert updated["title"] == "Passport"  # absent left it alone
    assert items_by_id(missed[1])[passport_id]["status"] == "done"
    added = items_by_id(missed[2])[sunscreen_id]
    assert added["parent"] is None
    assert added["position"] < 1  # after: null puts it first, before "Tickets" at 1
    resumed = await bob.next()
    assert resumed == {"type": "subscribed", "ref": "b-sub-2", "list": list_id, "seq": 10, "replayed": 3}

    # --- A resent opId gets the original ack and changes nothing, also on another
    # connection of the same author and whatever the body now says.
    again = await alice.op("a-add-passport", "addItem", list=list_id, id=passport_id, title="Passport", location="Drawer")
    assert again == {"type": "ack", "ref": again["ref"], "opId": "a-add-passport", "list": list_id, "seq": 5, "id": passport_id}
    alice2 = await Client.open(url, "alice2")
    login = await alice2.request({"type": "login", "username": "alice", "password": "Alice-secret-1"})  # login ignores case
    assert login["type"] == "authed" and login["user"]["username"] == "Alice", login
    assert login["token"] != tokens["Alice"]
    elsewhere = await alice2.op("a-add-passport", "addItem", list=list_id, title="Something else entirely")
    assert_ack(elsewhere, "a-add-passport", list_id, 5, created=passport_id)
    # Checked before the body is validated: even a body that is no valid op gets the ack.
    invalid = await alice2.op("a-add-passport", "addItem", list=list_id)  # no title
    assert_ack(invalid, "a-add-passport", list_id, 5, created=passport_id)
    # A fresh opId with the same invalid body is a badRequest that echoes opId and ref.
    fresh = await alice2.op("a-fresh", "addItem", list=list_id)
    assert fresh["type"] == "error" and fresh["code"] == "badRequest" and fresh["opId"] == "a-fresh", fresh
    await bob.expect_silence()  # no event: nothing was applied
    listing = await alice2.request({"type": "lists"})
    assert listing["type"] == "lists"
    shared = [s for s in listing["lists"] if not s["inbox"]]
    assert [s["title"] for s in listing["lists"] if s["inbox"]] == ["Inbox"], "every account has its Inbox"
    assert [(s["id"], s["seq"], s["role"], s["participants"]) for s in shared] == [(list_id, 10, "owner", 3)]
    assert shared[0]["completion"] == completion(2, 3)
    await alice2.close()

    # --- Carol, a viewer, can read but not edit.
    carol_snapshot = await carol.request({"type": "subscribe", "list": list_id})
    assert carol_snapshot["type"] == "snapshot" and carol_snapshot["list"]["role"] == "viewer", carol_snapshot
    assert [item["id"] for item in carol_snapshot["list"]["items"]] == [sunscreen_id, tickets_id, train_id, passport_id]
    carol_subscribed = await carol.next()
    assert carol_subscribed["type"] == "subscribed" and carol_subscribed["seq"] == 10
    refused = await carol.op("c-done-sunscreen", "completeItem", list=list_id, item=sunscreen_id)
    assert refused["type"] == "error", refused
    assert refused["code"] == "forbidden"
    assert refused["opId"] == "c-done-sunscreen"
    assert "viewer" in refused["message"]
    await bob.expect_silence()

    # --- Dave, a stranger, gets notFound: the same answer as for an id that does not exist.
    stranger = await dave.request({"type": "subscribe", "list": list_id})
    assert stranger["type"] == "error" and stranger["code"] == "notFound", stranger
    nowhere = await dave.request({"type": "subscribe", "list": "no-such-list"})
    assert nowhere["type"] == "error" and nowhere["code"] == "notFound", nowhere
    assert stranger["message"].replace(list_id, "ID") == nowhere["message"].replace("no-such-list", "ID")
    assert [s["inbox"] for s in (await dave.request({"type": "lists"}))["lists"]] == [True], "only dave's own Inbox"

    for client in (alice, bob, carol, dave):
        await client.close()

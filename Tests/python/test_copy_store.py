"""`checkwire copy-store --from FILE --to postgres://…` against a real SQLite server's file and a
real PostgreSQL server the tests start themselves (postgres_server.py): after the copy a
server on PostgreSQL replays the same event bytes from `since: 0`, answers a resent opId with
its original ack, signs in the old password and the old token, serves the attachment and the
old signed link and feed URL, and finds what the search index held. And the refusals: a file
a server holds, a target that is not empty, a bad URL (password masked), a copy that fails
halfway (the target stays marked, servers refuse it, a retry needs it emptied).

    CHECKWIRE_BIN=.build/debug/checkwire python3 -m pytest -q Tests/python/test_copy_store.py
"""

import asyncio
import datetime
import json
import os
import sqlite3
import subprocess

from postgres_server import _free_port, postgres_server, postgres_url  # noqa: F401  (fixtures used by name)
from test_attachments import base_of, http, upload
from test_postgres_serve import refused, start, stop
from test_protocol_flow import DEFAULT_BIN, Client, running_server

SECRET = "c0py-Pa55word"
PASSWORD = "alice-secret-1"


def today():
    return datetime.datetime.now(datetime.timezone.utc).date().isoformat()


def with_password(url):
    """The fixture's URL with a password in it (the test server trusts every local login)."""
    return url.replace("postgres://postgres@", f"postgres://postgres:{SECRET}@")


def copy_store(tmp_path, target, source=None, *extra):
    binary = os.environ.get("CHECKWIRE_BIN", DEFAULT_BIN)
    result = subprocess.run(
        [binary, "copy-store", "--from", str(source or tmp_path / "db.sqlite"), "--to", target, *extra],
        capture_output=True, text=True, stdin=subprocess.DEVNULL, timeout=120, cwd=tmp_path)
    assert SECRET not in result.stdout + result.stderr, "the password is masked in every message"
    return result


def database_of(url):
    return url.rsplit("/", 1)[1].split("?")[0]


def table_count(postgres_server, url):
    return int(postgres_server.sql(
        "SELECT count(*) FROM pg_tables WHERE schemaname = 'public'", database=database_of(url)))


async def _fill(url):
    """Lists, items, edits, a share, a reminder field, a habit with a check-in, a quickAdd,
    an opId with NUL in it, an attachment with its signed link, a feed URL."""
    alice = await Client.open(url, "alice")
    bob = await Client.open(url, "bob")
    signed = await alice.request({"type": "signup", "username": "Alice", "password": PASSWORD})
    assert signed["type"] == "authed", signed
    assert (await bob.request({"type": "signup", "username": "bob", "password": "bob-secret-1"}))["type"] == "authed"
    trip = (await alice.op("a-create", "createList", title="Trip to Lisbon", description="in May"))["list"]
    assert (await alice.op("a-share", "share", list=trip, username="bob", role="editor"))["type"] == "ack"
    assert (await bob.next())["type"] == "listShared"
    acks = {}
    acks["a-add"] = await alice.op("a-add", "addItem", list=trip, title="Tickets", notes="by train from Porto")
    item = acks["a-add"]["id"]
    acks["a-due"] = await alice.op("a-due", "addItem", list=trip, title="Pack", due="2026-12-01T09:00:00Z",
                                   remindBefore=3600, assignee="bob")
    assert (await alice.op("a-edit", "updateItem", list=trip, item=item, title="Train tickets"))["type"] == "ack"
    assert (await bob.op("b-add", "addItem", list=trip, title="Sunscreen"))["type"] == "ack"
    assert (await alice.op("a-done", "completeItem", list=trip, item=item))["type"] == "ack"
    acks["nul\u0000op"] = await alice.op("nul\u0000op", "addItem", list=trip, title="Adapter")
    acks["a-quick"] = await alice.op("a-quick", "quickAdd", text="Call the hotel tomorrow at 5pm", list=trip)
    assert all(ack["type"] == "ack" for ack in acks.values()), [a for a in acks.values() if a["type"] != "ack"]
    habits = (await alice.request({"type": "op", "opId": "h-create", "op": "createList", "title": "Mornings",
                                    "kind": "habits", "goal": 66}))["list"]
    habit = (await alice.op("h-add", "addItem", list=habits, title="Stretch"))["id"]
    checked = await alice.op("h-in", "checkIn", list=habits, item=habit, date=today(), value="done")
    assert checked["type"] == "ack", checked

    token = signed["token"]
    photo = os.urandom(70_000) + b"\x00end"
    status, _, body = upload(base_of(url), token, trip, item, "ticket.png", photo)
    assert status == 201, body
    attachment = json.loads(body)["id"]
    link = await alice.request({"type": "attachmentURL", "id": attachment})
    feed = await alice.request({"type": "feed"})
    assert link["type"] == "attachmentURL" and feed["type"] == "feed", (link, feed)
    replays = {}
    for list_id in (trip, habits):
        replays[list_id] = await _replay(alice, list_id)
    for client in (alice, bob):
        await client.close()
    return {"token": token, "trip": trip, "habits": habits, "acks": acks, "attachment": attachment,
            "photo": photo, "link": link["url"], "feed": feed["url"], "replays": replays}


async def _replay(client, list_id):
    """The event messages `subscribe since 0` replays, as the bytes the server sent."""
    await client.send({"type": "subscribe", "list": list_id, "since": 0, "ref": "replay-" + list_id})
    events = []
    while True:
        raw = await asyncio.wait_for(client.ws.recv(), 10)
        message = json.loads(raw)
        if message["type"] == "subscribed":
            assert message["replayed"] == len(events), message
            break
        assert message["type"] == "event", message
        events.append(raw)
    await client.request({"type": "unsubscribe", "list": list_id})
    return events


async def _on_the_copy(url, state):
    alice = await Client.open(url, "alice")
    assert (await alice.request({"type": "auth", "token": state["token"]}))["type"] == "authed", "the old token"
    for list_id, events in state["replays"].items():
        assert await _replay(alice, list_id) == events, "since: 0 replays the same event bytes"
    for op_id, ack in state["acks"].items():
        again = await alice.op(op_id, "addItem", list=state["trip"], title="sent again")
        assert {**again, "ref": None} == {**ack, "ref": None}, "a resent opId gets its original ack"
    found = await alice.request({"type": "search", "q": "porto"})
    assert [hit["item"]["title"] for hit in found["results"]] == ["Train tickets"], found
    # The log carries on from the copied head.
    head = len(state["replays"][state["trip"]])
    more = await alice.op("after-copy", "addItem", list=state["trip"], title="Hotel")
    assert more["type"] == "ack" and more["seq"] == head + 1, more
    again = await Client.open(url, "again")
    assert (await again.request({"type": "login", "username": "alice", "password": PASSWORD}))["type"] == "authed"
    for client in (alice, again):
        await client.close()


def test_a_copy_serves_the_same_events_acks_accounts_attachments_and_links(postgres_server, postgres_url, tmp_path):
    with running_server(tmp_path) as url:
        state = asyncio.run(asyncio.wait_for(_fill(url), 60))
        old_base = base_of(url)
    target = with_password(postgres_url)
    result = copy_store(tmp_path, target)
    assert result.returncode == 0, result.stderr
    assert "verified" in result.stdout and "events" in result.stdout, result.stdout
    assert "attachments: 1 file, 70004 bytes" in result.stdout, result.stdout
    assert "the server key" in result.stdout, result.stdout

    process, port = start(target, tmp_path, "postgres-node")
    try:
        url = f"ws://127.0.0.1:{port}/ws"
        asyncio.run(asyncio.wait_for(_on_the_copy(url, state), 60))
        base = base_of(url)
        status, _, data = http("GET", f"{base}/attachments/{state['attachment']}",
                               headers={"Authorization": f"Bearer {state['token']}"})
        assert status == 200 and data == state["photo"], "the attachment's bytes, from PostgreSQL"
        status, _, data = http("GET", state["link"].replace(old_base, base))
        assert status == 200 and data == state["photo"], "a link signed by the SQLite server: the same key"
        status, _, calendar = http("GET", state["feed"].replace(old_base, base))
        assert status == 200 and b"Pack" in calendar, "the feed URL made on SQLite"
    finally:
        stop(process)


def test_a_file_a_server_holds_is_refused_and_nothing_is_written(postgres_server, postgres_url, tmp_path):
    with running_server(tmp_path):
        result = copy_store(tmp_path, with_password(postgres_url))
    assert result.returncode != 0
    assert "another Checkwire server" in result.stderr and "stop it first" in result.stderr, result.stderr
    assert table_count(postgres_server, postgres_url) == 0


def test_a_target_with_rows_is_refused(postgres_server, postgres_url, tmp_path):
    with running_server(tmp_path):
        pass
    # A server started on the target first: it made the schema and its own key.
    process, _ = start(postgres_url, tmp_path, "early-node")
    stop(process)
    result = copy_store(tmp_path, with_password(postgres_url))
    assert result.returncode != 0
    assert "is not empty (server_key hold rows)" in result.stderr, result.stderr
    assert "createdb" in result.stderr and "postgres://postgres:***@" in result.stderr, result.stderr
    assert postgres_server.sql("SELECT count(*) FROM users", database=database_of(postgres_url)) == "0"


def test_bad_urls_and_an_unreachable_server_say_what_with_the_password_masked(tmp_path):
    with running_server(tmp_path):
        pass
    result = copy_store(tmp_path, f"postgres://me:{SECRET}@127.0.0.1:5432/")
    assert result.returncode != 0 and "names no database" in result.stderr, result.stderr
    result = copy_store(tmp_path, f"postgres://me:{SECRET}@127.0.0.1:5432/db?sslmode=sometimes")
    assert result.returncode != 0 and "sslmode must be one of" in result.stderr, result.stderr
    port = _free_port()
    result = copy_store(tmp_path, f"postgres://me:{SECRET}@127.0.0.1:{port}/db?sslmode=disable")
    assert result.returncode != 0, result
    assert f"cannot connect to postgres://me:***@127.0.0.1:{port}/db" in result.stderr, result.stderr
    result = copy_store(tmp_path, f"postgres://me:{SECRET}@127.0.0.1:{port}/db", tmp_path / "missing.sqlite")
    assert result.returncode != 0 and "there is no SQLite database at" in result.stderr, result.stderr
    assert not (tmp_path / "missing.sqlite").exists(), "no file is made"


def test_a_copy_that_fails_halfway_leaves_a_target_servers_refuse_until_emptied(postgres_server, postgres_url,
                                                                             tmp_path):
    with running_server(tmp_path) as url:
        asyncio.run(asyncio.wait_for(_fill(url), 60))
    # A value no PostgreSQL bigint takes, in a table copied after several others.
    with sqlite3.connect(tmp_path / "db.sqlite") as db:
        good = db.execute("SELECT created_at FROM items WHERE title = 'Sunscreen'").fetchone()[0]
        db.execute("UPDATE items SET created_at = 'yesterday' WHERE title = 'Sunscreen'")
    target = with_password(postgres_url)
    result = copy_store(tmp_path, target)
    assert result.returncode != 0
    assert "items.created_at holds text" in result.stderr, result.stderr
    assert "left marked as an incomplete copy" in result.stderr and "run copy-store again" in result.stderr
    database = database_of(postgres_url)
    assert int(postgres_server.sql("SELECT count(*) FROM users", database=database)) == 2, "it did fail halfway"

    message = refused(target, tmp_path)
    assert "incomplete copy of" in message and "db.sqlite" in message and "copy-store again" in message, message
    retry = copy_store(tmp_path, target)
    assert retry.returncode != 0 and "an earlier copy that did not finish" in retry.stderr, retry.stderr

    with sqlite3.connect(tmp_path / "db.sqlite") as db:
        db.execute("UPDATE items SET created_at = ? WHERE title = 'Sunscreen'", (good,))
    postgres_server.sql("DROP SCHEMA public CASCADE; CREATE SCHEMA public", database=database)
    again = copy_store(tmp_path, target)
    assert again.returncode == 0, again.stderr
    process, port = start(target, tmp_path, "after-retry")
    stop(process)


def test_an_unknown_table_or_a_missing_attachment_file_is_refused_before_anything_is_written(
        postgres_server, postgres_url, tmp_path):
    with running_server(tmp_path) as url:
        asyncio.run(asyncio.wait_for(_fill(url), 60))
    with sqlite3.connect(tmp_path / "db.sqlite") as db:
        db.execute("CREATE TABLE mystery (x INTEGER)")
    result = copy_store(tmp_path, with_password(postgres_url))
    assert result.returncode != 0 and "does not know how to copy (mystery)" in result.stderr, result.stderr
    assert table_count(postgres_server, postgres_url) == 0
    with sqlite3.connect(tmp_path / "db.sqlite") as db:
        db.execute("DROP TABLE mystery")

    stored = [path for path in (tmp_path / "db.sqlite-attachments").rglob("*") if path.is_file()
              and path.parent.name != "tmp"]
    assert len(stored) == 1, stored
    moved = tmp_path / "elsewhere"
    (moved / stored[0].parent.name).mkdir(parents=True)
    stored[0].rename(moved / stored[0].parent.name / stored[0].name)
    result = copy_store(tmp_path, with_password(postgres_url))
    assert result.returncode != 0 and "1 attachment file missing from" in result.stderr, result.stderr
    assert "--attachments" in result.stderr and table_count(postgres_server, postgres_url) == 0
    # The folder they were moved to, given: the copy goes ahead.
    result = copy_store(tmp_path, with_password(postgres_url), None, "--attachments", str(moved))
    assert result.returncode == 0, result.stderr

"""`checkwire serve --database postgres://…` against a real PostgreSQL server the test starts
itself (postgres_server.py): signup, create, edit, subscribe and resume by `since` over the
real WebSocket protocol, on a server restarted on the same database; and how serve fails or
waits when the database is wrong or down.

    CHECKWIRE_BIN=.build/debug/checkwire python3 -m pytest -q Tests/python/test_postgres_serve.py
"""

import asyncio
import os
import signal
import subprocess
import urllib.error
import urllib.request

import pytest

from postgres_server import postgres_server, postgres_url  # noqa: F401  (fixtures used by name)
from test_protocol_flow import DEFAULT_BIN, Client, _read_port, assert_ack

SECRET = "s3cret-Pa55"


def start(database, tmp_path, name="node", extra=()):
    """Starts `checkwire serve` on `database` (with `extra` arguments); returns (process, port)."""
    binary = os.environ.get("CHECKWIRE_BIN", DEFAULT_BIN)
    assert os.access(binary, os.X_OK), f"checkwire binary not found at {binary}; set CHECKWIRE_BIN"
    stderr_path = tmp_path / f"{name}.stderr"
    with open(stderr_path, "wb") as stderr:
        process = subprocess.Popen(
            [binary, "serve", "--host", "127.0.0.1", "--port", "0", "--database", database,
             "--attachments", str(tmp_path / f"{name}-cache"), "--fast-password-hashing", "--log-level", "warning", *extra],
            stdout=subprocess.PIPE, stderr=stderr, stdin=subprocess.DEVNULL, cwd=tmp_path)
    return process, _read_port(process, stderr_path)


def stop(process):
    process.send_signal(signal.SIGTERM)
    code = process.wait(timeout=15)
    process.stdout.close()
    assert code == 0, f"checkwire exited with {code}"


def health(port):
    try:
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/healthz", timeout=5) as response:
            return response.status, response.read().decode()
    except urllib.error.HTTPError as error:
        return error.code, error.read().decode()


def test_the_protocol_flow_runs_on_postgresql_and_survives_a_restart(postgres_url, tmp_path):
    process, port = start(postgres_url, tmp_path)
    try:
        assert health(port)[0] == 200
        state = asyncio.run(asyncio.wait_for(_first_run(f"ws://127.0.0.1:{port}/ws"), 60))
    finally:
        stop(process)
    process, port = start(postgres_url, tmp_path, "again")
    try:
        asyncio.run(asyncio.wait_for(_second_run(f"ws://127.0.0.1:{port}/ws", state), 60))
    finally:
        stop(process)


async def _first_run(url):
    alice = await Client.open(url, "alice")
    bob = await Client.open(url, "bob")
    signed = await alice.request({"type": "signup", "username": "Alice", "password": "alice-secret-1"})
    assert signed["type"] == "authed", signed
    assert (await bob.request({"type": "signup", "username": "bob", "password": "bob-secret-1"}))["type"] == "authed"
    taken = await bob.request({"type": "signup", "username": "ALICE", "password": "whatever-123"})
    assert taken["type"] == "error" and taken["code"] == "conflict", taken

    created = await alice.op("a-create", "createList", title="Trip to Lisbon")
    list_id = created["list"]
    assert_ack(created, "a-create", list_id, 1)
    assert_ack(await alice.op("a-share", "share", list=list_id, username="bob", role="editor"), "a-share", list_id, 2)
    shared = await bob.next()
    assert shared["type"] == "listShared" and shared["list"]["id"] == list_id, shared

    subscribed = await bob.request({"type": "subscribe", "list": list_id, "since": 2})
    assert subscribed == {"type": "subscribed", "ref": subscribed["ref"], "list": list_id, "seq": 2, "replayed": 0}
    added = await alice.op("a-add", "addItem", list=list_id, title="Tickets", notes="by train")
    assert_ack(added, "a-add", list_id, 3)
    item_id = added["id"]
    event = await bob.next()
    assert event["type"] == "event" and event["seq"] == 3 and event["opId"] == "a-add", event
    assert_ack(await alice.op("a-done", "completeItem", list=list_id, item=item_id), "a-done", list_id, 4)
    assert (await bob.next())["seq"] == 4
    # A resent opId gets the original acknowledgement and changes nothing.
    assert_ack(await alice.op("a-add", "addItem", list=list_id, title="Tickets"), "a-add", list_id, 3, item_id)
    found = await alice.request({"type": "search", "q": "tick"})
    assert [hit["item"]["id"] for hit in found["results"]] == [item_id], found
    assert found["results"][0]["snippet"] == "«Tickets»", "the matching field, as SQLite's snippet"
    for client in (alice, bob):
        await client.close()
    return {"token": signed["token"], "list": list_id, "item": item_id}


async def _second_run(url, state):
    alice = await Client.open(url, "alice")
    assert (await alice.request({"type": "auth", "token": state["token"]}))["type"] == "authed"
    await alice.send({"type": "subscribe", "list": state["list"], "since": 2, "ref": "resume"})
    replayed = [await alice.next() for _ in range(2)]
    assert [(m["type"], m["seq"], m["opId"]) for m in replayed] == [("event", 3, "a-add"), ("event", 4, "a-done")]
    assert await alice.next() == {"type": "subscribed", "ref": "resume", "list": state["list"], "seq": 4, "replayed": 2}
    # The log carries on from the stored head: the subscriber gets the event and the ack.
    await alice.send({"type": "op", "opId": "a-more", "op": "addItem", "list": state["list"], "title": "Hotel",
                      "ref": "more"})
    got = {message["type"]: message for message in [await alice.next(), await alice.next()]}
    assert_ack(got["ack"], "a-more", state["list"], 5)
    assert got["event"]["seq"] == 5 and got["event"]["opId"] == "a-more", got
    await alice.close()


def refused(database, tmp_path):
    """Runs serve on `database`; asserts it exits non-zero without listening; returns stderr."""
    binary = os.environ.get("CHECKWIRE_BIN", DEFAULT_BIN)
    result = subprocess.run(
        [binary, "serve", "--host", "127.0.0.1", "--port", "0", "--database", database, "--log-level", "warning"],
        capture_output=True, text=True, stdin=subprocess.DEVNULL, timeout=60, cwd=tmp_path)
    assert result.returncode != 0, result
    assert "listening" not in result.stdout, result.stdout
    assert SECRET not in result.stdout + result.stderr, "the password is masked"
    return result.stderr


def test_a_bad_url_wrong_credentials_or_a_missing_database_stop_serve_before_it_listens(postgres_server, tmp_path):
    assert "names no database" in refused(f"postgres://me:{SECRET}@127.0.0.1:5432/", tmp_path)
    assert "sslmode" in refused(f"postgres://me:{SECRET}@127.0.0.1:5432/db?sslmode=sometimes", tmp_path)
    postgres_server.sql(f"CREATE ROLE checker LOGIN PASSWORD '{SECRET}'")
    postgres_server.sql("ALTER SYSTEM SET password_encryption = 'scram-sha-256'")
    # Password authentication for this role over TCP, ahead of the trust rule initdb wrote.
    hba = f"{postgres_server.folder}/data/pg_hba.conf"
    subprocess.run(postgres_server.prefix + ["sh", "-c", f"sed -i '1i host all checker 127.0.0.1/32 scram-sha-256' {hba}"],
                   check=True)
    postgres_server.sql("SELECT pg_reload_conf()")
    wrong = refused(postgres_server.url("postgres", "checker", "not-the-" + SECRET), tmp_path)
    assert "password authentication failed" in wrong, wrong
    missing = refused(postgres_server.url("no_such_database", "checker", SECRET), tmp_path)
    assert "no_such_database" in missing and "does not exist" in missing, missing
    assert "***" in missing, "the URL is named with its password masked"


def test_with_postgresql_down_at_start_serve_listens_and_reports_503_with_the_cause(tmp_path):
    from postgres_server import _free_port
    process, port = start(f"postgres://me:{SECRET}@127.0.0.1:{_free_port()}/nowhere?sslmode=disable", tmp_path)
    try:
        status, body = health(port)
        assert status == 503, body
        assert "nowhere" in body and SECRET not in body, body
    finally:
        stop(process)

"""A transaction held open on the shared database holds back the horizon every node's tail
reads below; the head check of subscribed checklists keeps delivery between nodes going
meanwhile: every edit on node A reaches a subscriber on node B promptly, once, in order. The
tail's lag is exported (`checkwire_tail_lag_seconds`) and the log names the pid that holds it.
What is said to a user rather than to a checklist's subscribers (a reminder, its dismissal, a
logout) is not held back at all: it reaches the other node within a few head checks, once.

    CHECKWIRE_BIN=.build/debug/checkwire python3 -m pytest -q Tests/python/test_postgres_cluster_horizon.py
"""

import asyncio
import contextlib
import subprocess
import time

from postgres_server import postgres_server, postgres_url  # noqa: F401  (fixtures used by name)
from test_postgres_cluster import auth, signup
from test_postgres_cluster_notices import SCHEDULER, metric, next_of, soon, wait_until
from test_postgres_serve import start, stop
from test_protocol_flow import Client

HELD_SECONDS = 15
EDITS = 40
# Notices must arrive within a few head checks (250 ms), far sooner than the transaction ends.
NOTICE_WAIT = 3
NOTICES_HELD_SECONDS = 60


@contextlib.contextmanager
def held_transaction(server, database, seconds):
    """Another client of the database takes a transaction id and keeps its transaction open for
    `seconds`; yields the psql process and the pid of its server process (killed at the end)."""
    holder = subprocess.Popen(
        server.prefix_psql(database) + [
            "-c", "BEGIN", "-c", "SELECT pg_current_xact_id()", "-c", f"SELECT pg_sleep({seconds})",
            "-c", "COMMIT"],
        stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        pids = []

        def holding():
            found = server.sql(
                "SELECT pid FROM pg_stat_activity WHERE backend_xid IS NOT NULL AND query LIKE '%pg_sleep%'",
                database)
            pids[:] = found.split()
            return bool(pids)

        wait_until("the transaction to hold an xid", holding)
        yield holder, pids[0]
    finally:
        if holder.poll() is None:
            holder.kill()
            holder.wait()


def test_edits_reach_the_other_node_while_a_transaction_holds_the_horizon(postgres_server, postgres_url, tmp_path):
    database = postgres_url.rsplit("/", 1)[1].split("?")[0]
    a, port_a = start(postgres_url, tmp_path, "a")
    b, port_b = start(postgres_url, tmp_path, "b")
    try:
        url_a, url_b = f"ws://127.0.0.1:{port_a}/ws", f"ws://127.0.0.1:{port_b}/ws"
        owner, token = asyncio.run(asyncio.wait_for(_setup(url_a), 30))
        with held_transaction(postgres_server, database, HELD_SECONDS) as (holder, pid):

            def lag_reported():
                # The lag is exported, and the log names the pid that holds the horizon.
                return metric(port_b, "checkwire_tail_lag_seconds") >= 3 and f"pid={pid}" in (
                    tmp_path / "b.stderr").read_text()

            asyncio.run(asyncio.wait_for(_edits_while_held(url_a, url_b, token, owner, holder, lag_reported), 60))
        wait_until("the lag to clear", lambda: metric(port_b, "checkwire_tail_lag_seconds") < 3)
    finally:
        stop(a)
        stop(b)


async def _setup(url_a):
    owner, token = await signup(url_a, "owner")
    created = await owner.op("create", "createList", title="Busy")
    await owner.close()
    return created["list"], token


async def _edits_while_held(url_a, url_b, token, list_id, holder, lag_reported):
    writer = await auth(url_a, "owner", token)
    watcher = await auth(url_b, "owner", token)
    subscribed = await watcher.request({"type": "subscribe", "list": list_id, "since": 1})
    assert subscribed["type"] == "subscribed" and subscribed["seq"] == 1, subscribed
    started = time.monotonic()
    for n in range(EDITS):
        acked = await writer.op(f"held-{n}", "addItem", list=list_id, title=f"Item {n}")
        assert acked["type"] == "ack" and acked["seq"] == n + 2, acked
        # Within a couple of head checks, not when the transaction ends.
        event = await next_of(watcher, "event", timeout=2)
        assert event["seq"] == n + 2 and event["opId"] == f"held-{n}", event
    assert holder.poll() is None, "every edit arrived while the transaction was still open"
    assert time.monotonic() - started < HELD_SECONDS
    while not lag_reported():
        assert holder.poll() is None, "the lag and the pid holding it were reported while it was held"
        await asyncio.sleep(0.1)
    # When the transaction ends, the tail reads the same events again: none is repeated.
    while holder.poll() is None:
        await asyncio.sleep(0.1)
    await asyncio.sleep(1)
    await watcher.expect_silence()
    await writer.close()
    await watcher.close()


def test_notices_reach_the_other_node_while_a_transaction_holds_the_horizon(postgres_server, postgres_url, tmp_path):
    database = postgres_url.rsplit("/", 1)[1].split("?")[0]
    a, port_a = start(postgres_url, tmp_path, "a")
    try:
        wait_until("node A to run the scheduler", lambda: metric(port_a, SCHEDULER) == 1)
        b, port_b = start(postgres_url, tmp_path, "b")
        try:
            urls = (f"ws://127.0.0.1:{port_a}/ws", f"ws://127.0.0.1:{port_b}/ws")
            with held_transaction(postgres_server, database, NOTICES_HELD_SECONDS) as (holder, pid):

                def release():
                    postgres_server.sql(f"SELECT pg_terminate_backend({pid})", database)
                    wait_until("the lag to clear", lambda: metric(port_b, "checkwire_tail_lag_seconds") < 3)

                asyncio.run(asyncio.wait_for(_notices_while_held(*urls, holder, release), 90))
        finally:
            stop(b)
    finally:
        stop(a)


async def _notices_while_held(url_a, url_b, holder, release):
    owner_a, token = await signup(url_a, "owner")
    owner_b = await auth(url_b, "owner", token)
    # Another session of the same user on B, with a token of its own: it hears everything said
    # to the user, and is not signed out with the first token.
    other_b = await Client.open(url_b, "other")
    assert (await other_b.request({"type": "login", "username": "owner", "password": "owner-secret-1"}))[
        "type"] == "authed"
    list_id = (await owner_a.op("create", "createList", title="Chores"))["list"]

    # An item added on B, which does not schedule: A hears of it (`schedule`) and fires it, and
    # B's connections are told (`reminder`), while the transaction is still open.
    item = (await owner_b.op("bins", "addItem", list=list_id, title="Bins out", due=soon(3), remindBefore=0))["id"]
    fired = None
    for connection in (owner_a, owner_b, other_b):
        reminder = await next_of(connection, "reminder", timeout=10)
        assert reminder["item"]["id"] == item and reminder["kind"] == "before", reminder
        fired = fired or reminder["at"]
        assert reminder["at"] == fired

    # A dismissal on A reaches both connections on B within a few head checks.
    dismissed = await owner_a.request({"type": "dismissReminder", "list": list_id, "item": item, "at": fired})
    assert dismissed["type"] == "reminderDismissed", dismissed
    for connection in (owner_b, other_b):
        told = await next_of(connection, "reminderDismissed", timeout=NOTICE_WAIT)
        assert told["item"] == item, told

    # A logout on A signs out the connection on B that used the token, at once.
    assert (await owner_a.request({"type": "logout"}))["type"] == "loggedOut"
    assert (await next_of(owner_b, "loggedOut", timeout=NOTICE_WAIT)) == {"type": "loggedOut"}
    refused = await owner_b.request({"type": "lists"})
    assert refused["type"] == "error" and refused["code"] == "unauthorized", refused
    assert holder.poll() is None, "every notice arrived while the transaction was still open"
    assert (await other_b.request({"type": "lists"}))["type"] == "lists", "the other token is still signed in"

    # The transaction ends and the tails read past it: nothing is told twice.
    await asyncio.get_running_loop().run_in_executor(None, release)
    for connection in (owner_b, other_b):
        await connection.expect_silence()
    for client in (owner_a, owner_b, other_b):
        await client.close()

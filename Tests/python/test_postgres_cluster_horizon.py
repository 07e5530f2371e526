"""A transaction held open on the shared database holds back the horizon every node's tail
reads below; the head check of subscribed checklists keeps delivery between nodes going
meanwhile: every edit on node A reaches a subscriber on node B promptly, once, in order. The
tail's lag is exported (`checkwire_tail_lag_seconds`) and the log names the pid that holds it.

    CHECKWIRE_BIN=.build/debug/checkwire python3 -m pytest -q Tests/python/test_postgres_cluster_horizon.py
"""

import asyncio
import subprocess
import time

from postgres_server import postgres_server, postgres_url  # noqa: F401  (fixtures used by name)
from test_postgres_cluster import auth, signup
from test_postgres_cluster_notices import metric, next_of, wait_until
from test_postgres_serve import start, stop

HELD_SECONDS = 15
EDITS = 40


def test_edits_reach_the_other_node_while_a_transaction_holds_the_horizon(postgres_server, postgres_url, tmp_path):
    database = postgres_url.rsplit("/", 1)[1].split("?")[0]
    a, port_a = start(postgres_url, tmp_path, "a")
    b, port_b = start(postgres_url, tmp_path, "b")
    holder = None
    try:
        url_a, url_b = f"ws://127.0.0.1:{port_a}/ws", f"ws://127.0.0.1:{port_b}/ws"
        owner, token = asyncio.run(asyncio.wait_for(_setup(url_a), 30))

        # Another client of the database takes a transaction id and keeps its transaction open.
        holder = subprocess.Popen(
            postgres_server.prefix_psql(database) + [
                "-c", "BEGIN", "-c", "SELECT pg_current_xact_id()", "-c", f"SELECT pg_sleep({HELD_SECONDS})",
                "-c", "COMMIT"],
            stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        pids = []

        def holding():
            found = postgres_server.sql(
                "SELECT pid FROM pg_stat_activity WHERE backend_xid IS NOT NULL AND query LIKE '%pg_sleep%'",
                database)
            pids[:] = found.split()
            return bool(pids)

        wait_until("the transaction to hold an xid", holding)

        def lag_reported():
            # The lag is exported, and the log names the pid that holds the horizon.
            return metric(port_b, "checkwire_tail_lag_seconds") >= 3 and f"pid={pids[0]}" in (
                tmp_path / "b.stderr").read_text()

        asyncio.run(asyncio.wait_for(_edits_while_held(url_a, url_b, token, owner, holder, lag_reported), 60))
        wait_until("the lag to clear", lambda: metric(port_b, "checkwire_tail_lag_seconds") < 3)
    finally:
        if holder is not None and holder.poll() is None:
            holder.kill()
            holder.wait()
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

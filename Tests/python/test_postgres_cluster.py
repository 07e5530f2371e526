"""Two real `checkwire serve` processes on one real PostgreSQL database (postgres_server.py):
what every node promises holds across both. Concurrent editors on both nodes get one gap-free
log; subscribers on both nodes get every edit once, in order; replay by `since` is the same
on the node that did not write; a resent opId on the other node gets the original ack.

    CHECKWIRE_BIN=.build/debug/checkwire python3 -m pytest -q Tests/python/test_postgres_cluster.py
"""

import asyncio
import contextlib

from postgres_server import postgres_server, postgres_url  # noqa: F401  (fixtures used by name)
from test_postgres_serve import start, stop
from test_protocol_flow import Client, assert_ack

WRITERS_PER_NODE = 3
EDITS_PER_WRITER = 40


@contextlib.contextmanager
def two_nodes(database, tmp_path):
    """Nodes A and B on one database; yields their WebSocket URLs, stops both at the end."""
    a, port_a = start(database, tmp_path, "a")
    try:
        b, port_b = start(database, tmp_path, "b")
        try:
            yield f"ws://127.0.0.1:{port_a}/ws", f"ws://127.0.0.1:{port_b}/ws"
        finally:
            stop(b)
    finally:
        stop(a)


def test_two_nodes_keep_one_log_per_checklist(postgres_url, tmp_path):
    with two_nodes(postgres_url, tmp_path) as urls:
        asyncio.run(asyncio.wait_for(_cluster(*urls), 180))


async def signup(url, name):
    client = await Client.open(url, name)
    reply = await client.request({"type": "signup", "username": name, "password": f"{name}-secret-1"})
    assert reply["type"] == "authed", reply
    return client, reply["token"]


async def auth(url, name, token):
    client = await Client.open(url, name)
    assert (await client.request({"type": "auth", "token": token}))["type"] == "authed"
    return client


async def _cluster(url_a, url_b):
    owner, owner_token = await signup(url_a, "owner")
    created = await owner.op("create", "createList", title="Shared on two nodes")
    list_id = created["list"]
    assert_ack(created, "create", list_id, 1)
    # Users made on one node sign in on the other: one users table.
    writers = []
    for index in range(WRITERS_PER_NODE * 2):
        name = f"writer{index}"
        client, token = await signup(url_a if index % 2 == 0 else url_b, name)
        writers.append((name, token))
        assert (await owner.op(f"share-{name}", "share", list=list_id, username=name, role="editor"))["type"] == "ack"
        await client.close()
    head_after_shares = 1 + len(writers)

    # Subscribers on both nodes, live before the writers start.
    watchers = []
    for url in (url_a, url_b):
        watcher = await auth(url, "owner", owner_token)
        subscribed = await watcher.request({"type": "subscribe", "list": list_id, "since": head_after_shares})
        assert subscribed["type"] == "subscribed" and subscribed["seq"] == head_after_shares, subscribed
        watchers.append(watcher)

    # --- Concurrent editors on both nodes: every edit acknowledged once, seqs gap-free.
    async def write(index):
        name, token = writers[index]
        client = await auth(url_a if index % 2 == 0 else url_b, name, token)
        seqs = []
        for n in range(EDITS_PER_WRITER):
            reply = await client.op(f"{name}-{n}", "addItem", list=list_id, title=f"{name} item {n}")
            assert reply["type"] == "ack", reply
            seqs.append(reply["seq"])
        await client.close()
        return seqs

    results = await asyncio.gather(*(write(index) for index in range(len(writers))))
    every = sorted(seq for seqs in results for seq in seqs)
    total = len(writers) * EDITS_PER_WRITER
    assert every == list(range(head_after_shares + 1, head_after_shares + total + 1)), "one seq per edit, no gap"
    for seqs in results:
        assert seqs == sorted(seqs), "a writer's own edits keep their order"
    head = head_after_shares + total

    # --- Every edit reached the subscribers of both nodes once, in seq order, whichever node
    # committed it.
    for watcher in watchers:
        seen = [await watcher.next() for _ in range(total)]
        assert [(m["type"], m["seq"]) for m in seen] == [("event", seq) for seq in range(head_after_shares + 1, head + 1)]
        await watcher.expect_silence()
        await watcher.close()

    # --- Both nodes converge: the same snapshot, and the same log replayed by `since`.
    snapshots, logs = [], []
    for url in (url_a, url_b):
        reader = await auth(url, "owner", owner_token)
        await reader.send({"type": "subscribe", "list": list_id, "ref": "snap"})
        snapshot = await reader.next()
        assert snapshot["type"] == "snapshot" and snapshot["seq"] == head, snapshot
        assert (await reader.next())["type"] == "subscribed"
        snapshots.append(sorted((item["id"], item["title"]) for item in snapshot["list"]["items"]))
        await reader.close()
        replayer = await auth(url, "owner", owner_token)
        await replayer.send({"type": "subscribe", "list": list_id, "since": head_after_shares, "ref": "replay"})
        events = [await replayer.next() for _ in range(total)]
        assert [event["seq"] for event in events] == list(range(head_after_shares + 1, head + 1))
        done = await replayer.next()
        assert done == {"type": "subscribed", "ref": "replay", "list": list_id, "seq": head, "replayed": total}
        logs.append([(event["seq"], event["opId"]) for event in events])
        await replayer.close()
    assert len(snapshots[0]) == total and snapshots[0] == snapshots[1]
    assert logs[0] == logs[1], "replay by since gives the same events on the node that did not write them"

    # --- A resent opId on the other node gets the original acknowledgement and changes nothing.
    name, token = writers[0]  # wrote on node A
    again = await auth(url_b, name, token)
    resent = await again.op(f"{name}-0", "addItem", list=list_id, title="a different title")
    assert resent["type"] == "ack" and resent["seq"] == results[0][0], resent
    fresh = await again.op(f"{name}-more", "addItem", list=list_id, title="after the resend")
    assert_ack(fresh, f"{name}-more", list_id, head + 1)
    await again.close()
    await owner.close()

"""PostgreSQL restarted in the middle of a burst of edits on two nodes (postgres_server.py):
the edits in flight are answered `internal` and not acknowledged; a resend with the same
opId gets exactly one ack; no acknowledged edit is lost; the subscribers on both nodes see
every seq once, in order; neither node restarts, and `/healthz` answers 503 while the
database is down and 200 once it is back.

    CHECKWIRE_BIN=.build/debug/checkwire python3 -m pytest -q Tests/python/test_postgres_restart.py
"""

import asyncio
import itertools
import json
import subprocess
import threading
import time

import pytest
from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed

from postgres_server import postgres_server, postgres_url  # noqa: F401  (fixtures used by name)
from test_postgres_cluster import auth, signup
from test_postgres_cluster_notices import wait_until
from test_postgres_serve import health, start, stop
from test_protocol_flow import Client

WRITERS_PER_NODE = 3
WINDOW = 4  # edits in flight per writer, so some are in flight when PostgreSQL goes
DOWN_SECONDS = 2.0
RESEND_PAUSE = 0.1
ACKS_BEFORE = 20  # per writer, before PostgreSQL is stopped
ACKS_AFTER = 20  # per writer, after it is back
RUN_LIMIT = 120  # seconds for the whole burst, restart included


def stop_postgres(server):
    """Fast shutdown: PostgreSQL ends every open connection and exits."""
    result = subprocess.run(server.prefix + [f"{server.bin}/pg_ctl", "-D", f"{server.folder}/data", "-m", "fast",
                                             "-w", "-t", "60", "stop"],
                            stdin=subprocess.DEVNULL, capture_output=True, text=True)
    assert result.returncode == 0, result.stdout + result.stderr


def start_postgres(server):
    """Starts it again on the same port and data folder, as postgres_server.py did."""
    data = f"{server.folder}/data"
    result = subprocess.run(
        server.prefix + [f"{server.bin}/pg_ctl", "-D", data, "-l", f"{server.folder}/server-{server.port}.log",
                         "-w", "-t", "60", "-o",
                         f"-p {server.port} -k {server.folder} -c listen_addresses=127.0.0.1 -c fsync=off "
                         "-c max_connections=200", "start"],
        stdin=subprocess.DEVNULL, capture_output=True, text=True)
    assert result.returncode == 0, result.stdout + result.stderr
    with open(f"{data}/postmaster.pid") as f:
        server.pid = int(f.readline())  # the session fixture stops the server by this PID


def restart_postgres(server, down_seconds):
    """Stops the server and starts it again after `down_seconds`; returns the moments it went
    and came back."""
    stop_postgres(server)
    went = time.monotonic()
    time.sleep(down_seconds)
    start_postgres(server)
    return went, time.monotonic()


def test_a_quiet_node_is_healthy_again_once_postgresql_is_back(postgres_server, postgres_url, tmp_path):
    process, port = start(postgres_url, tmp_path, "quiet")
    try:
        url = f"ws://127.0.0.1:{port}/ws"
        token = asyncio.run(asyncio.wait_for(_signup_and_create(url), 30))
        stop_postgres(postgres_server)
        try:
            asyncio.run(asyncio.wait_for(_edit_while_down(url, token), 30))
            status, body = health(port)
            assert status == 503, body
        finally:
            start_postgres(postgres_server)
        # No request comes meanwhile (a balancer stopped sending it any): it finds out by itself.
        wait_until("/healthz 200 with no request after PostgreSQL came back", lambda: health(port)[0] == 200)
        assert process.poll() is None, "the node did not restart"
    finally:
        stop(process)


async def _signup_and_create(url):
    owner, token = await signup(url, "quiet")
    assert (await owner.op("create", "createList", title="Quiet"))["type"] == "ack"
    await owner.close()
    return token


async def _edit_while_down(url, token):
    client = await Client.open(url, "quiet")
    reply = await client.request({"type": "auth", "token": token})
    if reply["type"] == "authed":
        reply = await client.op("while-down", "createList", title="Not now")
    assert reply["type"] == "error" and reply["code"] == "internal", reply
    await client.close()


def test_postgresql_restarted_mid_burst(postgres_server, postgres_url, tmp_path):
    a, port_a = start(postgres_url, tmp_path, "a")
    b, port_b = start(postgres_url, tmp_path, "b")
    pids = (a.pid, b.pid)
    try:
        ports = (port_a, port_b)
        urls = tuple(f"ws://127.0.0.1:{port}/ws" for port in ports)
        outage = {"seen503": set(), "went": None, "back": None}

        def outage_thread(started):
            started.wait()  # the burst is under way on both nodes
            went_holder = {}

            def watch_health():
                while "back" not in went_holder:
                    for port in ports:
                        if health(port)[0] == 503:
                            outage["seen503"].add(port)
                    time.sleep(0.05)

            watcher = threading.Thread(target=watch_health)
            watcher.start()
            try:
                outage["went"], outage["back"] = restart_postgres(postgres_server, DOWN_SECONDS)
            finally:
                went_holder["back"] = True
                watcher.join()

        started = threading.Event()
        restarter = threading.Thread(target=outage_thread, args=(started,))
        restarter.start()
        try:
            result = asyncio.run(asyncio.wait_for(_burst(urls, started, outage), RUN_LIMIT + 30))
        finally:
            started.set()
            restarter.join()

        assert outage["seen503"] == set(ports), f"/healthz answered 503 during the outage on {outage['seen503']}"
        for port in ports:
            wait_until(f"/healthz 200 on {port} after the restart", lambda: health(port)[0] == 200)
        print(f"restart mid-burst: {result}, /healthz 503 seen on {sorted(outage['seen503'])}")
        assert result["internal"] > 0, "edits sent while the database was away were answered internal"
        assert (a.poll(), b.poll()) == (None, None) and (a.pid, b.pid) == pids, "no node restarted"
    finally:
        stop(a)
        stop(b)


class Writer:
    """One connection sending `addItem` ops with a window of WINDOW in flight; an op answered
    with an error is sent again with the same opId until it is acknowledged."""

    def __init__(self, name, url, token, list_id):
        self.name, self.url, self.token, self.list_id = name, url, token, list_id
        self.acks = {}  # opId → list of acks received for it
        self.errors = []  # (opId, code, when)
        self.acked_after_restart = 0
        self.refs = itertools.count()

    async def run(self, keep_writing, outage):
        async with connect(self.url, subprotocols=["checkwire.v1"], proxy=None, compression=None) as ws:
            await ws.send(json.dumps({"type": "auth", "token": self.token, "ref": "auth"}))
            assert json.loads(await asyncio.wait_for(ws.recv(), 10))["type"] == "authed"
            numbers = itertools.count()
            pending = {}  # ref → opId
            retry = []

            async def send(op_id):
                ref = f"{self.name}-r{next(self.refs)}"
                pending[ref] = op_id
                await ws.send(json.dumps({"type": "op", "opId": op_id, "op": "addItem", "list": self.list_id,
                                          "title": f"{op_id}", "ref": ref}))

            while keep_writing() or pending or retry:
                while len(pending) < WINDOW and (retry or keep_writing()):
                    await send(retry.pop(0) if retry else f"{self.name}-{next(numbers)}")
                if not pending:
                    await asyncio.sleep(RESEND_PAUSE)
                    continue
                reply = json.loads(await asyncio.wait_for(ws.recv(), 30))
                op_id = pending.pop(reply.get("ref"), None)
                assert op_id is not None, f"{self.name}: a reply to nothing sent: {reply}"
                if reply["type"] == "ack":
                    assert reply["opId"] == op_id, reply
                    self.acks.setdefault(op_id, []).append(reply)
                    if outage["back"] is not None:
                        self.acked_after_restart += 1
                else:
                    assert reply["type"] == "error", reply
                    self.errors.append((op_id, reply["code"], time.monotonic()))
                    await asyncio.sleep(RESEND_PAUSE)
                    retry.append(op_id)


class Watcher:
    """A subscriber that records every seq it is sent; if its connection ends it comes back
    with `since` its last seq, as a client does."""

    def __init__(self, url, token, list_id, since):
        self.url, self.token, self.list_id, self.last = url, token, list_id, since
        self.seqs = []
        self.resumes = 0

    async def run(self, head_reached):
        while not head_reached(self.last):
            try:
                client = await auth(self.url, "watcher", self.token)
                subscribed = None
                await client.send({"type": "subscribe", "list": self.list_id, "since": self.last, "ref": "sub"})
                while not head_reached(self.last):
                    try:  # quiet while the database is away: no edit commits then
                        message = json.loads(await asyncio.wait_for(client.ws.recv(), 2))
                    except asyncio.TimeoutError:
                        continue
                    if message["type"] == "event":
                        self.seqs.append(message["seq"])
                        self.last = max(self.last, message["seq"])
                    elif message["type"] == "subscribed":
                        subscribed = message
                    else:
                        pytest.fail(f"watcher: unexpected {message}")
                assert subscribed is not None
                await client.close()
            except (ConnectionClosed, ConnectionError, OSError) as error:  # the connection ended: resume by since
                self.resumes += 1
                print(f"watcher on {self.url} resumes after {error!r}")
                await asyncio.sleep(0.2)


async def _burst(urls, started, outage):
    owner, token = await signup(urls[0], "owner")
    list_id = (await owner.op("create", "createList", title="Burst"))["list"]
    await owner.close()
    watchers = [Watcher(url, token, list_id, 1) for url in urls]
    writers = [Writer(f"w{index}", urls[index % 2], token, list_id) for index in range(WRITERS_PER_NODE * 2)]
    deadline = time.monotonic() + RUN_LIMIT

    def keep_writing():
        # Until every writer had ACKS_AFTER edits acknowledged after PostgreSQL came back, and
        # never past the deadline.
        return time.monotonic() < deadline and (
            outage["back"] is None or any(writer.acked_after_restart < ACKS_AFTER for writer in writers))

    final_head = {}

    def head_reached(last):
        return "seq" in final_head and last >= final_head["seq"]

    watching = [asyncio.create_task(watcher.run(head_reached)) for watcher in watchers]
    writing = asyncio.gather(*(writer.run(keep_writing, outage) for writer in writers))
    while min(len(writer.acks) for writer in writers) < ACKS_BEFORE:
        assert time.monotonic() < deadline, "the burst got under way"
        await asyncio.sleep(0.05)
    started.set()
    await writing
    assert outage["back"] is not None, "the burst outlasted the restart"

    acks = {op_id: replies for writer in writers for op_id, replies in writer.acks.items()}
    for op_id, replies in acks.items():
        assert len(replies) == 1, f"{op_id} acknowledged {len(replies)} times"
    codes = {code for writer in writers for _, code, _ in writer.errors}
    assert codes <= {"internal"}, f"errors other than internal: {codes}"
    seqs = sorted(replies[0]["seq"] for replies in acks.values())
    assert seqs == list(range(2, 2 + len(seqs))), "every acked edit has its own seq, with no gap"
    final_head["seq"] = seqs[-1]
    await asyncio.wait_for(asyncio.gather(*watching), 60)
    for watcher in watchers:
        assert watcher.seqs == list(range(2, final_head["seq"] + 1)), (
            f"{watcher.url}: every seq once, in order (resumed {watcher.resumes} times)")

    # Replay by since on both nodes: every acked edit is there once, under its acked seq.
    for url in urls:
        reader = await auth(url, "owner", token)
        await reader.send({"type": "subscribe", "list": list_id, "since": 1, "ref": "replay"})
        events = [await reader.next() for _ in range(len(seqs))]
        assert {event["opId"]: event["seq"] for event in events} == {
            op_id: replies[0]["seq"] for op_id, replies in acks.items()}
        done = await reader.next()
        assert done["type"] == "subscribed" and done["seq"] == final_head["seq"], done
        await reader.close()
    failed = {op_id for writer in writers for op_id, _, _ in writer.errors}
    last_error = max((when for writer in writers for _, _, when in writer.errors), default=outage["back"])
    return {"internal": sum(1 for writer in writers for _, code, _ in writer.errors if code == "internal"),
            "acked": len(acks), "resent and acked": len(failed & acks.keys()),
            "last internal after PostgreSQL was back (s)": round(last_error - outage["back"], 2),
            "watcher resumes": [watcher.resumes for watcher in watchers]}

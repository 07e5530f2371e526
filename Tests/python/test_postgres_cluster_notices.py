"""Two real `checkwire serve` processes on one real PostgreSQL database (postgres_server.py):
what is said to a user rather than to a checklist's subscribers reaches their connections on
every node. A share, an unshare and a logout on one node act on the other; the reminder
scheduler runs on one node at a time, its reminders, dismissals and snoozes reach every
connection of both nodes once, and when that node is killed the other takes over within 5 s.

    CHECKWIRE_BIN=.build/debug/checkwire python3 -m pytest -q Tests/python/test_postgres_cluster_notices.py
"""

import asyncio
import datetime
import re
import time
import urllib.request

import pytest

from postgres_server import postgres_server, postgres_url  # noqa: F401  (fixtures used by name)
from test_postgres_cluster import auth, signup, two_nodes
from test_postgres_serve import start, stop
from test_protocol_flow import Client

DEADLINE = 20.0  # seconds to wait for a state that should come much sooner


async def next_of(client, kind, timeout=DEADLINE):
    """The next message of this type; any other message first fails the test."""
    message = await asyncio.wait_for(client.next(), timeout)
    assert message["type"] == kind, f"{client.name}: expected {kind}, got {message}"
    return message


def metric(port, name):
    with urllib.request.urlopen(f"http://127.0.0.1:{port}/metrics", timeout=5) as response:
        text = response.read().decode()
    found = re.search(rf"^{name} (\S+)$", text, re.MULTILINE)
    assert found, f"{name} is not exported"
    return float(found.group(1))


def wait_until(what, check, deadline=DEADLINE):
    end = time.monotonic() + deadline
    while time.monotonic() < end:
        if check():
            return
        time.sleep(0.05)
    pytest.fail(f"waited {deadline} s for {what}")


def soon(seconds):
    moment = datetime.datetime.now(datetime.timezone.utc) + datetime.timedelta(seconds=seconds)
    return moment.strftime("%Y-%m-%dT%H:%M:%SZ")


def kill(process):
    process.kill()
    process.wait(timeout=15)
    process.stdout.close()


# --- Sharing, unsharing and signing out


def test_share_unshare_and_logout_on_one_node_act_on_the_other(postgres_url, tmp_path):
    with two_nodes(postgres_url, tmp_path) as urls:
        asyncio.run(asyncio.wait_for(_sharing(*urls), 120))


async def _sharing(url_a, url_b):
    owner, _ = await signup(url_a, "owner")
    friend_on_a, friend_token = await signup(url_a, "friend")
    friend_on_b = await auth(url_b, "friend", friend_token)
    list_id = (await owner.op("create", "createList", title="Groceries"))["list"]

    # A share on A: the friend's connection on B is told at once, SUMMARY with their role.
    assert (await owner.op("share", "share", list=list_id, username="friend", role="editor"))["type"] == "ack"
    for connection in (friend_on_a, friend_on_b):
        shared = await next_of(connection, "listShared")
        assert shared["list"]["id"] == list_id and shared["list"]["role"] == "editor", shared
        assert shared["by"] == "owner"

    # The friend follows the checklist on B and sees A's edits.
    subscribed = await friend_on_b.request({"type": "subscribe", "list": list_id, "since": 2})
    assert subscribed["type"] == "subscribed" and subscribed["seq"] == 2, subscribed
    assert (await owner.op("milk", "addItem", list=list_id, title="Milk"))["type"] == "ack"
    assert (await next_of(friend_on_b, "event"))["seq"] == 3

    # An unshare on A: `revoked` on B, and nothing of the checklist after it.
    assert (await owner.op("unshare", "unshare", list=list_id, username="friend"))["type"] == "ack"
    revoked = await next_of(friend_on_b, "revoked")
    assert revoked == {"type": "revoked", "list": list_id}
    assert (await next_of(friend_on_a, "revoked")) == revoked
    assert (await owner.op("eggs", "addItem", list=list_id, title="Eggs"))["type"] == "ack"
    await friend_on_b.expect_silence()
    again = await friend_on_b.request({"type": "subscribe", "list": list_id})
    assert again["type"] == "error" and again["code"] == "notFound", again

    # A logout on A signs out every connection with that token on B too.
    other_list = (await friend_on_b.op("own", "createList", title="Mine"))["list"]
    assert (await friend_on_b.request({"type": "subscribe", "list": other_list, "since": 1}))["type"] == "subscribed"
    assert (await friend_on_a.request({"type": "logout"}))["type"] == "loggedOut"
    assert (await next_of(friend_on_b, "loggedOut")) == {"type": "loggedOut"}
    refused = await friend_on_b.request({"type": "lists"})
    assert refused["type"] == "error" and refused["code"] == "unauthorized", refused
    stranger = await Client.open(url_b, "stranger")
    reused = await stranger.request({"type": "auth", "token": friend_token})
    assert reused["type"] == "error" and reused["code"] == "unauthorized", reused
    for client in (owner, friend_on_a, friend_on_b, stranger):
        await client.close()


# --- One reminder scheduler for the cluster

SCHEDULER = "checkwire_schedules_reminders"


def test_one_node_schedules_its_reminders_reach_both_and_the_other_takes_over(postgres_url, tmp_path):
    a, port_a = start(postgres_url, tmp_path, "a")
    wait_until("node A to run the scheduler", lambda: metric(port_a, SCHEDULER) == 1)
    b, port_b = start(postgres_url, tmp_path, "b")
    killed = False
    try:
        time.sleep(1.5)  # B tried for the lock at least once
        assert metric(port_b, SCHEDULER) == 0, "only one node runs the scheduler"
        urls = (f"ws://127.0.0.1:{port_a}/ws", f"ws://127.0.0.1:{port_b}/ws")

        def kill_a():
            nonlocal killed
            kill(a)
            killed = True

        asyncio.run(asyncio.wait_for(_reminders(*urls, kill_a), 120))
        assert metric(port_b, SCHEDULER) == 1, "B took the scheduler over"
    finally:
        if not killed:
            stop(a)
        stop(b)


async def _reminders(url_a, url_b, kill_a):
    owner_a, token = await signup(url_a, "owner")
    owner_b = await auth(url_b, "owner", token)
    list_id = (await owner_b.op("create", "createList", title="Chores"))["list"]

    # An item added on B, the node that does not schedule: A fires it once, and both of the
    # owner's connections get it once.
    added = await owner_b.op("bins", "addItem", list=list_id, title="Bins out", due=soon(3), remindBefore=0)
    item = added["id"]
    fired = []
    for connection in (owner_a, owner_b):
        reminder = await next_of(connection, "reminder")
        assert reminder["item"]["id"] == item and reminder["kind"] == "before", reminder
        fired.append(reminder["at"])
    assert fired[0] == fired[1]

    # A snooze on B: A is told, and A (the scheduler) fires it at `until`, on both, once.
    until = soon(3)
    snoozed = await owner_b.request({"type": "snoozeReminder", "list": list_id, "item": item, "until": until})
    assert snoozed["type"] == "reminderSnoozed", snoozed
    told = await next_of(owner_a, "reminderSnoozed")
    assert told["item"] == item and told["until"] == snoozed["until"]
    for connection in (owner_a, owner_b):
        reminder = await next_of(connection, "reminder")
        assert reminder["item"]["id"] == item and reminder["at"] == snoozed["until"], reminder

    # A dismissal on B reaches A.
    dismissed = await owner_b.request({"type": "dismissReminder", "list": list_id, "item": item, "at": fired[0]})
    assert dismissed["type"] == "reminderDismissed", dismissed
    assert (await next_of(owner_a, "reminderDismissed"))["item"] == item
    for connection in (owner_a, owner_b):
        await connection.expect_silence()

    # The scheduling node is killed with a reminder it held and one added after: B takes
    # over, loads the schedule from the tables, and fires both within 5 s of their time.
    held = (await owner_a.op("held", "addItem", list=list_id, title="Held by A", due=soon(4), remindBefore=0))["id"]
    kill_a()
    later = (await owner_b.op("later", "addItem", list=list_id, title="Added after", due=soon(3), remindBefore=0))["id"]
    seen = {}
    while len(seen) < 2:
        reminder = await next_of(owner_b, "reminder")
        assert reminder["item"]["id"] not in seen, f"fired twice: {reminder}"
        seen[reminder["item"]["id"]] = time.time()
        at = datetime.datetime.strptime(reminder["at"], "%Y-%m-%dT%H:%M:%SZ").replace(tzinfo=datetime.timezone.utc)
        assert seen[reminder["item"]["id"]] - at.timestamp() < 5, f"later than 5 s: {reminder}"
    assert set(seen) == {held, later}
    await owner_b.expect_silence()
    await owner_b.close()

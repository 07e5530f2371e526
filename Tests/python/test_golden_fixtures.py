"""The golden fixtures in Tests/fixtures/ (written by the Swift tests from the server's own
encoders) checked from outside: each server fixture has the fields the contract names, and
the client fixtures, sent to a real server, are answered with messages of exactly the
fixtures' shape (the same keys at every level).
"""

import asyncio
import json
import time
from pathlib import Path

from test_protocol_flow import Client, server  # noqa: F401  (the fixture is used by name)

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures" / "wire"

# The contract's fields per server message type (../shared/PROTOCOL.md), besides "type" and "ref".
REQUIRED = {
    "authed": {"user"},
    "loggedOut": set(),
    "error": {"code", "message"},
    "ack": {"opId", "list", "seq"},
    "lists": {"lists"},
    "snapshot": {"list", "seq"},
    "subscribed": {"list", "seq", "replayed"},
    "unsubscribed": {"list"},
    "listShared": {"list", "by"},
    "revoked": {"list"},
    "event": {"list", "seq", "opId", "op", "by", "at", "changes"},
    # The contract's "Additions": time zones, the Inbox and reminders.
    "settings": {"tz", "inbox"},
    "reminder": {"list", "item", "kind", "at", "late"},
    "reminderDismissed": {"list", "item", "at"},
    "reminderSnoozed": {"list", "item", "until"},
    "history": {"list", "days"},
    # Planning, search, calendar feeds, attachments and Web Push.
    "agenda": {"items", "overdue"},
    "search": {"results"},
    "feed": {"url"},
    "attachmentURL": {"url"},
    "pushKey": {"key"},
    "pushSubscribed": {"id"},
    "pushUnsubscribed": {"id"},
    "devices": {"devices"},
}
# The entries of `agenda` and `search`, and a device of `devices`.
ENTRY = {"list", "listTitle"}
HIT = ENTRY | {"listStatus", "snippet"}
DEVICE = {"id", "device", "created", "lastUsed"}
SUMMARY = {"id", "title", "description", "status", "due", "seq", "completion", "participants", "updatedAt", "completedAt", "cancelledAt",
           "tz", "inbox", "kind", "sequential"}
ITEM = {"id", "parent", "position", "title", "notes", "due", "location", "remindEvery", "status", "createdBy", "createdAt",
        "doneBy", "doneAt", "cancelledBy", "cancelledAt", "remindBefore", "assignee", "repeat", "sequential", "availableFrom", "available"}


def load(direction):
    return {path.stem: json.loads(path.read_text()) for path in sorted((FIXTURES / direction).glob("*.json"))}


def test_server_fixtures_have_the_contracts_fields():
    fixtures = load("server")
    assert {f["type"] for f in fixtures.values()} == set(REQUIRED), "a message type has no fixture"
    for name, message in fixtures.items():
        assert REQUIRED[message["type"]] <= set(message), f"{name}: missing {REQUIRED[message['type']] - set(message)}"
        lists = [message["list"]] if isinstance(message.get("list"), dict) else message.get("lists", [])
        lists += [message["changes"]["list"]] if "list" in message.get("changes", {}) else []
        for summary in lists:
            assert SUMMARY <= set(summary), f"{name}: summary lacks {SUMMARY - set(summary)}"
        items = message["list"].get("items", []) if isinstance(message.get("list"), dict) else []
        items += message.get("changes", {}).get("items", [])
        items += [message["item"]] if isinstance(message.get("item"), dict) else []
        entries = message.get("items", []) + message.get("overdue", []) if message["type"] == "agenda" else []
        for entry in entries:
            assert ENTRY <= set(entry), f"{name}: agenda entry lacks {ENTRY - set(entry)}"
        for hit in message.get("results", []):
            assert HIT <= set(hit), f"{name}: search result lacks {HIT - set(hit)}"
        items += [entry["item"] for entry in entries + message.get("results", []) if "item" in entry]
        for device in message.get("devices", []):
            assert DEVICE <= set(device), f"{name}: device lacks {DEVICE - set(device)}"
        for item in items:
            assert ITEM <= set(item), f"{name}: item lacks {ITEM - set(item)}"


def shape(value):
    """The keys at every level: what must match between a fixture and a live message."""
    if isinstance(value, dict):
        return {key: shape(inner) for key, inner in value.items()}
    if isinstance(value, list):
        return [shape(value[0])] if value else []
    return None


def test_live_replies_have_the_fixtures_shape(server):  # noqa: F811
    client_fixtures = load("client")
    server_fixtures = load("server")

    async def run():
        olive = await Client.open(server, "olive")
        bob = await Client.open(server, "bob")
        await bob.request({"type": "signup", "username": "bob", "password": "correct horse"})
        seen = {}
        await olive.send(client_fixtures["signup"])
        seen["authed"] = await olive.next()
        for name in ("op-createList", "op-addItem", "op-share", "lists", "subscribe-fresh"):
            message = dict(client_fixtures[name])
            if name == "op-addItem":
                message.pop("parent"), message.pop("after")
            await olive.send(message)
            while True:
                reply = await olive.next()
                seen.setdefault(reply["type"], reply)
                if reply["type"] in ("ack", "lists", "subscribed", "error"):
                    break
        seen["listShared"] = await bob.next()
        await olive.send(client_fixtures["op-completeItem"] | {"item": "item-tickets"})
        while "event" not in seen:
            reply = await olive.next()
            seen.setdefault(reply["type"], reply)
        list_id = seen["ack"]["list"]
        in_an_hour = time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime(time.time() + 3600))
        for name, changes in (
            ("settings", {}),
            ("dismissReminder", {"list": list_id}),
            ("snoozeReminder", {"list": list_id, "until": in_an_hour}),
        ):
            await olive.send(client_fixtures[name] | changes)
            while True:
                reply = await olive.next()
                seen.setdefault(reply["type"], reply)
                if reply["type"] in ("settings", "reminderDismissed", "reminderSnoozed", "error"):
                    break
        await olive.ws.close()
        await bob.ws.close()
        return seen

    seen = asyncio.run(asyncio.wait_for(run(), 30))
    assert "error" not in seen, seen.get("error")
    assert {"authed", "ack", "lists", "snapshot", "subscribed", "listShared", "event", "settings", "reminderDismissed",
            "reminderSnoozed"} <= set(seen), sorted(seen)
    for kind, live in seen.items():
        fixture = server_fixtures[{"authed": "authed", "ack": "ack"}.get(kind, kind)] if kind != "event" else server_fixtures["event-completeItem"]
        live_shape, fixture_shape = shape(live), shape(fixture)
        for optional in ("ref", "id", "item", "completion"):
            live_shape.pop(optional, None)
            fixture_shape.pop(optional, None)
        assert live_shape == fixture_shape, f"{kind}: live {live_shape} != fixture {fixture_shape}"


def test_live_planning_replies_have_the_fixtures_shape(server):  # noqa: F811
    """`agenda`, `search` and `feed` from a live server have the keys of the fixtures the
    Swift writers produced (the same keys at every level)."""
    client_fixtures = load("client")
    server_fixtures = load("server")

    async def run():
        olive = await Client.open(server, "olive")
        assert (await olive.request(client_fixtures["signup"]))["type"] == "authed"
        assert (await olive.request(client_fixtures["op-createList"]))["type"] == "ack"
        tickets = {key: value for key, value in client_fixtures["op-addItem"].items() if key not in ("parent", "after")}
        assert (await olive.request(tickets))["type"] == "ack"
        assert (await olive.op("op-quiz", "addItem", list="list-1", id="item-quiz", title="Quiz", due="2027-03-04"))["type"] == "ack"
        seen = {
            "agenda": await olive.request({"type": "agenda", "from": "2027-03-05", "to": "2027-03-11"}),
            "search": await olive.request({"type": "search", "q": "tickets"}),
            "feed": await olive.request({"type": "feed"}),
            "feed-list": await olive.request({"type": "feed", "list": "list-1"}),
        }
        await olive.close()
        return seen

    seen = asyncio.run(asyncio.wait_for(run(), 30))
    assert [entry["item"]["id"] for entry in seen["agenda"]["items"]] == ["item-tickets"], seen["agenda"]
    assert [entry["item"]["id"] for entry in seen["agenda"]["overdue"]] == ["item-quiz"], seen["agenda"]
    assert [hit["item"]["id"] for hit in seen["search"]["results"]] == ["item-tickets"], seen["search"]
    for name, live in seen.items():
        live_shape, fixture_shape = shape(live), shape(server_fixtures[name])
        live_shape.pop("ref", None)
        fixture_shape.pop("ref", None)
        assert live_shape == fixture_shape, f"{name}: live {live_shape} != fixture {fixture_shape}"

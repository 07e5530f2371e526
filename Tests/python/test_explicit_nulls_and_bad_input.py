"""Issue 19, item 12, from outside: an op error always echoes its opId (also when the `ref` is
too long), explicit nulls follow the one rule of docs/protocol.md ("null is the same as
absent, except where the contract gives null a meaning"), and a leap second is refused."""

import asyncio
import json

from test_protocol_flow import Client, server  # noqa: F401  (the fixture is used by name)


async def raw(client, message):
    await client.send(message)
    return await client.next()


def test_explicit_nulls_and_bad_input(server):  # noqa: F811
    async def run():
        ana = await Client.open(server, "ana")
        authed = await ana.request({"type": "signup", "username": "ana", "password": "correct horse"})
        assert authed["type"] == "authed"
        created = await ana.op("c1", "createList", title="Trip", id=None)
        assert created["type"] == "ack" and created["id"], created  # "id": null → the server chooses
        list_id = created["list"]

        # A too-long ref: badRequest, and the opId is echoed like any op error.
        long_ref = await raw(ana, {"type": "op", "opId": "o-long", "op": "addItem", "list": list_id, "title": "x", "ref": "r" * 65})
        assert long_ref["type"] == "error" and long_ref["code"] == "badRequest", long_ref
        assert long_ref["opId"] == "o-long"
        assert "ref" not in long_ref

        # "ref": null is the same as no ref: the reply carries none.
        no_ref = await raw(ana, {"type": "lists", "ref": None})
        assert no_ref["type"] == "lists" and "ref" not in no_ref

        # A leap second is refused, not stored as :59.
        leap = await ana.op("o-leap", "addItem", list=list_id, title="Leap", due="2027-12-31T23:59:60Z")
        assert leap["code"] == "badRequest" and leap["opId"] == "o-leap", leap

        # Nulls with a meaning: "after": null puts first, "parent": null moves to the root,
        # "due": null clears; nulls without one are absent ("id", "notes" on add, "since").
        first = await ana.op("a1", "addItem", list=list_id, title="First", id=None, notes=None)
        assert first["type"] == "ack", first
        second = await ana.op("a2", "addItem", list=list_id, title="Before it", after=None, due="2027-05-01")
        child = await ana.op("a3", "addItem", list=list_id, title="Child", parent=first["id"])
        moved = await ana.op("m1", "moveItem", list=list_id, item=child["id"], parent=None)
        cleared = await ana.op("u1", "updateItem", list=list_id, item=second["id"], due=None)
        assert all(r["type"] == "ack" for r in (second, child, moved, cleared)), (second, child, moved, cleared)
        no_title = await ana.op("u2", "updateItem", list=list_id, item=second["id"], title=None)
        assert no_title["code"] == "badRequest" and no_title["opId"] == "u2", no_title

        await ana.send({"type": "subscribe", "list": list_id, "since": None})
        snapshot = await ana.next()
        assert snapshot["type"] == "snapshot", snapshot
        roots = sorted((i for i in snapshot["list"]["items"] if i["parent"] is None), key=lambda i: i["position"])
        assert [i["title"] for i in roots] == ["Before it", "First", "Child"], [i["title"] for i in roots]
        before = next(i for i in roots if i["title"] == "Before it")
        assert before["due"] is None and before["notes"] is None
        await ana.close()

    asyncio.run(asyncio.wait_for(run(), 60))

"""Web Push end to end (docs/protocol.md, "Notifications when nothing is open"): a real
server and SQLite file, and `push_service.py` on 127.0.0.1, which verifies each VAPID header
with `py-vapid` and decrypts each body with `http-ece`.

A browser's part is played by the test: it asks the push service for a subscription (a fresh
P-256 key and auth secret, as `pushManager.subscribe` makes) and hands it to the server with
`pushSubscribe`. Reminders fire a few seconds after they are set, in real time; every wait is
for a state (a message at the push service, a device gone), bounded by a deadline.
"""

import asyncio
import base64
import datetime
import json
import time
import urllib.request

import pytest

from push_service import PushService
from test_protocol_flow import STEP_TIMEOUT, Client, running_server

DEADLINE = 20.0  # seconds for a push to arrive or a device to go


@pytest.fixture
def push_service():
    service = PushService().start()
    try:
        yield service
    finally:
        service.stop()


@pytest.fixture
def push_server(tmp_path):
    """A server that sends push, to loopback endpoints too (the push service here)."""
    with running_server(tmp_path, "--vapid-subject", "mailto:ops@example.org", "--allow-loopback-push") as url:
        yield url


class PushClient(Client):
    """A client whose requests skip the reminders that arrive meanwhile (kept in `reminders`)."""

    def __init__(self, ws, name):
        super().__init__(ws, name)
        self.reminders = []
        self.counter = 0

    async def request(self, message):
        self.counter += 1
        ref = f"{self.name}-{self.counter}"
        await self.send({**message, "ref": ref})
        while True:
            reply = await self.next()
            if reply.get("type") == "reminder":
                self.reminders.append(reply)
                continue
            assert reply.get("ref") == ref, f"{self.name}: expected the reply to {ref}, got {reply}"
            return reply


async def signup(url, name):
    client = await PushClient.open(url, name)
    reply = await client.request({"type": "signup", "username": name, "password": "correct horse battery"})
    assert reply["type"] == "authed", reply
    return client


def http(method, url, body=None):
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(url, data=data, method=method)
    with urllib.request.urlopen(request, timeout=STEP_TIMEOUT) as response:
        text = response.read()
    return json.loads(text) if text else None


def new_subscription(service):
    return http("POST", f"{service.origin}/subscriptions", {})


def subscription_id(subscription):
    return subscription["endpoint"].rsplit("/", 1)[1]


def messages(service, ident):
    return http("GET", f"{service.origin}/messages?id={ident}")


async def wait_for(condition, what, deadline=DEADLINE):
    end = time.monotonic() + deadline
    while time.monotonic() < end:
        value = await asyncio.to_thread(condition)
        if value:
            return value
        await asyncio.sleep(0.05)
    pytest.fail(f"waited {deadline} s for {what}")


def b64url_decode(text):
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


def soon(seconds):
    moment = datetime.datetime.now(datetime.timezone.utc) + datetime.timedelta(seconds=seconds)
    return moment.strftime("%Y-%m-%dT%H:%M:%SZ")


async def subscribe(client, subscription, device):
    return await client.request({"type": "pushSubscribe", **subscription, "device": device})


async def remind_soon(client, list_id, op_id, title):
    """An item whose reminder fires in about two seconds."""
    reply = await client.op(op_id, "addItem", list=list_id, title=title, due=soon(2), remindBefore=0)
    assert reply["type"] == "ack", reply
    return reply["id"]


def test_a_reminder_goes_to_each_device_once_and_gone_devices_are_removed(push_server, push_service):
    asyncio.run(asyncio.wait_for(_reminders_by_push(push_server, push_service), 120))


async def _reminders_by_push(url, service):
    ana = await signup(url, "ana")
    try:
        key = (await ana.request({"type": "pushKey"}))["key"]
        raw = b64url_decode(key)
        assert len(raw) == 65 and raw[0] == 4, "an uncompressed P-256 point"

        laptop = new_subscription(service)
        subscribed = await subscribe(ana, laptop, "Chromium on Linux")
        assert subscribed["type"] == "pushSubscribed" and subscribed["id"], subscribed
        devices = (await ana.request({"type": "devices"}))["devices"]
        assert [(d["id"], d["device"]) for d in devices] == [(subscribed["id"], "Chromium on Linux")]
        assert set(devices[0]) == {"id", "device", "created", "lastUsed"}
        # The same endpoint again updates the device: same id, new name, still one.
        again = await subscribe(ana, laptop, "Laptop")
        assert again["id"] == subscribed["id"]
        devices = (await ana.request({"type": "devices"}))["devices"]
        assert [d["device"] for d in devices] == ["Laptop"]

        course = (await ana.op("c1", "createList", title="Physics"))["id"]

        # A reminder fires: the push arrives, signed for this origin and decrypted by http-ece,
        # and its payload is the reminder message as the WebSocket sends it.
        item = await remind_soon(ana, course, "i1", "Lab report")
        laptop_id = subscription_id(laptop)
        arrived = await wait_for(lambda: messages(service, laptop_id), "the first push")
        push = arrived[0]
        assert push["problems"] == [], push
        assert push["answered"] == 201
        assert push["vapidKey"] == key, "signed with the key pushKey gave"
        assert push["claims"]["sub"] == "mailto:ops@example.org"
        assert push["urgency"] == "high" and int(push["ttl"]) > 0
        payload = json.loads(push["payload"])
        assert payload["type"] == "reminder"
        assert payload["list"] == course and payload["item"]["id"] == item
        assert payload["item"]["title"] == "Lab report" and payload["kind"] == "before"
        assert payload["listTitle"] == "Physics" and payload["late"] is False
        # The open connection got the same occurrence live.
        while not ana.reminders:
            message = await ana.next()
            if message.get("type") == "reminder":
                ana.reminders.append(message)
        live = ana.reminders[0]
        assert (live["item"]["id"], live["kind"], live["at"]) == (item, payload["kind"], payload["at"])

        # A second device gets the next reminder too; the first answers 410 and is removed.
        phone = new_subscription(service)
        phone_id_on_server = (await subscribe(ana, phone, "Phone"))["id"]
        http("PUT", f"{service.origin}/script/{laptop_id}", [{"status": 410}])
        await remind_soon(ana, course, "i2", "Essay")
        await wait_for(lambda: len(messages(service, laptop_id)) >= 2, "the push the laptop answers 410 to")
        # Each occurrence once: the laptop got the first reminder once, then the second.
        laptop_pushes = messages(service, laptop_id)
        assert [json.loads(m["payload"])["item"]["title"] for m in laptop_pushes] == ["Lab report", "Essay"]
        assert [m["answered"] for m in laptop_pushes] == [201, 410]
        phone_pushes = await wait_for(lambda: messages(service, subscription_id(phone)), "the phone's push")
        assert json.loads(phone_pushes[0]["payload"])["item"]["title"] == "Essay"

        async def laptop_gone():
            while True:
                devices = (await ana.request({"type": "devices"}))["devices"]
                if [d["id"] for d in devices] == [phone_id_on_server]:
                    return devices
                await asyncio.sleep(0.05)

        devices = await asyncio.wait_for(laptop_gone(), DEADLINE)
        assert devices[0]["device"] == "Phone"
        # A push the phone took is its `lastUsed`.
        assert devices[0]["lastUsed"] > devices[0]["created"], devices

        # A reminder too long for one push (notes of 10,000 characters) goes without its notes.
        long_item = (await ana.op("i4", "addItem", list=course, title="Reading list", notes="n" * 10_000,
                                  due=soon(2), remindBefore=0))["id"]
        long_pushes = await wait_for(
            lambda: [m for m in messages(service, subscription_id(phone)) if "Reading list" in (m.get("payload") or "")],
            "the long reminder's push")
        assert long_pushes[0]["problems"] == [] and long_pushes[0]["bodyLength"] <= 4096
        long_payload = json.loads(long_pushes[0]["payload"])
        assert long_payload["item"]["id"] == long_item and long_payload["item"]["notes"] is None

        # 429 with Retry-After: tried again after the wait, and then delivered.
        phone_id = subscription_id(phone)
        http("PUT", f"{service.origin}/script/{phone_id}", [{"status": 429, "retry_after": "1"}])
        await remind_soon(ana, course, "i3", "Problem set")
        tries = await wait_for(
            lambda: [m for m in messages(service, phone_id) if "Problem set" in (m.get("payload") or "")]
            if len([m for m in messages(service, phone_id) if "Problem set" in (m.get("payload") or "")]) >= 2
            else None,
            "the retried push")
        assert [t["answered"] for t in tries] == [429, 201]
        assert tries[1]["receivedAt"] - tries[0]["receivedAt"] >= 0.9, "Retry-After: 1 was waited for"
        assert all(t["problems"] == [] for t in tries)

        # /metrics counts what the sender did: three delivered, one gone, one retried.
        metrics_url = url.replace("ws://", "http://").replace("/ws", "/metrics")
        with urllib.request.urlopen(metrics_url, timeout=STEP_TIMEOUT) as response:
            exposition = response.read().decode()
        values = {line.split()[0]: float(line.split()[1]) for line in exposition.splitlines()
                  if line.startswith("checkwire_push_")}
        assert values["checkwire_push_gone"] == 1 and values["checkwire_push_retried"] == 1, values
        assert values["checkwire_push_delivered"] >= 3 and values["checkwire_push_failed"] == 0, values

        # The device the user removes gets nothing more.
        removed = await ana.request({"type": "pushUnsubscribe", "id": phone_id_on_server})
        assert removed == {"type": "pushUnsubscribed", "id": phone_id_on_server, "ref": removed["ref"]}
        assert (await ana.request({"type": "devices"}))["devices"] == []
    finally:
        await ana.close()


def test_requests_a_push_service_holds_open_do_not_hold_up_the_others(push_server, push_service):
    asyncio.run(asyncio.wait_for(_held_open(push_server, push_service), 120))


async def _held_open(url, service):
    """More requests held open than the sender runs at once for one push service: the ones
    behind them still go out, long before the held ones reach the sender's time limit."""
    gil = await signup(url, "gil")
    try:
        stuck = [new_subscription(service) for _ in range(17)]
        fine = [new_subscription(service) for _ in range(3)]
        for number, subscription in enumerate(stuck + fine):
            await subscribe(gil, subscription, f"Device {number}")
        for subscription in stuck:
            http("PUT", f"{service.origin}/script/{subscription_id(subscription)}", [{"hang": True}])
        course = (await gil.op("c1", "createList", title="Chemistry"))["id"]
        await remind_soon(gil, course, "i1", "Titration")
        delivered = await wait_for(
            lambda: [m for s in fine for m in messages(service, subscription_id(s))] if all(
                messages(service, subscription_id(s)) for s in fine) else None,
            "the pushes of the devices that answer")
        held = [m for s in stuck for m in messages(service, subscription_id(s))]
        # The premise: the held requests went out first and filled the sender's 16 slots.
        first_fine = min(m["receivedAt"] for m in delivered)
        assert sum(1 for m in held if m["receivedAt"] < first_fine) >= 16
        # The point: the others were delivered while every held request was still held.
        assert [m["answered"] for m in delivered] == [201, 201, 201]
        assert len(held) == 17 and all(m["answered"] == "hang" and "abandonedAt" not in m for m in held)
    finally:
        await gil.close()
        for subscription in stuck:
            http("PUT", f"{service.origin}/release/{subscription_id(subscription)}", None)


def test_bad_subscriptions_are_refused_and_change_nothing(push_server, push_service):
    asyncio.run(asyncio.wait_for(_bad_subscriptions(push_server, push_service), 120))


async def _bad_subscriptions(url, service):
    ben = await signup(url, "ben")
    cleo = await signup(url, "cleo")
    try:
        good = new_subscription(service)

        async def refused(subscription, device="Phone"):
            reply = await ben.request({"type": "pushSubscribe", **subscription, "device": device})
            assert reply["type"] == "error", reply
            return reply

        def variant(endpoint=None, p256dh=None, auth=None):
            return {
                "endpoint": endpoint or good["endpoint"],
                "keys": {"p256dh": p256dh or good["keys"]["p256dh"], "auth": auth or good["keys"]["auth"]},
            }

        reply = await refused(variant(endpoint="http://push.example.org/send/1"))
        assert reply["code"] == "badRequest" and "https" in reply["message"]
        reply = await refused(variant(endpoint="https://10.0.0.1/send/1"))
        assert reply["code"] == "badRequest" and "address" in reply["message"]
        reply = await refused(variant(endpoint=good["endpoint"].replace("127.0.0.1", "localhost")))
        assert reply["code"] == "badRequest"
        reply = await refused(variant(p256dh="AAAA"))
        assert reply["code"] == "badRequest" and "p256dh" in reply["message"]
        reply = await refused(variant(auth=base64.urlsafe_b64encode(b"short").decode().rstrip("=")))
        assert reply["code"] == "badRequest" and "auth" in reply["message"]
        reply = await refused(variant(), device="   ")
        assert reply["code"] == "badRequest" and "device" in reply["message"]
        reply = await ben.request({"type": "pushSubscribe", "endpoint": good["endpoint"], "device": "Phone"})
        assert reply["code"] == "badRequest" and "keys" in reply["message"]
        assert (await ben.request({"type": "devices"}))["devices"] == []

        # Twenty devices an account may have; the twenty-first is too many and changes nothing.
        for number in range(20):
            reply = await ben.request(
                {"type": "pushSubscribe", **new_subscription(service), "device": f"Browser {number}"})
            assert reply["type"] == "pushSubscribed", reply
        reply = await refused(good)
        assert reply["code"] == "tooLarge" and "20" in reply["message"], reply
        devices = (await ben.request({"type": "devices"}))["devices"]
        assert len(devices) == 20 and "Phone" not in {d["device"] for d in devices}

        # Someone else's device is not yours to remove, and looks like none at all.
        reply = await cleo.request({"type": "pushUnsubscribe", "id": devices[0]["id"]})
        assert reply["code"] == "notFound", reply
        assert len((await ben.request({"type": "devices"}))["devices"]) == 20
    finally:
        await ben.close()
        await cleo.close()


def test_a_server_without_a_vapid_subject_says_it_sends_no_push(tmp_path):
    with running_server(tmp_path) as url:
        asyncio.run(asyncio.wait_for(_no_push(url), 60))


async def _no_push(url):
    dee = await signup(url, "dee")
    try:
        for request in ({"type": "pushKey"}, {"type": "devices"}):
            reply = await dee.request(request)
            assert reply["type"] == "error" and reply["code"] == "badRequest", reply
            assert "--vapid-subject" in reply["message"]
    finally:
        await dee.close()


def test_loopback_endpoints_need_the_test_flag(tmp_path, push_service):
    with running_server(tmp_path, "--vapid-subject", "https://ops.example.org/contact") as url:
        asyncio.run(asyncio.wait_for(_loopback_refused(url, push_service), 60))


async def _loopback_refused(url, service):
    eve = await signup(url, "eve")
    try:
        reply = await eve.request({"type": "pushSubscribe", **new_subscription(service), "device": "Test"})
        assert reply["type"] == "error" and reply["code"] == "badRequest", reply
        assert reply["message"] == "the endpoint must be https://"
        assert (await eve.request({"type": "pushKey"}))["type"] == "pushKey"
    finally:
        await eve.close()


def test_a_hanging_push_service_delays_no_other_delivery(push_server, push_service):
    asyncio.run(asyncio.wait_for(_hanging(push_server, push_service), 120))


async def _hanging(url, service):
    fay = await signup(url, "fay")
    try:
        stuck = new_subscription(service)
        fine = new_subscription(service)
        await subscribe(fay, stuck, "Stuck laptop")
        await subscribe(fay, fine, "Phone")
        http("PUT", f"{service.origin}/script/{subscription_id(stuck)}", [{"hang": True}])
        course = (await fay.op("c1", "createList", title="Physics"))["id"]
        await remind_soon(fay, course, "i1", "Lab report")
        # The stuck device's push is held open by its service; the phone's arrives all the same,
        # and so does the live reminder, and the server keeps answering.
        await wait_for(lambda: messages(service, subscription_id(stuck)), "the push the stuck service holds")
        phone = await wait_for(lambda: messages(service, subscription_id(fine)), "the phone's push")
        assert phone[0]["answered"] == 201 and phone[0]["problems"] == []
        while not fay.reminders:
            message = await fay.next()
            if message.get("type") == "reminder":
                fay.reminders.append(message)
        assert fay.reminders[0]["item"]["title"] == "Lab report"
        assert (await fay.request({"type": "devices"}))["type"] == "devices"
        assert messages(service, subscription_id(stuck))[0]["answered"] == "hang"
    finally:
        await fay.close()
        http("PUT", f"{service.origin}/release/{subscription_id(stuck)}", None)

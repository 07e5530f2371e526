"""`checkwire notify` and `checkwire devices` against a real server that sends push and mail
(through `smtp_server.py`, aiosmtpd, on 127.0.0.1): the devices a browser subscribed are listed,
one is removed by name; an address is set, confirmed by its link and changed; and a server
without push or mail says so."""

import asyncio
import json
import os
import re
import sys
import time
import urllib.request

import pytest
from websockets.asyncio.client import connect

from conftest import Server

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
from smtp_relay import relay  # noqa: E402,F401  (a fixture, from Tests/python beside this folder)

# RFC 8291's example browser keys: a valid P-256 point and a 16-byte secret.
KEYS = {"p256dh": "BCVxsr7N_eNgVRqvHtD0zTZsEc6-VV-JvLexhqUzORcxaOzi6-AYWXvTBHm4bjyPjs7Vd8pZGH6SRpkNtoIAiw4",
        "auth": "BTBZMqHH6r4Tts7J_aSIgg"}


@pytest.fixture
def server(tmp_path, relay):
    running = Server(tmp_path, env={
        "CHECKWIRE_VAPID_SUBJECT": "mailto:ops@example.org",
        "CHECKWIRE_SMTP": f"smtp://127.0.0.1:{relay.port}",
        "CHECKWIRE_MAIL_FROM": "reminders@checkwire.test",
    })
    yield running
    running.stop()


def subscribe_browser(url, token, endpoint, device):
    """What the web client does when push is turned on in a browser."""
    async def run():
        async with connect(url, subprotocols=["checkwire.v1"], proxy=None) as ws:
            await ws.send(json.dumps({"type": "auth", "token": token}))
            assert json.loads(await ws.recv())["type"] == "authed"
            await ws.send(json.dumps({"type": "pushSubscribe", "endpoint": endpoint, "keys": KEYS, "device": device}))
            reply = json.loads(await ws.recv())
            assert reply["type"] == "pushSubscribed", reply
            return reply["id"]
    return asyncio.run(asyncio.wait_for(run(), 20))


def saved_token(user):
    """The session token `checkwire signup` saved under the user's HOME (a browser has its own)."""
    for path in user.home.rglob("*"):
        if path.is_file():
            try:
                data = json.loads(path.read_text())
            except (ValueError, UnicodeDecodeError):
                continue
            found = find_token(data)
            if found:
                return found
    pytest.fail("no saved session token in the user's home")


def find_token(value):
    if isinstance(value, dict):
        if isinstance(value.get("token"), str):
            return value["token"]
        for child in value.values():
            found = find_token(child)
            if found:
                return found
    return None


def test_devices_are_listed_and_one_is_removed_by_name(alice, server):
    assert "No device takes your notifications." in alice.ok("devices").stdout
    token = saved_token(alice)
    laptop = subscribe_browser(server.url, token, "https://push.example.org/send/laptop", "Firefox on Linux")
    subscribe_browser(server.url, token, "https://push.example.org/send/phone", "Chrome on Android")

    listed = alice.ok("devices", "--json").json()
    assert [d["device"] for d in listed["devices"]] == ["Firefox on Linux", "Chrome on Android"]
    assert listed["devices"][0]["id"] == laptop

    shown = alice.ok("notify").stdout
    assert "Web Push: on" in shown
    assert "2 devices take your notifications:" in shown and "Chrome on Android" in shown
    assert "Email: off — `checkwire notify --email ADDRESS`" in shown

    removed = alice.ok("notify", "--remove", "chrome on android", "--json").json()
    assert removed["removed"]["device"] == "Chrome on Android"
    assert [d["device"] for d in removed["devices"]] == ["Firefox on Linux"]
    assert [d["id"] for d in alice.ok("devices", "--json").json()["devices"]] == [laptop]

    missing = alice.fails("notify", "--remove", "Phone")
    assert "no device named “Phone”" in missing.stderr


def test_a_server_without_push_says_so(tmp_path, users):
    (tmp_path / "plain").mkdir()
    plain = Server(tmp_path / "plain")
    try:
        bob = users("bob", sign_up=False)
        bob.env["CHECKWIRE_SERVER"] = plain.url
        bob.ok("signup", "bob", "--password-stdin", input="correct horse battery\n")
        shown = bob.ok("notify").stdout
        assert "Web Push: off" in shown and "--vapid-subject" in shown
        assert bob.ok("notify", "--json").json()["push"] is False
        assert "no device to remove" in bob.fails("notify", "--remove", "Phone").stderr
        assert "Email: off — this server was started without --smtp" in shown
        assert "sends no mail" in bob.fails("notify", "--email", "bob@example.org").stderr
    finally:
        plain.stop()


def test_email_is_set_confirmed_changed_and_turned_off(alice, relay):
    shown = alice.ok("notify", "--email", "alice@example.org", "--digest", "07:30", "--quiet", "22:00-07:00").stdout
    assert "Email: alice@example.org (not confirmed yet" in shown
    assert "digest: 07:30 daily (UTC)" in shown and "quiet hours: 22:00–07:00" in shown

    deadline = time.monotonic() + 30
    while not relay.mails() and time.monotonic() < deadline:
        time.sleep(0.05)
    check = relay.mails()[0]
    assert check["rcptTos"] == ["alice@example.org"]
    link = re.search(r"http://127\.0\.0\.1:\d+/email/verify/[0-9a-f]{64}", check["body"]).group(0)
    with urllib.request.urlopen(link, timeout=10) as response:
        assert response.status == 200

    status = alice.ok("notify", "--json").json()["email"]
    assert status == {"available": True, "address": "alice@example.org", "verified": True, "reminders": True,
                      "digest": "07:30", "quietHours": {"from": "22:00", "to": "07:00"}}
    shown = alice.ok("notify", "--email-reminders", "off", "--digest", "off", "--quiet", "off").stdout
    assert "(confirmed)" in shown and "reminders: off" in shown and "digest: off" in shown
    assert "quiet hours: none" in shown

    assert "--digest takes a local time" in alice.fails("notify", "--digest", "25:00").stderr
    refused = alice.fails("notify", "--email", "not an address")
    assert "email" in refused.stderr
    assert alice.ok("notify", "--json").json()["email"]["address"] == "alice@example.org"

    assert "Email: off — `checkwire notify --email ADDRESS`" in alice.ok("notify", "--email-off").stdout

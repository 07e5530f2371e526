"""Email end to end (docs/protocol.md, "Notifications when nothing is open"): a real server
and SQLite file, and `smtp_server.py` (aiosmtpd) on 127.0.0.1, which parses each mail with
Python's `email` package as a mail reader would.

The address check by link, a reminder mailed after the fallback when no connection took it
(the server runs with `--email-fallback 1`), one taken live and so not mailed, the one-click
unsubscribe (RFC 8058 POST), the digest at the user's local time (the server's clock is set
just before a minute with the hidden `--clock-offset`), a relay that is down (retried,
counted in /metrics, nothing else slowed), and bad settings refused. Every wait is for a state
(a mail in the spool, a counter in /metrics), bounded by a deadline.
"""

import asyncio
import datetime
import math
import re
import socket
import time
import urllib.error
import urllib.request
import zoneinfo

import pytest

from smtp_relay import relay  # noqa: F401  (a fixture)
from test_protocol_flow import STEP_TIMEOUT, running_server
from test_web_push import PushClient, soon, wait_for

SENDER = "Checkwire <reminders@checkwire.test>"


def mail_server(tmp_path, relay_port, *extra):
    return running_server(
        tmp_path, "--smtp", f"smtp://127.0.0.1:{relay_port}", "--mail-from", SENDER, "--email-fallback", "1", *extra)


def http_url(ws_url, path):
    return ws_url.replace("ws://", "http://").replace("/ws", path)


def fetch(url, method="GET", body=None, headers=None):
    request = urllib.request.Request(url, data=body, method=method, headers=headers or {})
    try:
        with urllib.request.urlopen(request, timeout=STEP_TIMEOUT) as response:
            return response.status, response.read().decode(), dict(response.headers)
    except urllib.error.HTTPError as error:
        return error.code, error.read().decode(), dict(error.headers)


def metric(ws_url, name):
    status, text, _ = fetch(http_url(ws_url, "/metrics"))
    assert status == 200
    for line in text.splitlines():
        if line.startswith(name + " ") or line.startswith(name + "{"):
            return float(line.rsplit(" ", 1)[1])
    return None


async def signup(url, name):
    client = await PushClient.open(url, name)
    reply = await client.request({"type": "signup", "username": name, "password": "correct horse battery"})
    assert reply["type"] == "authed", reply
    client.token = reply["token"]
    return client


async def sign_in_again(url, client):
    again = await PushClient.open(url, client.name)
    reply = await again.request({"type": "auth", "token": client.token})
    assert reply["type"] == "authed", reply
    again.token = client.token
    return again


def link_in(mail, path):
    match = re.search(r"(http://127\.0\.0\.1:\d+" + re.escape(path) + r"[0-9a-f]{64})", mail["body"])
    assert match, f"no {path} link in {mail['body']!r}"
    return match.group(1)


async def verified_address(url, relay, client, address):
    """Sets the address, opens the link in its check mail, and returns the settings."""
    before = len(relay.mails())
    reply = await client.request({"type": "settings", "email": address})
    assert reply["type"] == "settings" and reply["email"] == address and reply["emailVerified"] is False, reply
    mails = await wait_for(lambda: relay.mails()[before:] or None, "the address check mail")
    check = mails[0]
    assert check["rcptTos"] == [address] and check["defects"] == [], check
    status, page, _ = fetch(link_in(check, "/email/verify/"))
    assert status == 200 and "Address confirmed" in page, page
    settings = await client.request({"type": "settings"})
    assert settings["emailVerified"] is True, settings
    return check


def test_an_address_gets_mail_only_once_its_link_is_opened_and_a_reminder_no_device_took(tmp_path, relay):
    with mail_server(tmp_path, relay.port) as url:
        asyncio.run(asyncio.wait_for(_verification_and_fallback(url, relay), 120))


async def _verification_and_fallback(url, relay):
    olive = await signup(url, "olive")
    settings = await olive.request({"type": "settings"})
    assert settings["emailAvailable"] is True and settings["email"] is None, settings
    reply = await olive.request({"type": "settings", "email": "olive@example.org"})
    assert reply["emailVerified"] is False and reply["emailReminders"] is True, reply
    check = (await wait_for(relay.mails, "the address check mail"))[0]
    assert check["mailFrom"] == "reminders@checkwire.test" and check["rcptTos"] == ["olive@example.org"]
    headers = check["headers"]
    assert headers["From"] == SENDER and "Confirm" in check["subject"]
    assert headers["List-Unsubscribe-Post"] == "List-Unsubscribe=One-Click"
    assert re.fullmatch(r"<http://127\.0\.0\.1:\d+/email/unsubscribe/[0-9a-f]{64}>", headers["List-Unsubscribe"])
    link = link_in(check, "/email/verify/")

    # Unverified: a reminder that no device takes is not mailed.
    course = (await olive.op("c1", "createList", title="Physics"))["id"]
    await olive.op("i1", "addItem", list=course, title="Unverified", due=soon(2), remindBefore=0)
    await olive.close()
    await wait_for(lambda: (metric(url, "checkwire_reminders_fired_total") or 0) >= 1, "the first reminder to fire")

    status, page, page_headers = fetch(link)
    assert status == 200 and "Address confirmed" in page, page
    assert page_headers["Referrer-Policy"] == "no-referrer"
    status, page, _ = fetch(link)
    assert status == 404, "a link works once"

    # Verified: a reminder no device takes within the fallback is mailed, once.
    olive = await sign_in_again(url, olive)
    assert (await olive.request({"type": "settings"}))["emailVerified"] is True
    await olive.op("i2", "addItem", list=course, title="Lab report", due=soon(2), remindBefore=0,
                   notes="Bring the graphs")
    await olive.close()
    mails = await wait_for(lambda: [m for m in relay.mails() if m["subject"].startswith("Reminder")] or None,
                           "the reminder mail")
    reminder = mails[0]
    assert reminder["subject"] == "Reminder: Lab report" and reminder["defects"] == []
    assert "In: Physics" in reminder["body"] and "Bring the graphs" in reminder["body"]
    assert reminder["headers"]["List-Unsubscribe"] == check["headers"]["List-Unsubscribe"]
    assert reminder["headers"]["Auto-Submitted"] == "auto-generated"
    assert await wait_for(lambda: metric(url, "checkwire_mail_delivered") == 2, "the relay's two acceptances")
    assert metric(url, "checkwire_reminders_mailed_total") == 1
    assert [m["subject"] for m in relay.mails() if "Unverified" in m["subject"]] == []


def test_a_reminder_taken_live_is_not_mailed(tmp_path, relay):
    with mail_server(tmp_path, relay.port) as url:
        asyncio.run(asyncio.wait_for(_taken_live(url, relay), 120))


async def _taken_live(url, relay):
    olive = await signup(url, "olive")
    sam = await signup(url, "sam")
    await verified_address(url, relay, olive, "olive@example.org")
    await verified_address(url, relay, sam, "sam@example.org")
    course = (await olive.op("c1", "createList", title="Physics"))["id"]
    await olive.op("s1", "share", list=course, username="sam", role="editor")
    # Olive's reminder fires while she is connected: she takes it live.
    await olive.op("i1", "addItem", list=course, title="Olive's", due=soon(2), remindBefore=0)
    # Sam's fires later, with nobody of his connected: it is mailed; Olive's, earlier, would have been by then.
    await sam.close()
    await olive.op("i2", "addItem", list=course, title="Later", due=soon(3), remindBefore=0)
    while not olive.reminders:
        message = await olive.next()
        if message.get("type") == "reminder":
            olive.reminders.append(message)
    mails = await wait_for(lambda: [m for m in relay.mails() if m["rcptTos"] == ["sam@example.org"]
                                    and m["subject"].startswith("Reminder")] or None, "Sam's reminder mail")
    # Sam, offline, got both by mail; Olive, online, got none.
    await wait_for(lambda: len([m for m in relay.mails() if m["rcptTos"] == ["sam@example.org"]
                                and m["subject"].startswith("Reminder")]) == 2, "Sam's second reminder mail")
    assert {m["subject"] for m in relay.mails() if m["rcptTos"] == ["sam@example.org"]
            and m["subject"].startswith("Reminder")} == {"Reminder: Olive's", "Reminder: Later"}
    assert [m for m in relay.mails() if m["rcptTos"] == ["olive@example.org"]
            and m["subject"].startswith("Reminder")] == [], mails


def test_one_click_unsubscribe(tmp_path, relay):
    with mail_server(tmp_path, relay.port) as url:
        asyncio.run(asyncio.wait_for(_unsubscribe(url, relay), 120))


async def _unsubscribe(url, relay):
    olive = await signup(url, "olive")
    check = await verified_address(url, relay, olive, "olive@example.org")
    reply = await olive.request({"type": "settings", "digest": "07:30"})
    assert reply["digest"] == "07:30", reply
    unsubscribe = check["headers"]["List-Unsubscribe"][1:-1]
    # GET asks, and changes nothing (link scanners follow links).
    status, page, _ = fetch(unsubscribe)
    assert status == 200 and 'method="post"' in page, page
    settings = await olive.request({"type": "settings"})
    assert settings["emailReminders"] is True and settings["digest"] == "07:30"
    # RFC 8058: a POST with List-Unsubscribe=One-Click, as a mail reader sends it.
    status, page, _ = fetch(unsubscribe, "POST", b"List-Unsubscribe=One-Click",
                            {"Content-Type": "application/x-www-form-urlencoded"})
    assert status == 200 and "Unsubscribed" in page, page
    settings = await olive.request({"type": "settings"})
    assert settings["emailReminders"] is False and settings["digest"] is None, settings
    assert settings["email"] == "olive@example.org" and settings["emailVerified"] is True
    # An unknown token: 404, nothing changed.
    status, _, _ = fetch(unsubscribe[:-4] + "0000", "POST", b"List-Unsubscribe=One-Click")
    assert status == 404


def test_the_digest_goes_at_the_users_local_time(tmp_path, relay):
    zone = "America/New_York"
    # The server's clock runs 20 s short of the next whole minute when it starts.
    now = time.time()
    target = math.ceil((now + 60) / 60) * 60
    offset = target - 20 - now
    with mail_server(tmp_path, relay.port, "--clock-offset", f"{offset:.3f}") as url:
        asyncio.run(asyncio.wait_for(_digest(url, relay, zone, target), 120))


async def _digest(url, relay, zone, target):
    local = datetime.datetime.fromtimestamp(target, zoneinfo.ZoneInfo(zone))
    today = local.date()
    olive = await signup(url, "olive")
    assert (await olive.request({"type": "settings", "tz": zone}))["tz"] == zone
    await verified_address(url, relay, olive, "olive@example.org")
    course = (await olive.op("c1", "createList", title="Physics"))["id"]
    await olive.op("a", "addItem", list=course, title="Problem set", due=today.isoformat())
    await olive.op("b", "addItem", list=course, title="Late essay", due=(today - datetime.timedelta(days=3)).isoformat())
    habits = (await olive.request({"type": "op", "opId": "h", "op": "createList", "title": "Habits",
                                   "kind": "habits", "tz": zone}))["id"]
    await olive.op("r", "addItem", list=habits, title="Run")
    reply = await olive.request({"type": "settings", "digest": local.strftime("%H:%M"),
                                 "quietHours": {"from": "22:00", "to": "07:00"}})
    assert reply["digest"] == local.strftime("%H:%M") and reply["quietHours"] == {"from": "22:00", "to": "07:00"}
    await olive.close()
    digest = (await wait_for(lambda: [m for m in relay.mails() if m["subject"].startswith("Your day")] or None,
                             "the digest", deadline=60))[0]
    body = digest["body"]
    assert digest["subject"] == f"Your day: 3 to do ({today.isoformat()})", digest["subject"]
    assert "Due today (1)" in body and "Problem set" in body
    assert "Overdue (1)" in body and "Late essay" in body
    assert "Habits not yet done (1)" in body and "Run, in Habits" in body
    assert digest["headers"]["List-Unsubscribe-Post"] == "List-Unsubscribe=One-Click"
    assert digest["defects"] == []


def test_a_down_relay_is_retried_and_reported_and_slows_nothing_else(tmp_path):
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        closed_port = probe.getsockname()[1]
    with mail_server(tmp_path, closed_port) as url:
        asyncio.run(asyncio.wait_for(_down_relay(url), 120))


async def _down_relay(url):
    olive = await signup(url, "olive")
    reply = await olive.request({"type": "settings", "email": "olive@example.org"})
    assert reply["emailVerified"] is False
    await wait_for(lambda: (metric(url, "checkwire_mail_retried") or 0) >= 1, "a retry of the check mail")
    assert metric(url, "checkwire_mail_pending") == 1
    assert metric(url, "checkwire_mail_delivered") == 0
    # Meanwhile requests are answered and a reminder arrives live on time.
    course = (await olive.op("c1", "createList", title="Physics"))["id"]
    await olive.op("i1", "addItem", list=course, title="Still on time", due=soon(2), remindBefore=0)
    while not olive.reminders:
        message = await olive.next()
        if message.get("type") == "reminder":
            olive.reminders.append(message)
    assert olive.reminders[0]["item"]["title"] == "Still on time"
    assert olive.reminders[0]["late"] is False, "fired on time, the relay's retries notwithstanding"
    assert metric(url, "checkwire_mail_pending") == 1, "the check mail still waits for the relay"



def test_bad_mail_settings_are_refused_and_change_nothing(tmp_path, relay):
    with mail_server(tmp_path, relay.port) as url:
        asyncio.run(asyncio.wait_for(_bad_settings(url), 60))
    (tmp_path / "plain").mkdir()
    with running_server(tmp_path / "plain") as url:
        asyncio.run(asyncio.wait_for(_no_mail_here(url), 60))


async def _bad_settings(url):
    olive = await signup(url, "olive")
    before = await olive.request({"type": "settings"})
    for message, words in [
        ({"email": "not an address"}, "email"),
        ({"email": ""}, "email"),
        ({"email": 7}, "email"),
        ({"digest": "25:00"}, "digest"),
        ({"digest": "7:30"}, "digest"),
        ({"quietHours": {"from": "22:00"}}, "quietHours"),
        ({"quietHours": "night"}, "quietHours"),
        ({"emailReminders": "yes"}, "emailReminders"),
        ({"digest": "07:30"}, "address first"),
    ]:
        reply = await olive.request({"type": "settings", **message})
        assert reply["type"] == "error" and reply["code"] == "badRequest", (message, reply)
        assert words in reply["message"], (message, reply)
    after = await olive.request({"type": "settings"})
    assert {k: v for k, v in after.items() if k != "ref"} == {k: v for k, v in before.items() if k != "ref"}


async def _no_mail_here(url):
    olive = await signup(url, "olive")
    assert (await olive.request({"type": "settings"}))["emailAvailable"] is False
    reply = await olive.request({"type": "settings", "email": "olive@example.org"})
    assert reply["type"] == "error" and reply["code"] == "badRequest" and "--smtp" in reply["message"], reply

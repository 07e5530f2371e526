"""Calendar feeds (docs/protocol.md, "Calendar feed") checked with two independent
iCalendar parsers from PyPI — `icalendar` (parses) and `vobject` (parses and `validate()`s,
which catches a missing DTSTAMP) — plus what neither checks: CRLF line ends and lines of at
most 75 octets. The feed is fetched over plain HTTP from the real server and a real SQLite
file, the URL given by the `feed` request."""

import asyncio
import datetime
import urllib.error
import urllib.request

import icalendar
import vobject

from test_protocol_flow import Client, server  # noqa: F401  (the fixture is used by name)


def fetch(url, headers=None):
    """(status, headers, body) of a GET; HTTP errors are answers, not exceptions."""
    request = urllib.request.Request(url, headers=headers or {})
    try:
        with urllib.request.urlopen(request, timeout=10) as response:
            return response.status, response.headers, response.read()
    except urllib.error.HTTPError as error:
        return error.code, error.headers, error.read()


def check_rfc5545_lines(body):
    """CRLF everywhere, no bare LF or CR, no physical line over 75 octets."""
    assert body.endswith(b"\r\n")
    lines = body.split(b"\r\n")[:-1]
    assert all(b"\n" not in line and b"\r" not in line for line in lines)
    too_long = [line for line in lines if len(line) > 75]
    assert not too_long, too_long[:3]


def parse_both(body):
    """The calendar through both parsers; vobject's validate() must pass."""
    calendar = icalendar.Calendar.from_ical(body)
    parsed = vobject.readOne(body.decode("utf-8"))
    parsed.validate()
    return calendar, parsed


async def signup(url, name):
    client = await Client.open(url, name)
    reply = await client.request({"type": "signup", "username": name, "password": "correct horse battery"})
    assert reply["type"] == "authed", reply
    return client


def test_feed_events_todos_etag_rotation_and_strangers(server):
    asyncio.run(_feed(server))


async def _feed(url):
    ana = await signup(url, "ana")
    ben = await signup(url, "ben")
    try:
        long_title = "Essay; draft" + " long words" * 12
        course = (await ana.op("c", "createList", title="Physics, year 2", tz="Europe/Berlin"))["id"]
        essay = (await ana.op("i1", "addItem", list=course, title=long_title, notes="Chapter 3,\nthen 4", due="2027-03-31"))["id"]
        lab = (await ana.op("i2", "addItem", list=course, title="Lab report", due="2027-03-12T14:00:00Z", location="Room 4"))["id"]
        standup = (await ana.op("i3", "addItem", list=course, title="Study group", due="2027-03-15T08:00:00Z", repeat="FREQ=WEEKLY;BYDAY=MO"))["id"]
        dropped = (await ana.op("i4", "addItem", list=course, title="Old quiz", due="2027-03-20"))["id"]
        await ana.op("i5", "addItem", list=course, title="No date")
        await ana.op("d1", "completeItem", list=course, item=lab)
        await ana.op("x1", "cancelItem", list=course, item=dropped)
        private = (await ben.op("b1", "createList", title="Ben's secret"))["id"]
        await ben.op("b2", "addItem", list=private, title="Ben's dentist", due="2027-03-13")

        reply = await ana.request({"type": "feed"})
        assert reply["type"] == "feed", reply
        feed_url = reply["url"]
        assert feed_url.startswith("http://127.0.0.1:") and "/feed/" in feed_url and feed_url.endswith(".ics")
        assert (await ana.request({"type": "feed"}))["url"] == feed_url  # asked again: the same URL

        status, headers, body = fetch(feed_url)
        assert status == 200
        assert headers["Content-Type"].startswith("text/calendar")
        check_rfc5545_lines(body)
        calendar, parsed = parse_both(body)
        events = {str(e["SUMMARY"]): e for e in calendar.walk("VEVENT")}
        assert set(events) == {long_title, "✓ Lab report", "Study group", "Old quiz"}
        assert "Ben's dentist" not in body.decode()
        essay_event = events[long_title]
        assert essay_event["DTSTART"].dt == datetime.date(2027, 3, 31)  # all-day
        assert essay_event["DTEND"].dt == datetime.date(2027, 4, 1)
        assert str(essay_event["UID"]) == f"{essay}.{course}@checkwire"
        assert "Chapter 3,\nthen 4" in str(essay_event["DESCRIPTION"])
        assert events["Old quiz"]["STATUS"] == "CANCELLED"
        assert str(events["✓ Lab report"]["LOCATION"]) == "Room 4"
        study = events["Study group"]
        assert study["RRULE"]["FREQ"] == ["WEEKLY"] and study["RRULE"]["BYDAY"] == ["MO"]
        start = study["DTSTART"].dt
        assert (start.hour, start.minute) == (9, 0) and str(start.tzinfo) in ("Europe/Berlin", "CET")
        # vobject expands the rule: after the clocks change (28 March) it is still 09:00 in Berlin.
        vstudy = next(e for e in parsed.vevent_list if e.summary.value == "Study group")
        occurrences = list(vstudy.getrruleset(addRDate=True))[:4]
        assert [o.strftime("%H:%M") for o in occurrences] == ["09:00"] * 4
        assert [o.utcoffset().total_seconds() / 3600 for o in occurrences] == [1, 1, 2, 2]
        assert len({str(e["UID"]) for e in events.values()}) == 4

        # ETag: unchanged -> 304 with no body; an edit -> a new tag, a higher SEQUENCE.
        etag = headers["ETag"]
        status, _, body304 = fetch(feed_url, {"If-None-Match": etag})
        assert status == 304 and body304 == b""
        sequence_before = int(essay_event["SEQUENCE"])
        await ana.op("u1", "updateItem", list=course, item=essay, title="Essay final")
        status, headers2, body = fetch(feed_url, {"If-None-Match": etag})
        assert status == 200 and headers2["ETag"] != etag
        calendar, _ = parse_both(body)
        changed = next(e for e in calendar.walk("VEVENT") if str(e["UID"]) == f"{essay}.{course}@checkwire")
        assert str(changed["SUMMARY"]) == "Essay final"
        assert int(changed["SEQUENCE"]) > sequence_before

        # VTODO on request: completed and cancelled states.
        status, _, body = fetch(feed_url + "?components=VTODO")
        assert status == 200
        check_rfc5545_lines(body)
        calendar, _ = parse_both(body)
        todos = {str(t["SUMMARY"]): t for t in calendar.walk("VTODO")}
        assert todos["Lab report"]["STATUS"] == "COMPLETED" and int(todos["Lab report"]["PERCENT-COMPLETE"]) == 100
        assert "COMPLETED" in todos["Lab report"]
        assert todos["Old quiz"]["STATUS"] == "CANCELLED"
        assert todos["Essay final"]["STATUS"] == "NEEDS-ACTION"
        assert todos["Essay final"]["DUE"].dt == datetime.date(2027, 3, 31)
        assert fetch(feed_url + "?components=VJOURNAL")[0] == 400

        # A one-checklist feed; a stranger asking for it gets list not found.
        one = await ana.request({"type": "feed", "list": course})
        assert one["url"] != feed_url and one["list"] == course
        status, _, body = fetch(one["url"])
        assert status == 200 and "Physics" in icalendar.Calendar.from_ical(body)["X-WR-CALNAME"]
        refused = await ben.request({"type": "feed", "list": course})
        assert refused["type"] == "error" and refused["code"] == "notFound", refused

        # Unsharing removes the checklist from a participant's feed at once; its own feed 404s.
        await ana.op("s1", "share", list=course, username="ben", role="viewer")
        assert (await ben.next())["type"] == "listShared"
        ben_one = (await ben.request({"type": "feed", "list": course}))["url"]
        assert fetch(ben_one)[0] == 200
        await ana.op("s2", "unshare", list=course, username="ben")
        assert (await ben.next())["type"] == "revoked"
        assert fetch(ben_one)[0] == 404

        # Rotation: the old URL is 404 at once, the new one works; wrong tokens are 404 too.
        rotated = await ana.request({"type": "feed", "rotate": True})
        assert rotated["url"] != feed_url
        assert fetch(feed_url)[0] == 404
        assert fetch(rotated["url"])[0] == 200
        base = feed_url.rsplit("/", 1)[0]
        assert fetch(base + "/" + "0" * 64 + ".ics")[0] == 404
        assert fetch(base + "/not-a-token.ics")[0] == 404
        # lws resolves dot segments first: this is /healthz, never a calendar.
        _, dotted_headers, _ = fetch(base + "/../healthz")
        assert not dotted_headers.get("Content-Type", "").startswith("text/calendar")
    finally:
        await ana.close()
        await ben.close()

"""Calendar feed alarms and habits (docs/protocol.md, "Notifications when nothing is open"):
items with `remindBefore` carry a VALARM that rings when Checkwire's own reminder would, and
each habit is one component with its RRULE. Read back from a real server and a real SQLite
file with two independent parsers, `icalendar` and `vobject` (whose `validate()` checks
the alarm's required properties)."""

import asyncio
import datetime

import icalendar
import pytest
import vobject

from test_calendar_feed import check_rfc5545_lines, fetch, parse_both, signup
from test_protocol_flow import server  # noqa: F401  (the fixture is used by name)

UTC = datetime.timezone.utc


def alarms_of(component):
    return [sub for sub in component.subcomponents if sub.name == "VALARM"]


def test_alarms_ring_when_the_reminder_does(server):
    asyncio.run(_alarms(server))


async def _alarms(url):
    ana = await signup(url, "ana")
    try:
        course = (await ana.op("c", "createList", title="Physics", tz="Europe/Berlin"))["id"]
        await ana.op("i1", "addItem", list=course, title="Lab report", due="2027-03-12T14:00:00Z", remindBefore=1800)
        await ana.op("i2", "addItem", list=course, title="Essay; final", due="2027-03-31", remindBefore=86400)
        await ana.op("i3", "addItem", list=course, title="Study group", due="2027-03-15T08:00:00Z",
                     repeat="FREQ=WEEKLY;BYDAY=MO", remindBefore=0)
        done = (await ana.op("i4", "addItem", list=course, title="Done already", due="2027-03-13", remindBefore=60))["id"]
        await ana.op("d4", "completeItem", list=course, item=done)
        await ana.op("i5", "addItem", list=course, title="No reminder", due="2027-03-14")
        feed_url = (await ana.request({"type": "feed"}))["url"]

        status, _, body = fetch(feed_url)
        assert status == 200
        check_rfc5545_lines(body)
        calendar, parsed = parse_both(body)
        events = {str(e["SUMMARY"]): e for e in calendar.walk("VEVENT")}
        assert {name: len(alarms_of(e)) for name, e in events.items()} == {
            "Lab report": 1, "Essay; final": 1, "Study group": 1, "✓ Done already": 0, "No reminder": 0,
        }
        lab = alarms_of(events["Lab report"])[0]
        assert str(lab["ACTION"]) == "DISPLAY" and str(lab["DESCRIPTION"]) == "Lab report"
        # The alarm's moment is the reminder's: due − remindBefore.
        lab_start = events["Lab report"]["DTSTART"].dt
        assert lab_start + lab["TRIGGER"].dt == datetime.datetime(2027, 3, 12, 13, 30, tzinfo=UTC)
        # A date-only due is reminded about as if due at 09:00: a day before is 09:00 the day before.
        essay = alarms_of(events["Essay; final"])[0]
        assert str(essay["DESCRIPTION"]) == "Essay; final"
        assert events["Essay; final"]["DTSTART"].dt == datetime.date(2027, 3, 31)
        assert essay["TRIGGER"].dt == datetime.timedelta(hours=-15)
        # A repeating item's relative alarm rings at each occurrence.
        assert alarms_of(events["Study group"])[0]["TRIGGER"].dt == datetime.timedelta(0)

        # vobject reads the same alarms (and validate() in parse_both checked them).
        vevents = {e.summary.value: e for e in parsed.vevent_list}
        assert vevents["Lab report"].valarm.trigger.value == datetime.timedelta(minutes=-30)
        assert vevents["Lab report"].valarm.action.value == "DISPLAY"
        assert vevents["Essay; final"].valarm.description.value == "Essay; final"
        assert not hasattr(vevents["No reminder"], "valarm")

        # Tasks count the alarm from their DUE.
        status, _, body = fetch(feed_url + "?components=VTODO")
        assert status == 200
        check_rfc5545_lines(body)
        calendar, parsed = parse_both(body)
        todos = {str(t["SUMMARY"]): t for t in calendar.walk("VTODO")}
        lab_todo = alarms_of(todos["Lab report"])[0]
        assert lab_todo["TRIGGER"].params["RELATED"] == "END"
        assert todos["Lab report"]["DUE"].dt + lab_todo["TRIGGER"].dt == datetime.datetime(2027, 3, 12, 13, 30, tzinfo=UTC)
        vtodos = {t.summary.value: t for t in parsed.vtodo_list}
        assert vtodos["Lab report"].valarm.trigger.params["RELATED"] == ["END"]
        assert not alarms_of(todos["Done already"])

        # Setting remindBefore later changes the feed (a new ETag, the alarm appears).
        first_etag = fetch(feed_url)[1]["ETag"]
        items = {str(e["SUMMARY"]): str(e["UID"]).split(".")[0] for e in icalendar.Calendar.from_ical(fetch(feed_url)[2]).walk("VEVENT")}
        await ana.op("u5", "updateItem", list=course, item=items["No reminder"], remindBefore=3600)
        status, headers, body = fetch(feed_url, {"If-None-Match": first_etag})
        assert status == 200 and headers["ETag"] != first_etag
        events = {str(e["SUMMARY"]): e for e in icalendar.Calendar.from_ical(body).walk("VEVENT")}
        assert alarms_of(events["No reminder"])[0]["TRIGGER"].dt == datetime.timedelta(hours=8)
    finally:
        await ana.close()


# The feed code writes a habit as one component with its RRULE (and its alarm), as the Swift
# tests of CalendarFeed show; the store still leaves habit checklists out of feeds (the two
# `habits` filters of feedEntries and feedLists in ChecklistStore+Feeds), a change that waits
# for the storage port. With both filters dropped this test passes. Strict: once habits reach
# the feed it fails as XPASS, and the marker must go (and docs/protocol.md's "habit
# checklists are left out").
@pytest.mark.xfail(strict=True, reason="the store leaves habit checklists out of calendar feeds")
def test_each_habit_is_one_recurring_component(server):
    asyncio.run(_habits(server))


async def _habits(url):
    ana = await signup(url, "ana")
    try:
        created = await ana.request(
            {"type": "op", "opId": "h", "op": "createList", "title": "Mornings", "kind": "habits", "tz": "Europe/Berlin"}
        )
        assert created["type"] == "ack", created
        habits = created["id"]
        for op_id, fields in [
            ("h1", dict(title="Stretch", due="2027-03-12T06:30:00Z", remindBefore=0)),
            ("h2", dict(title="Read", repeat="FREQ=WEEKLY;BYDAY=MO,WE,FR", due="2027-03-12")),
        ]:
            added = await ana.op(op_id, "addItem", list=habits, **fields)
            assert added["type"] == "ack", added
        for scope in ({"type": "feed"}, {"type": "feed", "list": habits}):
            status, _, body = fetch((await ana.request(scope))["url"])
            assert status == 200
            calendar, parsed = parse_both(body)
            events = {str(e["SUMMARY"]): e for e in calendar.walk("VEVENT")}
            assert set(events) == {"Stretch", "Read"}
            assert events["Stretch"]["RRULE"]["FREQ"] == ["DAILY"]
            assert events["Read"]["RRULE"]["BYDAY"] == ["MO", "WE", "FR"]
            assert alarms_of(events["Stretch"])[0]["TRIGGER"].dt == datetime.timedelta(0)
            stretch = next(e for e in parsed.vevent_list if e.summary.value == "Stretch")
            days = list(stretch.getrruleset(addRDate=True))[:3]
            assert [d.strftime("%Y-%m-%d %H:%M") for d in days] == [
                "2027-03-12 07:30", "2027-03-13 07:30", "2027-03-14 07:30",
            ]
    finally:
        await ana.close()

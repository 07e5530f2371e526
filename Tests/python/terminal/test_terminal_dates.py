"""One date reader everywhere (quick add's grammar behind --due, --date and --until), one rule
for the past, and every command echoes the date it stored in the user's zone.

CHECKWIRE_NOW sets the client's clock: Friday 2027-08-27 at 20:17 in New York, the evening of
the report ("friday 5pm" typed then was today 17:00, overdue at birth)."""

import datetime

FRIDAY_EVENING = {"CHECKWIRE_NOW": "2027-08-27T20:17:00-04:00", "TZ": "America/New_York"}


def due_of(user, list_title, title):
    items = user.ok("show", list_title, "--json").json()["list"]["items"]
    return next(item for item in items if item["title"] == title)["due"]


def test_due_follows_the_rule_for_the_past_and_is_echoed(alice):
    alice.ok("new", "Lab")
    friday = alice.ok("add", "Lab", "Upload report", "--due", "friday 5pm", env=FRIDAY_EVENING)
    assert "due      Fri Sep 3 17:00" in friday.stdout, friday.stdout
    assert due_of(alice, "Lab", "Upload report") == "2027-09-03T21:00:00Z", "next Friday, 17:00 in New York"

    noon = alice.ok("add", "Lab", "Lunch", "--due", "noon", env=FRIDAY_EVENING)
    assert "Sat Aug 28 12:00" in noon.stdout, "a bare time that has passed is tomorrow's, as in quick add"

    tonight = alice.ok("add", "Lab", "Invoice", "--due", "today 5pm", env=FRIDAY_EVENING)
    assert "Fri Aug 27 17:00" in tonight.stdout, "a written day stays, even past its time"

    past = alice.ok("add", "Lab", "Expenses", "--due", "yesterday", env=FRIDAY_EVENING)
    assert "Thu Aug 26" in past.stdout and due_of(alice, "Lab", "Expenses") == "2027-08-26"

    last = alice.ok("add", "Lab", "Lunch money", "--due", "last friday", env=FRIDAY_EVENING)
    assert due_of(alice, "Lab", "Lunch money") == "2027-08-20"
    assert "Fri Aug 20" in last.stdout

    wrapped = alice.ok("add", "Lab", "Form", "--due", "8/20", env=FRIDAY_EVENING)
    assert due_of(alice, "Lab", "Form") == "2028-08-20"
    assert "Sun Aug 20 2028" in wrapped.stdout, "the year shows when it is not this year's"
    assert "has passed this year" in wrapped.stderr, "and the user is told why"

    bad = alice.fails("add", "Lab", "Nope", "--due", "friday lunch", env=FRIDAY_EVENING)
    assert "is not a date" in bad.stderr


def test_edit_new_and_snooze_echo_what_they_stored(alice):
    created = alice.ok("new", "Trip", "--due", "Dec 4", env=FRIDAY_EVENING)
    assert "due      Sat Dec 4" in created.stdout, created.stdout
    alice.ok("add", "Trip", "Passport", "--due", "2031-01-10")
    edited = alice.ok("edit", "Trip", "Passport", "--due", "2031-01-12 09:30", "--remind-before", "1d")
    assert "Sun Jan 12 2031 09:30" in edited.stdout and "1d before" in edited.stdout, edited.stdout
    cleared = alice.ok("edit", "Trip", "Passport", "--due", "none")
    assert "due      none (cleared)" in cleared.stdout
    alice.ok("edit", "Trip", "Passport", "--due", "2031-01-12 09:30", "--remind-before", "1d")
    snoozed = alice.ok("snooze", "Trip", "Passport", "--until", "tomorrow 8am")
    tomorrow = datetime.date.today() + datetime.timedelta(days=1)
    assert f"until {tomorrow.strftime('%a %b')} {tomorrow.day}" in snoozed.stdout and "08:00" in snoozed.stdout


def test_checkin_reads_the_same_dates_and_refuses_a_future_day_in_words(alice):
    alice.ok("new", "Habits", "--habits")
    start = (datetime.date.today() - datetime.timedelta(days=10)).isoformat()
    alice.ok("add", "Habits", "Read", "--due", start)
    yesterday = alice.ok("checkin", "Habits", "Read", "--date", "yesterday")
    assert "Checked in “Read” on" in yesterday.stdout
    future = alice.fails("checkin", "Habits", "Read", "--date", "in 3 days")
    assert "after today" in future.stderr and "last friday" in future.stderr
    timed = alice.fails("checkin", "Habits", "Read", "--date", "yesterday 5pm")
    assert "a day" in timed.stderr

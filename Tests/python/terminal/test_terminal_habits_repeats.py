"""Repeating items and habits: `done` says which occurrence it ticked and when the next is,
never skips one silently; check-ins that change nothing say so; a habit can be back-filled."""

import datetime


def test_done_on_a_repeating_item_prints_the_next_due_and_never_skips_silently(alice):
    alice.ok("new", "Chores")
    alice.ok("add", "Chores", "Bills", "--repeat", "daily")
    first = alice.ok("done", "Chores", "Bills")
    tomorrow = datetime.date.today() + datetime.timedelta(days=1)
    assert "next due" in first.stdout and f"{tomorrow.strftime('%b')} {tomorrow.day}" in first.stdout, first.stdout

    second = alice.fails("done", "Chores", "Bills")
    assert "was ticked for" in second.stderr and "--early" in second.stderr
    items = alice.ok("show", "Chores", "--json").json()["list"]["items"]
    assert items[0]["due"] == tomorrow.isoformat(), "the refused second done changed nothing"

    early = alice.ok("done", "Chores", "Bills", "--early")
    assert "next due" in early.stdout

    # The README's example: the nearest occurrence may be ticked ahead of its day.
    alice.ok("add", "Chores", "Take out the trash", "--repeat", "every Mon and Thu")
    trash = alice.ok("done", "Chores", "Take out the trash")
    assert "next due" in trash.stdout and ("Mon" in trash.stdout.split("next due")[1]
                                           or "Thu" in trash.stdout.split("next due")[1]), trash.stdout


def test_several_items_per_done_and_cancel(alice):
    alice.ok("new", "Chores")
    for title in ("Dishes", "Floors", "Windows", "Car"):
        alice.ok("add", "Chores", title)
    done = alice.ok("done", "Chores", "Dishes", "Floors")
    assert done.stdout.count("Completed") == 2
    lines = alice.ok("cancel", "Chores", "Windows", "Car", "--json").lines()
    assert [line["op"] for line in lines] == ["cancelItem", "cancelItem"]
    statuses = {i["title"]: i["status"] for i in alice.ok("show", "Chores", "--json").json()["list"]["items"]}
    assert statuses == {"Dishes": "done", "Floors": "done", "Windows": "cancelled", "Car": "cancelled"}


def test_repeated_checkins_say_they_change_nothing_and_backfill_works(alice):
    alice.ok("new", "Morning habits", "--habits")
    too_late = alice.ok("add", "Morning habits", "Meditate")  # starts today
    assert too_late.code == 0
    refused = alice.fails("checkin", "Morning habits", "Meditate", "--date", "yesterday")
    assert "starts on" in refused.stderr and "checkwire edit" in refused.stderr, refused.stderr

    alice.ok("add", "Morning habits", "Stretch", "--due", "last monday")  # kept on paper since Monday
    alice.ok("checkin", "Morning habits", "Stretch", "--date", "yesterday")
    alice.ok("checkin", "Morning habits", "Stretch")
    again = alice.ok("checkin", "Morning habits", "Stretch")
    assert "Already checked in" in again.stdout
    alice.ok("checkin", "Morning habits", "Stretch", "--undo")
    nothing = alice.ok("checkin", "Morning habits", "Stretch", "--undo")
    assert "Nothing to undo" in nothing.stdout
    assert alice.ok("checkin", "Morning habits", "Stretch", "--undo", "--json").json()["changed"] is False

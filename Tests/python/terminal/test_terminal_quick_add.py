"""Quick add through the terminal against a real server: what the parser reads is what the item
gets (remindBefore included), and the echo says everything it set."""


def item_named(user, list_title, title):
    items = user.ok("show", list_title, "--json").json()["list"]["items"]
    return next(item for item in items if item["title"] == title)


def test_remind_before_reaches_the_item_and_the_echo(alice):
    alice.ok("new", "Work")
    added = alice.ok("add", "Work - call the vendor 2031-03-03 10am, remind me 10 minutes before")
    assert "Added “call the vendor” to “Work”" in added.stdout
    assert "Mon Mar 3 2031 10:00" in added.stdout, added.stdout
    assert "10m before" in added.stdout, added.stdout
    item = item_named(alice, "Work", "call the vendor")
    assert item["remindBefore"] == 600
    assert item["due"] == "2031-03-03T10:00:00Z"

    as_json = alice.ok("add", "Work - council tax due 4/1/2031, remind me the day before", "--json").json()
    assert as_json["parsed"]["remindBefore"] == 86400
    assert "remindBefore" in as_json["parsed"]["ranges"]
    assert "type" not in as_json and "ref" not in as_json
    assert item_named(alice, "Work", "council tax")["remindBefore"] == 86400


def test_the_echo_shows_repeat_section_and_interval(alice):
    alice.ok("new", "Home")
    alice.ok("add", "Home", "Kitchen")
    rent = alice.ok("add", "Home - pay rent on the 1st every month, remind me a day before")
    assert "repeat" in rent.stdout and "every month on the 1st" in rent.stdout, rent.stdout
    assert "1d before" in rent.stdout
    assert item_named(alice, "Home", "pay rent")["repeat"] == "FREQ=MONTHLY;BYMONTHDAY=1"

    nag = alice.ok("add", "Home - take out the recycling, remind me every 30 min until done")
    assert "every 30m until done" in nag.stdout, nag.stdout
    assert item_named(alice, "Home", "take out the recycling")["remindEvery"] == 1800

    filed = alice.ok("add", "Home / Kitchen fix the tap")
    assert "under “Kitchen” in “Home”" in filed.stdout, filed.stdout
    tap = item_named(alice, "Home", "fix the tap")
    assert tap["parent"] == item_named(alice, "Home", "Kitchen")["id"]


def test_a_section_the_list_lacks_is_not_claimed(alice):
    alice.ok("new", "Groceries")
    alice.ok("add", "Groceries", "Produce")
    added = alice.ok("add", "Groceries / Dairy yogurt", "--json").json()
    assert added["parsed"]["section"] is None
    assert added["parsed"]["title"] == "Dairy yogurt"
    assert item_named(alice, "Groceries", "Dairy yogurt")["parent"] is None

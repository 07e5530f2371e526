"""Views show what is set: the assignee, both reminders (never read as a repeat), files, a
habit's check-in of the day, items overdue earlier today, and edits still in the offline
queue (which the next offline command can name)."""

import datetime


def test_show_and_today_show_everything_set(users):
    alice, bob = users("alice"), users("bob")
    alice.ok("new", "Chores")
    alice.ok("share", "Chores", "bob")
    alice.ok("add", "Chores", "Water plants", "--due", "today 00:01", "--remind-before", "10m", "--every", "30m",
             "--assign", "bob", "--location", "Balcony")
    alice.ok("add", "Chores", "Trash", "--repeat", "every mon and thu")
    (alice.home / "list.txt").write_text("milk\n")
    alice.ok("attach", "Chores", "Water plants", "list.txt")

    shown = alice.ok("show", "Chores").stdout
    water = next(line for line in shown.splitlines() if "Water plants" in line)
    for fact in ("(overdue)", "@ Balcony", "⏰ 10m before", "⏰ every 30m", "→ bob", "📎 1"):
        assert fact in water, f"{fact!r} missing from {water!r}"
    assert "↻" not in water, "a reminder interval does not read like a repeat"
    trash = next(line for line in shown.splitlines() if "Trash" in line)
    assert "↻ every Mon, Thu" in trash

    today = alice.ok("today").stdout
    line = next(line for line in today.splitlines() if "Water plants" in line)
    assert "(overdue)" in line and "→ bob" in line, "due earlier today is overdue, and the assignee shows"


def test_filters_on_today_agenda_and_show(users):
    alice, bob = users("alice"), users("bob")
    alice.ok("new", "Home")
    alice.ok("new", "Work")
    alice.ok("share", "Home", "bob")
    alice.ok("add", "Home", "Mine", "--due", "today", "--assign", "alice")
    alice.ok("add", "Home", "Bobs", "--due", "today", "--assign", "bob")
    alice.ok("add", "Work", "Report", "--due", "tomorrow")
    alice.ok("add", "Work", "Slides", "--due", "in 5 days")
    alice.ok("done", "Home", "Bobs")

    mine = alice.ok("today", "--mine", "--json").json()
    assert [e["item"]["title"] for e in mine["items"]] == ["Mine"]
    assert set(mine) == {"from", "to", "overdue", "items"}, "no protocol fields"
    work = alice.ok("agenda", "--list", "Work", "--json").json()
    assert [e["item"]["title"] for e in work["items"]] == ["Report", "Slides"]
    ranged = alice.ok("agenda", "--from", "tomorrow", "--to", "in 2 days", "--json").json()
    assert [e["item"]["title"] for e in ranged["items"]] == ["Report"]

    done = alice.ok("show", "Home", "--status", "done", "--json").json()["list"]["items"]
    assert [i["title"] for i in done] == ["Bobs"]
    open_mine = alice.ok("show", "Home", "--mine").stdout
    assert "Mine" in open_mine and "Bobs" not in open_mine
    assert alice.fails("show", "Home", "--status", "finished").stderr.count("open, done, cancelled") == 1


def test_a_habit_list_shows_todays_check_ins(alice):
    alice.ok("new", "Morning", "--habits")
    start = (datetime.date.today() - datetime.timedelta(days=3)).isoformat()
    alice.ok("add", "Morning", "Meditate", "--due", start)
    alice.ok("add", "Morning", "Stretch", "--due", start)
    alice.ok("checkin", "Morning", "Meditate")
    shown = alice.ok("show", "Morning").stdout
    assert "[x] Meditate" in shown and "[ ] Stretch" in shown, shown


def test_offline_edits_show_as_pending_and_can_be_named(alice, server):
    alice.ok("new", "Groceries")
    alice.ok("add", "Groceries", "Bread")
    alice.ok("show", "Groceries")
    server.stop()
    alice.ok("add", "Groceries", "Milk")
    alice.ok("done", "Groceries", "Milk")  # names the item added offline
    alice.ok("add", "Groceries", "Oat milk", "--under", "Milk")
    shown = alice.ok("show", "Groceries")
    assert "Offline" in shown.stderr
    milk = next(line for line in shown.stdout.splitlines() if " Milk" in line)
    assert "[x]" in milk and "(pending)" in milk, milk
    assert any("Oat milk" in line and line.startswith("    ") for line in shown.stdout.splitlines())
    pending = alice.ok("show", "Groceries", "--json").json()["list"]["items"]
    assert [i["title"] for i in pending if i.get("pending")] == ["Milk", "Oat milk"]
    server.start()
    assert "Sent 3 queued edits" in alice.ok("sync").stdout
    items = alice.ok("show", "Groceries", "--json").json()["list"]["items"]
    assert {i["title"] for i in items} == {"Bread", "Milk", "Oat milk"}
    assert not any(i.get("pending") for i in items)

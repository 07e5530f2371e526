"""What taskwarrior and todoist-cli users reach for: move (another parent, another list),
undo of the last edit (also of one still queued offline), export to JSON and CSV. Filters
and several items per done/cancel are in test_terminal_views and test_terminal_habits_repeats."""

import csv
import io


def items(user, title):
    return {i["title"]: i for i in user.ok("show", title, "--json").json()["list"]["items"]}


def test_move_under_another_parent_and_back_with_undo(alice):
    alice.ok("new", "Errands")
    alice.ok("add", "Errands", "Buy gift")
    alice.ok("add", "Errands", "Wrap it")
    moved = alice.ok("move", "Errands", "Wrap it", "--under", "Buy gift")
    assert "Moved “Wrap it” under “Buy gift”" in moved.stdout
    assert items(alice, "Errands")["Wrap it"]["parent"] == items(alice, "Errands")["Buy gift"]["id"]
    alice.ok("undo")
    assert items(alice, "Errands")["Wrap it"]["parent"] is None
    where = alice.fails("move", "Errands", "Wrap it")
    assert "--under" in where.stderr and "--to" in where.stderr


def test_move_to_another_list_copies_and_cancels(alice):
    alice.ok("new", "Errands")
    alice.ok("new", "Party")
    alice.ok("add", "Errands", "Cake", "--due", "2031-05-01", "--location", "Bakery")
    alice.ok("add", "Errands", "Candles", "--under", "Cake")
    alice.ok("done", "Errands", "Candles")
    alice.ok("move", "Errands", "Cake", "--to", "Party")
    party = items(alice, "Party")
    assert party["Cake"]["due"] == "2031-05-01" and party["Cake"]["location"] == "Bakery"
    assert party["Candles"]["parent"] == party["Cake"]["id"] and party["Candles"]["status"] == "done"
    assert items(alice, "Errands")["Cake"]["status"] == "cancelled", "the original is cancelled, not deleted"


def test_undo_takes_back_each_kind_of_edit(alice):
    alice.ok("new", "Chores")
    alice.ok("add", "Chores", "Dishes")
    alice.ok("done", "Chores", "Dishes")
    assert "Undid" in alice.ok("undo").stdout
    assert items(alice, "Chores")["Dishes"]["status"] == "open"
    alice.ok("edit", "Chores", "Dishes", "--title", "Wash dishes", "--due", "2031-01-01")
    alice.ok("undo")
    dishes = items(alice, "Chores")["Dishes"]
    assert dishes["due"] is None, "the old values come back"
    alice.ok("undo")  # the add: the item is cancelled (nothing is deleted)
    assert items(alice, "Chores")["Dishes"]["status"] == "cancelled"
    alice.ok("undo")  # the list itself
    assert alice.ok("lists", "--json").json()["lists"][-1]["status"] == "cancelled"
    assert "nothing to undo" in alice.fails("undo").stderr


def test_undo_of_a_queued_edit_drops_it_from_the_queue(alice, server):
    alice.ok("new", "Chores")
    alice.ok("add", "Chores", "Dishes")
    alice.ok("show", "Chores")
    server.stop()
    alice.ok("done", "Chores", "Dishes")
    undone = alice.ok("undo")
    assert "never reached the server" in undone.stdout
    assert "No edits pending." in alice.ok("status").stdout
    server.start()
    assert items(alice, "Chores")["Dishes"]["status"] == "open"


def test_export_to_json_and_csv(alice):
    alice.ok("new", "Trip")
    alice.ok("add", "Trip", "Tickets", "--due", "2031-03-01", "--notes", 'window seat, "please"')
    alice.ok("add", "Trip", "Flights", "--under", "Tickets")
    exported = alice.ok("export", "Trip").json()
    assert exported == alice.ok("show", "Trip", "--json").json()["list"]
    table = list(csv.DictReader(io.StringIO(alice.ok("export", "Trip", "--format", "csv").stdout)))
    assert [row["title"] for row in table] == ["Tickets", "Flights"]
    assert table[0]["notes"] == 'window seat, "please"' and table[0]["due"] == "2031-03-01"
    assert table[1]["path"] == "Tickets" and table[1]["status"] == "open"
    alice.ok("export", "Trip", "--format", "csv", "-o", "trip.csv")
    assert (alice.home / "trip.csv").read_text().startswith("id,parent,path,title")
    assert "exists" in alice.fails("export", "Trip", "-o", "trip.csv").stderr
    assert "json or csv" in alice.fails("export", "Trip", "--format", "xml").stderr

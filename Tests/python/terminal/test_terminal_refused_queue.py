"""A queued offline edit the server refuses never vanishes: whichever client sends the queue
(`watch`, `remind --follow`, any command) says so where its user looks, and `status` keeps
showing it until it was seen."""


def make_parent_with_open_child(user):
    user.ok("new", "Chores")
    user.ok("add", "Chores", "Laundry")
    user.ok("add", "Chores", "Fold shirts", "--under", "Laundry")
    user.ok("show", "Chores")  # the cached copy lets offline commands name the items


def queue_a_refused_done(user, server):
    """With the server down, `done` on a parent with an open sub-item is queued; the server
    will refuse it (conflict) once it is back."""
    server.stop()
    queued = user.ok("done", "Chores", "Laundry")
    assert "Queued offline" in queued.stdout
    assert "1 edit pending" in user.ok("status").stdout


def test_watch_reports_the_refusal_and_status_keeps_it_until_seen(alice, server):
    make_parent_with_open_child(alice)
    watch = alice.spawn("watch", "Chores", "--follow")
    watch.wait_for("watching for changes")
    queue_a_refused_done(alice, server)
    watch.wait_for("offline")
    server.start()
    seen = watch.wait_for("refused")
    assert "complete “Laundry” in “Chores”" in seen
    assert "open" in seen.split("refused")[-1], f"the server's reason is shown: {seen}"
    assert watch.stop() == 0

    status = alice.ok("status")
    assert "No edits pending." in status.stdout
    assert "1 queued edit was refused" in status.stdout and "Laundry" in status.stdout, status
    again = alice.ok("status")
    assert "refused" not in again.stdout, "shown once by status, it counts as seen"


def test_watch_json_reports_the_refusal(alice, server):
    make_parent_with_open_child(alice)
    watch = alice.spawn("watch", "Chores", "--json")
    watch.wait_for('"state":"live"')
    queue_a_refused_done(alice, server)
    server.start()
    watch.wait_for('"queueSent"')
    assert watch.stop() == 0
    lines = [line for line in watch.out.decode().splitlines() if '"queueSent"' in line]
    import json
    sent = json.loads(lines[0])
    assert sent["sent"] == 0 and len(sent["refused"]) == 1
    refusal = sent["refused"][0]
    assert refusal["op"] == "completeItem" and refusal["code"] == "conflict"
    assert set(refusal) >= {"opId", "summary", "message", "queuedAt", "refusedAt"}
    assert "type" not in refusal and "ref" not in refusal

    status = alice.ok("status", "--json").json()
    assert [r["opId"] for r in status["refused"]] == [refusal["opId"]]
    assert status["pending"] == []
    assert alice.ok("status", "--json").json()["refused"] == []


def test_remind_follow_sends_the_queue_and_reports_the_refusal(alice, server):
    make_parent_with_open_child(alice)
    queue_a_refused_done(alice, server)
    server.start()
    follow = alice.spawn("remind", "--follow")
    follow.wait_for("refused", stream="err")
    assert follow.stop() == 0
    assert "Laundry" in alice.ok("status").stdout


def test_a_command_whose_stderr_is_not_a_terminal_keeps_the_refusal_for_status(alice, server):
    make_parent_with_open_child(alice)
    queue_a_refused_done(alice, server)
    server.start()
    lists = alice.ok("lists")  # connects, so it sends the queue
    assert "refused" in lists.stderr and "Laundry" in lists.stderr
    sync = alice.ok("sync")
    assert "refused" in sync.stdout and "Laundry" in sync.stdout, "sync lists refusals not seen yet"
    assert "Nothing to send" in alice.ok("sync").stdout
    assert "refused" not in alice.ok("status").stdout

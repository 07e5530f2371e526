"""Reconnecting after a server restart: the page keeps backing off while the server is down,
never waiting longer than the schedule's cap (1.5 s), and is "Live" again soon after the
server is back on the same port and database, with the edits made meanwhile."""

import time

from conftest import unique, WAIT

DELAYS = "return window.checkwire.sync.connection.recentDelays.slice()"
ATTEMPT = "return window.checkwire.sync.connection.attempt"


def test_live_again_soon_after_the_server_is_back(browsers, server):
    a = browsers("A")
    a.signup(unique("ana"))
    list_id = a.create_list("Chores")
    a.wait_live()

    server.stop()
    a.until(lambda d: a.status() != "live", message="the page did not notice the server going")
    # Offline, an edit is kept for later.
    a.js("window.checkwire.op({op: 'addItem', list: arguments[0], id: 'sweep', title: 'Sweep'})", list_id)
    # Down long enough for the waits to reach the cap: it is still trying, and backing off.
    a.until(lambda d: a.js(ATTEMPT) >= 6, timeout=WAIT + 5, message=f"only {a.js(ATTEMPT)} attempts")

    server.start()
    back = time.monotonic()
    a.wait_live(timeout=WAIT)
    print(f"Live {time.monotonic() - back:.2f} s after the server was back")
    delays = a.js(DELAYS)
    assert delays[:3] == sorted(delays[:3]) or delays[0] <= 250, delays
    assert max(delays) <= 1500, f"a wait past the cap: {delays}"
    assert min(delays) >= 125, delays
    a.until(lambda d: a.pending_count() == 0, message="the edit made while down was not sent")
    assert a.js("return window.checkwire.store.detail(arguments[0]).items.has('sweep')", list_id)
    assert not [e for e in a.console_errors() if "WebSocket" not in e["message"]]

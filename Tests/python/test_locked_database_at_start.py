"""A database file locked by another process while the server starts.

The server's startup work (the planning index, the reminder schedule) is queued before any
request. With the file locked it used to sit out SQLite's 5 s busy timeout first, and the first
request then waited out its own: ~10 s. Startup work now gives way at once, so the first
request waits only for its own batch (5 s, then a clear error), and once the lock is gone the
server works, reminders included.

The lock is real: a second process holding `BEGIN EXCLUSIVE` on the same SQLite file, as an
administrator's `sqlite3` would.
"""

import asyncio
import subprocess
import sys
import time

from test_protocol_flow import Client, running_server

# SQLite's busy timeout in the server (SQLiteStorage.defaultBusyTimeout): one wait is about
# this long; two in a row (the old behaviour) at least twice it.
BUSY_TIMEOUT = 5.0

HOLDER = """
import sqlite3, sys
connection = sqlite3.connect(sys.argv[1], isolation_level=None, timeout=30)
connection.execute("BEGIN EXCLUSIVE")
print("locked", flush=True)
sys.stdin.read()  # until the test closes our stdin
connection.execute("COMMIT")
"""


def hold_exclusive_lock(path):
    holder = subprocess.Popen(
        [sys.executable, "-c", HOLDER, str(path)], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True
    )
    assert holder.stdout.readline().strip() == "locked"
    return holder


def release(holder):
    holder.stdin.close()
    assert holder.wait(timeout=30) == 0


async def signup(url, name):
    client = await Client.open(url, name)
    try:
        await client.send({"type": "signup", "username": name, "password": "correct horse battery", "ref": name})
        return await asyncio.wait_for(client.next(), 4 * BUSY_TIMEOUT)
    finally:
        await client.close()


def test_the_first_request_waits_only_for_its_own_busy_timeout(tmp_path):
    # A first run makes the file (schema, server key), so the locked start needs only reads.
    with running_server(tmp_path):
        pass
    holder = hold_exclusive_lock(tmp_path / "db.sqlite")
    try:
        with running_server(tmp_path) as url:
            started = time.monotonic()
            reply = asyncio.run(signup(url, "first"))
            waited = time.monotonic() - started
            assert reply["type"] == "error" and reply.get("code") == "internal", reply
            # One busy timeout and some slack for a loaded machine, well short of two.
            assert waited < BUSY_TIMEOUT * 1.7, f"the first request waited {waited:.1f} s"

            release(holder)
            holder = None
            reply = asyncio.run(signup(url, "second"))
            assert reply["type"] == "authed", reply
    finally:
        if holder is not None:
            release(holder)

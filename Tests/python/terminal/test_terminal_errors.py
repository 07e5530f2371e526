"""Errors in the user's words: what went wrong and what to do, never a protocol word, an HTTP
status or a Foundation error domain."""

import os

import pytest

from conftest import PASSWORD, Server, User


def no_jargon(text):
    for word in ("HTTP ", "NSCocoaErrorDomain", "checkIn", "unauthorized", "Code=", "Fatal error"):
        assert word not in text, f"{word!r} in {text!r}"


@pytest.fixture
def small_files(tmp_path):
    server = Server(tmp_path, env={"CHECKWIRE_MAX_ATTACHMENT_SIZE": "1K"})
    yield server
    server.stop()


def test_a_file_over_the_limit_names_the_limit(tmp_path, small_files):
    home = tmp_path / "home-carol"
    home.mkdir()
    carol = User("carol", home, small_files)
    carol.ok("signup", "carol", "--password-stdin", input=PASSWORD + "\n")
    carol.ok("new", "Trip")
    carol.ok("add", "Trip", "Tickets")
    (home / "big.bin").write_bytes(b"x" * 5000)
    refused = carol.fails("attach", "Trip", "Tickets", "big.bin")
    no_jargon(refused.stderr)
    assert "“big.bin” was not attached" in refused.stderr
    assert "1 KB" in refused.stderr and "5 KB" in refused.stderr, refused.stderr


def test_a_missing_folder_is_named(alice):
    alice.ok("new", "Trip")
    alice.ok("add", "Trip", "Tickets")
    (alice.home / "ticket.txt").write_text("seat 12A\n")
    alice.ok("attach", "Trip", "Tickets", "ticket.txt")
    refused = alice.fails("download", "Trip", "Tickets", "ticket.txt", "-o", "no/such/folder/t.txt")
    no_jargon(refused.stderr)
    assert "the folder no/such/folder does not exist" in refused.stderr
    piped = alice.ok("download", "Trip", "Tickets", "ticket.txt", "-o", "-")
    assert piped.stdout == "seat 12A\n", "-o - writes the file to standard output"


def test_habits_and_roles_are_explained_as_commands(users):
    alice, bob = users("alice"), users("bob")
    alice.ok("new", "Morning", "--habits")
    alice.ok("add", "Morning", "Meditate")
    done = alice.fails("done", "Morning", "Meditate")
    no_jargon(done.stderr)
    assert 'checkwire checkin "Morning" "Meditate"' in done.stderr
    alice.ok("new", "Chores")
    alice.ok("add", "Chores", "Dishes")
    checkin = alice.fails("checkin", "Chores", "Dishes")
    assert 'checkwire done "Chores"' in checkin.stderr

    alice.ok("share", "Chores", "bob", "--role", "editor")
    share = bob.fails("share", "Chores", "carol")
    assert "Only the owner" in share.stderr, share.stderr
    assert "make you an editor" not in share.stderr, "bob is an editor already"


def test_wrong_password_wrong_server_and_revoked_session(alice, server):
    wrong = alice.fails("login", "alice", "--password-stdin", input="wrong password\n")
    no_jargon(wrong.stderr)
    assert "username or password is wrong" in wrong.stderr
    assert "session" not in wrong.stderr, "a mistyped password is not an ended session"
    tries = [alice.run("login", "alice", "--password-stdin", input="wrong password\n") for _ in range(7)]
    assert all(t.code == 1 for t in tries)
    throttled = [t.stderr for t in tries if "Too many" in t.stderr]
    assert throttled, "the server throttles repeated failures"
    assert throttled[0].startswith("checkwire: Too many failed attempts; try again in "), throttled[0]

    typo = alice.run("lists", "--server", "ws://127.0.0.1:1/ws")
    assert typo.code == 3, typo
    assert "cannot reach ws://127.0.0.1:1/ws" in typo.stderr and "not logged in" not in typo.stderr

    # Another HOME logs alice in and out with her own token; the first one is untouched, so revoke it
    # from this HOME's token instead: log out with CHECKWIRE_TOKEN.
    token = __import__("json").loads((alice.home / ".config/checkwire/credentials").read_text())["token"]
    other = alice.home / "elsewhere"
    other.mkdir()
    alice.ok("logout", env={"CHECKWIRE_TOKEN": token, "HOME": str(other)})
    status = alice.ok("status")
    assert "has ended" in status.stdout and "Logged in as" not in status.stdout, status.stdout
    assert alice.ok("status", "--json").json()["session"] == "revoked"
    ended = alice.fails("lists")
    assert "has ended" in ended.stderr and "checkwire login" in ended.stderr
    no_jargon(ended.stderr)

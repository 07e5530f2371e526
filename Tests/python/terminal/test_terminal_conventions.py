"""Conventions a terminal user expects: --version, usage errors that exit as documented (and
are JSON under --json), one JSON shape per kind of thing without protocol fields, downloads to
standard output, shell completion that knows the list names, "did you mean"."""

import json
import re
import subprocess

from conftest import binary


def test_version_and_did_you_mean(alice):
    version = alice.ok("--version")
    assert re.fullmatch(r"\d+\.\d+\.\d+\n", version.stdout), version.stdout
    typo = alice.fails("lsit")
    assert "Did you mean `checkwire lists`?" in typo.stderr
    assert "checkwire list" in alice.fails("lsts").stderr
    far = alice.fails("frobnicate", "--json")
    assert far.json() == {"ok": False, "error": {"code": "usage", "message": far.json()["error"]["message"]}}
    assert "checkwire --help" in far.json()["error"]["message"]


def test_usage_errors_exit_1_and_are_json_under_json(alice):
    missing = alice.fails("show")
    assert missing.stderr.startswith("checkwire: Missing expected argument"), missing.stderr
    assert "Usage: checkwire show" in missing.stderr
    as_json = alice.fails("show", "--json")
    error = as_json.json()["error"]
    assert error["code"] == "usage" and error["message"].startswith("Missing expected argument")
    bad_option = alice.fails("agenda", "--days", "many", "--json")
    assert bad_option.json()["ok"] is False
    refused = alice.fails("show", "No such list", "--json")
    assert set(refused.json()) == {"ok", "error"} and refused.json()["ok"] is False


def test_json_shapes_carry_no_protocol_fields(alice):
    alice.ok("new", "Trip", "--json")
    alice.ok("add", "Trip", "Passport renewal", "--due", "today", "--remind-before", "0")
    outputs = {
        "lists": alice.ok("lists", "--json").json(),
        "show": alice.ok("show", "Trip", "--json").json(),
        "today": alice.ok("today", "--json").json(),
        "search": alice.ok("search", "passport", "--json").json(),
        "feed": alice.ok("feed", "--json").json(),
        "reminders": alice.ok("reminders", "--json").json(),
        "snooze": alice.ok("snooze", "Trip", "Passport", "--for", "1h", "--json").json(),
        "status": alice.ok("status", "--json").json(),
        "add": alice.ok("add", "Trip", "Visa", "--json").json(),
    }
    for command, value in outputs.items():
        assert "type" not in value and "ref" not in value, f"{command}: {value}"
    # An item across lists has one shape: {"list","listTitle","item"} in today and search.
    entry = outputs["today"]["items"][0]
    hit = outputs["search"]["results"][0]
    assert set(entry) == {"list", "listTitle", "item"}
    assert {"list", "listTitle", "item"} <= set(hit)
    assert entry["item"]["id"] == hit["item"]["id"]
    assert outputs["snooze"]["ok"] is True and "until" in outputs["snooze"]


def test_shell_completion_knows_the_list_names(alice):
    alice.ok("new", "Groceries")
    alice.ok("new", "Garden")
    alice.ok("lists")  # the names are completed from the cache of the last `lists`
    script = alice.ok("--generate-completion-script", "bash").stdout
    assert "---completion show" in script
    done = subprocess.run(
        [binary(), "---completion", "show", "--", "positional@0", "2", "2", "checkwire", "show", "Gr"],
        capture_output=True, text=True, env=alice.env, timeout=30)
    assert done.stdout.split() == ["Groceries"], done


def test_download_to_standard_output(alice):
    alice.ok("new", "Trip")
    alice.ok("add", "Trip", "Tickets")
    data = bytes(range(256)) * 64
    (alice.home / "t.bin").write_bytes(data)
    alice.ok("attach", "Trip", "Tickets", "t.bin")
    done = subprocess.run([binary(), "download", "Trip", "Tickets", "t.bin", "-o", "-"], capture_output=True,
                          env=alice.env, cwd=alice.home, timeout=30)
    assert done.returncode == 0 and done.stdout == data

"""A closed standard output ends a command quietly (exit 0 or 141), like any Unix tool: no
trap, no backtrace. The reader here closes the pipe after one line, as `| head -1` does."""

import fcntl
import os
import subprocess

import pytest

from conftest import binary


F_SETPIPE_SZ = 1031  # Linux: a pipe of one page, so every view below overflows it


def first_line_then_close(user, *args):
    read_end, write_end = os.pipe()
    fcntl.fcntl(write_end, F_SETPIPE_SZ, 4096)
    process = subprocess.Popen(
        [binary(), *args], stdout=write_end, stderr=subprocess.PIPE, env=user.env, cwd=user.home
    )
    os.close(write_end)
    reader = os.fdopen(read_end, "rb")
    first = reader.readline()
    reader.close()  # the reader goes away, as `head -1` does
    try:
        _, stderr = process.communicate(timeout=30)
    except subprocess.TimeoutExpired:
        process.kill()
        pytest.fail(f"checkwire {' '.join(args)} kept running after its reader left")
    return first.decode(), process.returncode, stderr.decode()


@pytest.fixture
def busy(alice):
    """A list long enough that every view writes more than the pipe holds."""
    alice.ok("new", "Big")
    words = " ".join(["a title long enough to fill a small pipe quickly"] * 3)
    for n in range(40):
        alice.ok("add", f"Big - task number {n}, {words}, today")
    return alice


COMMANDS = [
    ["export", "Big", "--format", "csv"],
    ["lists"], ["show", "Big"], ["today"], ["agenda", "--days", "92"], ["search", "task"], ["show", "Big", "--json"],
]


def test_a_closed_pipe_ends_the_command_quietly(busy):
    for args in COMMANDS:
        for _ in range(6):  # the crash came 2 to 7 times in 8 runs
            first, code, stderr = first_line_then_close(busy, *args)
            assert first, f"checkwire {' '.join(args)} printed nothing"
            assert code in (0, 141), f"checkwire {' '.join(args)} exited {code}: {stderr}"
            assert "Fatal error" not in stderr and "Broken pipe" not in stderr, stderr
            assert stderr == "", f"nothing is said about the closed pipe: {stderr}"


def test_parse_in_a_pipe_ends_quietly(busy):
    lines = "".join(
        '{"id":%d,"text":"Call mom tomorrow at 5","lists":[],"now":"2026-11-21T09:00:00","tz":"UTC"}\n' % n
        for n in range(20000)
    )
    process = subprocess.Popen(
        [binary(), "parse"], stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=busy.env
    )
    process.stdout.close()
    _, stderr = process.communicate(lines.encode(), timeout=60)
    assert process.returncode in (0, 141), stderr
    assert b"Fatal error" not in stderr

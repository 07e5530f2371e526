"""The walkthroughs run as written: every `sh` block of docs/terminal.md, in order, and the
README's terminal walkthrough, each line through bash with `checkwire` on PATH, against a real
server. `signup` reads its password from a pseudo-terminal, as a person types it."""

import os
import pathlib
import pty
import re
import subprocess
import time

import pytest

from conftest import PASSWORD, binary

ROOT = pathlib.Path(__file__).resolve().parents[3]


def sh_blocks(path, after=None, first_only=False):
    text = (ROOT / path).read_text()
    if after:
        text = text[text.index(after):]
    blocks = re.findall(r"```sh\n(.*?)```", text, re.S)
    return blocks[:1] if first_only else blocks


def commands(blocks):
    for block in blocks:
        for line in block.splitlines():
            command = re.sub(r"\s+#.*$", "", line).strip()
            if command:
                yield command


def signup_on_a_terminal(user, command, env):
    """Runs `checkwire signup NAME` with a controlling terminal and types the password twice."""
    pid, fd = pty.fork()
    if pid == 0:
        os.execvpe("bash", ["bash", "-c", command], env)
    output = b""
    deadline = time.monotonic() + 30
    typed = 0
    while time.monotonic() < deadline:
        try:
            chunk = os.read(fd, 1024)
        except OSError:
            break
        if not chunk:
            break
        output += chunk
        prompts = output.count(b"assword")
        while typed < prompts:
            os.write(fd, (PASSWORD + "\n").encode())
            typed += 1
    _, status = os.waitpid(pid, 0)
    assert os.waitstatus_to_exitcode(status) == 0, output.decode(errors="replace")
    return output.decode(errors="replace")


def watch_shows_the_checklist(command, env, cwd, title):
    """`checkwire watch` runs until stopped: it must print the checklist, then it is stopped."""
    watch = subprocess.Popen(["bash", "-c", f"exec {command}"], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                             text=True, env=env, cwd=cwd)
    try:
        seen = []
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            line = watch.stdout.readline()
            if not line:
                break
            seen.append(line)
            if title in line:
                return
        raise AssertionError(f"{command} did not show {title!r}: {''.join(seen)}{watch.stderr.read() if watch.poll() is not None else ''}")
    finally:
        watch.kill()
        watch.wait()


def run_walkthrough(user, lines, tmp_path):
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    (bin_dir / "checkwire").symlink_to(binary())
    env = dict(user.env, PATH=f"{bin_dir}:{os.environ['PATH']}")
    for command in lines:
        if re.match(r"checkwire (signup|login) \S+$", command):
            signup_on_a_terminal(user, command, env)
            continue
        if command.startswith("checkwire watch "):
            watch_shows_the_checklist(command, env, user.home, "Homework 3")
            continue
        done = subprocess.run(["bash", "-o", "pipefail", "-c", command], capture_output=True, text=True, env=env,
                              cwd=user.home, timeout=60)
        assert done.returncode == 0, f"{command}\n--- stdout\n{done.stdout}--- stderr\n{done.stderr}"
        assert "Fatal error" not in done.stderr


def test_the_terminal_guide_runs_as_written(users, tmp_path):
    users("bob")
    alice = users("alice", sign_up=False)
    lines = list(commands(sh_blocks("docs/terminal.md")))
    assert len(lines) > 40 and lines[0] == "checkwire signup alice"
    run_walkthrough(alice, lines, tmp_path)
    shown = alice.ok("show", "CS 298", "--json").json()["list"]["items"]
    titles = {item["title"] for item in shown}
    assert {"Homework 2", "Problem 1", "Problem 2", "Read chapter 4", "Homework 3", "quiz"} <= titles


def test_the_readme_walkthrough_runs_as_written(users, tmp_path):
    users("bob")
    alice = users("alice", sign_up=False)
    lines = list(commands(sh_blocks("README.md", after="**From the terminal**", first_only=True)))
    assert lines[0] == "checkwire signup alice" and any(line.startswith("checkwire watch") for line in lines)
    run_walkthrough(alice, lines, tmp_path)
    shown = alice.ok("show", "CS 298", "--json").json()["list"]["items"]
    assert any(item["title"] == "Homework 3" and item["status"] == "done" for item in shown)

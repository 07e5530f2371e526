"""The terminal client as its users run it: the real `checkwire` binary (CHECKWIRE_BIN) against
a real `checkwire serve` on a free 127.0.0.1 port with its own SQLite file, each user with
their own HOME (so their own session, offline queue and cache), output captured from real
pipes. Nothing here imports the server's code.

    CHECKWIRE_BIN=$PWD/.build/debug/checkwire python3 -m pytest -q Tests/python/terminal

Every wait is bounded: a command that hangs fails its test instead of the suite.
"""

import json
import os
import re
import select
import signal
import subprocess
import time

import pytest

DEFAULT_BIN = "/work/main/.build/debug/checkwire"
COMMAND_TIMEOUT = 30.0
START_TIMEOUT = 30.0
BANNER = re.compile(r"Checkwire listening on http://127\.0\.0\.1:(\d+)/")
PASSWORD = "correct horse"


def binary():
    path = os.environ.get("CHECKWIRE_BIN", DEFAULT_BIN)
    assert os.access(path, os.X_OK), f"checkwire binary not found at {path}; set CHECKWIRE_BIN"
    return path


def end(process, how):
    """Sends `how` (SIGTERM, SIGINT) and waits; kills what is still running after 15 s."""
    if process.poll() is None:
        process.send_signal(how)
        try:
            process.wait(timeout=15)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()


class Server:
    """`checkwire serve` on one port and database, which can be stopped and started again
    (on the same port) to make clients go offline and come back."""

    def __init__(self, directory, env=None):
        self.directory = directory
        self.env = dict(os.environ, **(env or {}))
        self.database = str(directory / "db.sqlite")
        self.port = 0
        self.process = None
        self.start()

    @property
    def url(self):
        return f"ws://127.0.0.1:{self.port}/ws"

    @property
    def http(self):
        return f"http://127.0.0.1:{self.port}"

    def start(self):
        self.stderr = open(self.directory / "server.stderr", "ab")
        self.process = subprocess.Popen(
            [binary(), "serve", "--host", "127.0.0.1", "--port", str(self.port), "--database", self.database,
             "--fast-password-hashing", "--log-level", "warning"],
            stdout=subprocess.PIPE, stderr=self.stderr, cwd=self.directory, env=self.env,
        )
        self.port = self._read_port()

    def stop(self):
        if self.process:
            end(self.process, signal.SIGTERM)
            self.process.stdout.close()
            self.stderr.close()
        self.process = None

    def _read_port(self):
        """The port from the banner, the first line the server prints."""
        deadline = time.monotonic() + START_TIMEOUT
        banner = b""
        while b"\n" not in banner and self.process.poll() is None and time.monotonic() < deadline:
            if select.select([self.process.stdout], [], [], 0.1)[0]:
                banner += self.process.stdout.read1(4096)
        match = BANNER.search(banner.decode(errors="replace"))
        if not match:
            self.process.kill()
            pytest.fail(f"checkwire serve printed no banner: {banner!r}")
        return int(match.group(1))


class Result:
    def __init__(self, args, code, stdout, stderr):
        self.args, self.code, self.stdout, self.stderr = args, code, stdout, stderr

    def json(self):
        return json.loads(self.stdout)

    def lines(self):
        return [json.loads(line) for line in self.stdout.splitlines() if line.strip()]

    def __repr__(self):
        return f"checkwire {' '.join(self.args)} → exit {self.code}\n--- stdout\n{self.stdout}--- stderr\n{self.stderr}"


class User:
    """One person at a terminal: their own HOME, the server in CHECKWIRE_SERVER, TZ=UTC unless
    told otherwise."""

    def __init__(self, name, home, server):
        self.name = name
        self.home = home
        self.server = server
        self.env = {
            key: value for key, value in os.environ.items()
            if key not in ("XDG_CONFIG_HOME", "XDG_STATE_HOME", "XDG_CACHE_HOME", "CHECKWIRE_TOKEN", "NO_COLOR")
        }
        self.env.update({"HOME": str(home), "CHECKWIRE_SERVER": server.url, "TZ": "UTC", "COLUMNS": "200"})

    def run(self, *args, input=None, env=None, timeout=COMMAND_TIMEOUT):
        merged = dict(self.env, **(env or {}))
        done = subprocess.run(
            [binary(), *args], input=input, capture_output=True, text=True, env=merged, timeout=timeout,
            cwd=self.home,
        )
        return Result(list(args), done.returncode, done.stdout, done.stderr)

    def ok(self, *args, **kwargs):
        result = self.run(*args, **kwargs)
        assert result.code == 0, repr(result)
        assert "Fatal error" not in result.stderr, repr(result)
        return result

    def fails(self, *args, code=1, **kwargs):
        result = self.run(*args, **kwargs)
        assert result.code == code, repr(result)
        assert "Fatal error" not in result.stderr, repr(result)
        return result

    def spawn(self, *args, env=None):
        """A long-running command (`watch`, `remind --follow`) with its output on a pipe."""
        merged = dict(self.env, **(env or {}))
        return Running(subprocess.Popen(
            [binary(), *args], stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=merged, cwd=self.home,
        ))


class Running:
    """A running command whose output is read as it comes, with bounded waits."""

    def __init__(self, process):
        self.process = process
        self.out = b""
        self.err = b""
        self.open = [process.stdout, process.stderr]

    def _pump(self, timeout):
        """Reads what is there within `timeout`; false when nothing came."""
        if not self.open:
            return False
        ready, _, _ = select.select(self.open, [], [], timeout)
        got = False
        for stream in ready:
            chunk = os.read(stream.fileno(), 65536)
            if not chunk:
                self.open.remove(stream)
            elif stream is self.process.stdout:
                self.out += chunk
                got = True
            else:
                self.err += chunk
                got = True
        return got

    def wait_for(self, text, timeout=COMMAND_TIMEOUT, stream="out"):
        """Waits until `text` appears in stdout (or stderr); returns everything read so far."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            seen = (self.out if stream == "out" else self.err).decode(errors="replace")
            if text in seen:
                return seen
            if not self._pump(0.1) and self.process.poll() is not None:
                break
        pytest.fail(f"{text!r} did not appear in {stream}; stdout:\n{self.out.decode(errors='replace')}\n"
                    f"stderr:\n{self.err.decode(errors='replace')}")

    def stop(self):
        """Ctrl-C; returns the exit status."""
        end(self.process, signal.SIGINT)
        while self._pump(0):
            pass
        return self.process.returncode


@pytest.fixture
def server(tmp_path):
    running = Server(tmp_path)
    yield running
    running.stop()


@pytest.fixture
def users(tmp_path, server):
    """`users("alice")` signs alice up (once) and returns her; later calls return the same user."""
    made = {}

    def make(name, sign_up=True):
        if name not in made:
            home = tmp_path / f"home-{name}"
            home.mkdir()
            made[name] = User(name, home, server)
            if sign_up:
                made[name].ok("signup", name, "--password-stdin", input=PASSWORD + "\n")
        return made[name]

    return make


@pytest.fixture
def alice(users):
    return users("alice")

"""`smtp_server.py` (aiosmtpd) as a child process for tests: a relay on a free 127.0.0.1 port
whose every mail is a JSON file in `spool` (see smtp_server.py for what each holds)."""

import glob
import json
import os
import re
import subprocess
import sys

import pytest

SCRIPT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "smtp_server.py")


class Relay:
    def __init__(self, spool):
        self.spool = str(spool)
        self.process = subprocess.Popen([sys.executable, SCRIPT, "--spool", self.spool],
                                        stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
        line = self.process.stdout.readline()
        match = re.match(r"listening 127\.0\.0\.1:(\d+)", line)
        assert match, f"smtp_server.py said {line!r}"
        self.port = int(match.group(1))

    def stop(self):
        """Closes its stdin, which ends it."""
        self.process.stdin.close()
        try:
            self.process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()
        self.process.stdout.close()

    def mails(self):
        """Every mail taken so far, in arrival order."""
        paths = sorted(glob.glob(os.path.join(self.spool, "*.json")), key=lambda p: int(os.path.basename(p)[:-5]))
        mails = []
        for path in paths:
            with open(path) as f:
                mails.append(json.load(f))
        return mails


@pytest.fixture
def relay(tmp_path):
    """A relay for one test (import it into a test module to use it)."""
    running = Relay(tmp_path / "spool")
    yield running
    running.stop()

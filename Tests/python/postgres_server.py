"""A real PostgreSQL server for the tests that run Checkwire on PostgreSQL.

One server per test session, started on first use: `initdb` in a temporary folder, a free
127.0.0.1 port, its Unix socket in that folder, run as the `postgres` user when the tests
run as root (the server refuses root); stopped by its PID at the end of the session. No
system service is used. Each test gets a fresh database (`postgres_url`).

Without Debian's `postgresql` package the tests that need it fail, saying how to install it;
they are never skipped.
"""

import glob
import os
import shutil
import socket
import subprocess
import tempfile
import time
import uuid

import pytest

INSTALL_HINT = "run `scripts/install-deps.sh --with-test-tools` (or `apt-get install postgresql`)"


def _binaries():
    found = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"), key=lambda p: int(p.split("/")[4]))
    if not found:
        pytest.fail(f"PostgreSQL is not installed (no /usr/lib/postgresql/*/bin/initdb): {INSTALL_HINT}")
    return os.path.dirname(found[-1])


def _free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class PostgresServer:
    def __init__(self):
        self.bin = _binaries()
        self.folder = tempfile.mkdtemp(prefix="checkwire-postgres-")
        as_root = os.geteuid() == 0
        self.prefix = ["runuser", "-u", "postgres", "--"] if as_root else []
        if as_root:
            shutil.chown(self.folder, "postgres", "postgres")
        self._run([f"{self.bin}/initdb", "-D", f"{self.folder}/data", "-U", "postgres", "--auth=trust",
                   "-E", "UTF8", "--locale=C", "--no-sync"], as_server=True)
        for _ in range(5):
            self.port = _free_port()
            log = f"{self.folder}/server-{self.port}.log"
            result = subprocess.run(
                self.prefix + [f"{self.bin}/pg_ctl", "-D", f"{self.folder}/data", "-l", log, "-w", "-t", "60", "-o",
                               f"-p {self.port} -k {self.folder} -c listen_addresses=127.0.0.1 -c fsync=off "
                               "-c max_connections=200", "start"],
                stdin=subprocess.DEVNULL, capture_output=True, text=True)
            if result.returncode == 0:
                break
        else:
            pytest.fail(f"PostgreSQL did not start: {result.stdout}{result.stderr}")
        with open(f"{self.folder}/data/postmaster.pid") as f:
            self.pid = int(f.readline())

    def _run(self, args, as_server=False):
        result = subprocess.run((self.prefix if as_server else []) + args, stdin=subprocess.DEVNULL,
                                capture_output=True, text=True)
        if result.returncode != 0:
            pytest.fail(f"{' '.join(args)} failed: {result.stdout}{result.stderr}")
        return result.stdout

    def prefix_psql(self, database="postgres"):
        """A psql command line on this server and database, for the statements to add."""
        return [f"{self.bin}/psql", "-X", "-q", "-A", "-t", "-v", "ON_ERROR_STOP=1", "-h", self.folder,
                "-p", str(self.port), "-U", "postgres", "-d", database]

    def sql(self, statement, database="postgres"):
        return self._run(self.prefix_psql(database) + ["-c", statement]).strip()

    def url(self, database, user="postgres", password=None):
        credentials = user if password is None else f"{user}:{password}"
        return f"postgres://{credentials}@127.0.0.1:{self.port}/{database}?sslmode=disable"

    def create_database(self):
        name = "checkwire_" + uuid.uuid4().hex
        self.sql(f"CREATE DATABASE {name}")
        return name

    def drop_database(self, name):
        self.sql(f"DROP DATABASE IF EXISTS {name} WITH (FORCE)")

    def stop(self):
        # Fast shutdown by PID: the server's own children end with it.
        try:
            os.kill(self.pid, 15)
        except ProcessLookupError:
            pass
        for _ in range(600):
            try:
                os.kill(self.pid, 0)
            except ProcessLookupError:
                break
            time.sleep(0.05)
        shutil.rmtree(self.folder, ignore_errors=True)


@pytest.fixture(scope="session")
def postgres_server():
    server = PostgresServer()
    try:
        yield server
    finally:
        server.stop()


@pytest.fixture
def postgres_url(postgres_server):
    """A fresh database on the session's server; its `--database` URL."""
    name = postgres_server.create_database()
    try:
        yield postgres_server.url(name)
    finally:
        postgres_server.drop_database(name)

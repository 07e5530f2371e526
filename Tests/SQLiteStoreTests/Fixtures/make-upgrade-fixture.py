#!/usr/bin/env python3
"""Makes the store a Checkwire binary leaves behind, for UpgradeTests: its database file
(gzipped: mostly empty pages), its server key and its attachment folder, and `facts.json`,
what the test checks after opening them with the current store.

    Tests/SQLiteStoreTests/Fixtures/make-upgrade-fixture.py BINARY OUTPUT_DIR

The fixture in `made-by-0.18.0/` was made by the build of commit f67a2bf (version 0.18.0,
before the storage port): its migrations are named v1 … v13 and its key is a file beside it.
Needs the packages of Tests/python/requirements.txt.
"""

import asyncio
import gzip
import hashlib
import json
import os
import pathlib
import shutil
import signal
import subprocess
import sys
import tempfile
import urllib.request

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[2] / "python"))
from test_protocol_flow import Client, _read_port  # noqa: E402


async def build(url, base):
    ana = await Client.open(url, "ana")
    authed = await ana.request({"type": "signup", "username": "ana", "password": "correct horse battery"})
    token = authed["token"]
    bo = await Client.open(url, "bo")
    await bo.request({"type": "signup", "username": "bo", "password": "correct horse battery"})
    list_id = (await ana.op("op-create", "createList", title="Trip", tz="UTC"))["id"]
    first = (await ana.op("op-tickets", "addItem", list=list_id, title="Tickets", due="2027-03-12"))["id"]
    second = (await ana.op("op-passport", "addItem", list=list_id, title="Passport", remindEvery=3600))["id"]
    await ana.op("op-done", "completeItem", list=list_id, item=first)
    await ana.op("op-share", "share", list=list_id, username="bo", role="editor")
    quick = await ana.request({"type": "op", "opId": "op-quick", "op": "quickAdd", "text": "Pack socks #Trip"})
    feed = await ana.request({"type": "feed"})
    data = b"an attachment made by the old server"
    request = urllib.request.Request(
        f"{base}/attachments?list={list_id}&item={second}&name=scan.txt", data=data, method="PUT",
        headers={"Authorization": f"Bearer {token}", "Content-Type": "text/plain"})
    with urllib.request.urlopen(request, timeout=20) as response:
        attachment = json.loads(response.read())
    for client in (ana, bo):
        await client.ws.close()
    return {
        "username": "ana", "password": "correct horse battery", "other": "bo", "token": token,
        "list": list_id, "items": [first, second, quick["id"]], "head": 7,
        "opIds": ["op-create", "op-tickets", "op-passport", "op-done", "op-share", "op-quick"],
        "quickAddParsed": quick.get("parsed"), "feedURL": feed["url"],
        "attachment": {"id": attachment["id"], "sha256": hashlib.sha256(data).hexdigest(), "text": data.decode()},
    }


def main():
    binary, output = sys.argv[1], pathlib.Path(sys.argv[2])
    with tempfile.TemporaryDirectory() as work:
        database = pathlib.Path(work) / "db.sqlite"
        stderr_path = pathlib.Path(work) / "stderr"
        with open(stderr_path, "wb") as stderr:
            process = subprocess.Popen(
                [binary, "serve", "--host", "127.0.0.1", "--port", "0", "--database", str(database),
                 "--fast-password-hashing", "--log-level", "warning"],
                stdout=subprocess.PIPE, stderr=stderr, cwd=work)
        try:
            port = _read_port(process, stderr_path)
            facts = asyncio.run(build(f"ws://127.0.0.1:{port}/ws", f"http://127.0.0.1:{port}"))
        finally:
            process.send_signal(signal.SIGTERM)
            process.wait(timeout=15)
        # A graceful stop checkpoints and removes the WAL: the file alone holds everything.
        assert not pathlib.Path(str(database) + "-wal").exists() or os.path.getsize(str(database) + "-wal") == 0
        output.mkdir(parents=True, exist_ok=True)
        with open(database, "rb") as source, gzip.open(output / "db.gz", "wb", compresslevel=9) as target:
            shutil.copyfileobj(source, target)
        shutil.copyfile(str(database) + ".key", output / "db.key")
        shutil.copytree(str(database) + "-attachments", output / "attachments", dirs_exist_ok=True,
                        ignore=shutil.ignore_patterns("tmp"))
        (output / "facts.json").write_text(json.dumps(facts, indent=2) + "\n")


if __name__ == "__main__":
    main()

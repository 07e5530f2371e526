"""Attachments over real HTTP and a real SQLite file (docs/protocol.md, "Attachments"):
upload and download with a sha256 check, dedup, roles, 413 before the body, bad input,
signed URLs, ranges, ETag, cancel/restore events reaching a second subscriber, and a
server killed with -9 during an upload (afterwards: no trace of it)."""

import asyncio
import hashlib
import json
import os
import signal
import socket
import subprocess
import time
import urllib.error
import urllib.parse
import urllib.request

import pytest

from test_protocol_flow import Client, server, DEFAULT_BIN, _read_port  # noqa: F401


def http(method, url, body=None, headers=None):
    """(status, headers, body); HTTP errors are answers, not exceptions."""
    request = urllib.request.Request(url, data=body, method=method, headers=headers or {})
    try:
        with urllib.request.urlopen(request, timeout=20) as response:
            return response.status, response.headers, response.read()
    except urllib.error.HTTPError as error:
        return error.code, error.headers, error.read()


def base_of(ws_url):
    return ws_url.replace("ws://", "http://").rsplit("/ws", 1)[0]


def upload(base, token, list_id, item_id, name, data, content_type="image/png"):
    query = urllib.parse.urlencode({"list": list_id, "item": item_id, "name": name})
    return http("PUT", f"{base}/attachments?{query}", data, {"Authorization": f"Bearer {token}", "Content-Type": content_type})


async def signup(url, name):
    client = await Client.open(url, name)
    reply = await client.request({"type": "signup", "username": name, "password": "correct horse battery"})
    assert reply["type"] == "authed", reply
    return client, reply["token"]


async def next_of_type(client, kind):
    while True:
        message = await client.next()
        if message.get("type") == kind:
            return message


def test_upload_download_dedup_roles_ranges_and_events(server, tmp_path):
    asyncio.run(_round_trip(server, tmp_path / "db.sqlite-attachments"))


def stored_files(store):
    return sorted(name for folder in os.listdir(store) if folder != "tmp" for name in os.listdir(store / folder))


async def _round_trip(url, store):
    base = base_of(url)
    ana, ana_token = await signup(url, "ana")
    ben, ben_token = await signup(url, "ben")
    eve, eve_token = await signup(url, "eve")
    try:
        list_id = (await ana.op("c", "createList", title="Homework"))["id"]
        item_id = (await ana.op("i", "addItem", list=list_id, title="Worksheet"))["id"]
        await ana.op("s", "share", list=list_id, username="ben", role="viewer")
        assert (await ben.next())["type"] == "listShared"
        await ben.request({"type": "subscribe", "list": list_id})

        photo = os.urandom(300_000) + b"PNG-ish"
        status, _, body = upload(base, ana_token, list_id, item_id, "page/1\x07.png", photo)
        assert status == 201, body
        created = json.loads(body)
        assert created["size"] == len(photo) and created["sha256"] == hashlib.sha256(photo).hexdigest()
        assert created["name"] == "page_1.png" and created["type"] == "image/png"

        event = await next_of_type(ben, "event")
        assert event["op"] == "attach"
        attached = event["changes"]["items"][0]["attachments"]
        assert [(a["id"], a["status"], a["by"], a["sha256"]) for a in attached] == [(created["id"], "active", "ana", created["sha256"])]

        # Download: bytes and headers; the viewer may read; a stranger gets 404, no token 401.
        status, headers, data = http("GET", f"{base}/attachments/{created['id']}", headers={"Authorization": f"Bearer {ben_token}"})
        assert status == 200 and hashlib.sha256(data).hexdigest() == created["sha256"]
        assert headers["Content-Type"] == "image/png" and headers["X-Content-Type-Options"] == "nosniff"
        assert headers["Content-Disposition"].startswith("inline;") and "sandbox" in headers["Content-Security-Policy"]
        assert http("GET", f"{base}/attachments/{created['id']}", headers={"Authorization": f"Bearer {eve_token}"})[0] == 404
        assert http("GET", f"{base}/attachments/{created['id']}")[0] == 401
        assert http("GET", f"{base}/attachments/{created['id']}", headers={"Authorization": "Bearer nope"})[0] == 401

        # ETag and ranges.
        etag = headers["ETag"]
        assert http("GET", f"{base}/attachments/{created['id']}", headers={"Authorization": f"Bearer {ana_token}", "If-None-Match": etag})[0] == 304
        status, headers, part = http("GET", f"{base}/attachments/{created['id']}", headers={"Authorization": f"Bearer {ana_token}", "Range": "bytes=10-19"})
        assert status == 206 and part == photo[10:20] and headers["Content-Range"] == f"bytes 10-19/{len(photo)}"
        status, _, tail = http("GET", f"{base}/attachments/{created['id']}", headers={"Authorization": f"Bearer {ana_token}", "Range": "bytes=-7"})
        assert status == 206 and tail == b"PNG-ish"
        assert http("GET", f"{base}/attachments/{created['id']}", headers={"Authorization": f"Bearer {ana_token}", "Range": f"bytes={len(photo)}-"})[0] == 416

        # Signed URL for <img>: works without a bearer token; a tampered one does not.
        signed = await ben.request({"type": "attachmentURL", "id": created["id"]})
        assert signed["type"] == "attachmentURL", signed
        status, _, data = http("GET", signed["url"])
        assert status == 200 and data == photo
        assert http("GET", signed["url"][:-1] + ("0" if signed["url"][-1] != "0" else "1"))[0] == 401

        # Same bytes again: stored once, a second attachment.
        status, _, body = upload(base, ana_token, list_id, item_id, "again.png", photo)
        assert status == 201 and json.loads(body)["sha256"] == created["sha256"] and json.loads(body)["id"] != created["id"]
        await next_of_type(ben, "event")

        assert stored_files(store) == [created["sha256"]], "the same bytes twice are one file"

        # Roles and bad input: viewer 403, stranger 404, no token 401, empty 400, no name 400.
        assert upload(base, ben_token, list_id, item_id, "x.png", b"abc")[0] == 403
        assert upload(base, eve_token, list_id, item_id, "x.png", b"abc")[0] == 404
        assert http("PUT", f"{base}/attachments?list={list_id}&item={item_id}&name=x", b"abc")[0] == 401
        assert upload(base, ana_token, list_id, item_id, "x.png", b"")[0] == 400
        assert upload(base, ana_token, list_id, item_id, "\x01\x02", b"abc")[0] == 400
        assert upload(base, ana_token, list_id, "no-such-item", "x.png", b"abc")[0] == 404
        # A type that is not one is stored as octet-stream and served as an attachment.
        status, _, body = upload(base, ana_token, list_id, item_id, "notes.txt", b"plain words", content_type="<script>")
        assert status == 201 and json.loads(body)["type"] == "application/octet-stream"
        other = json.loads(body)["id"]
        await next_of_type(ben, "event")
        _, headers, _ = http("GET", f"{base}/attachments/{other}", headers={"Authorization": f"Bearer {ana_token}"})
        assert headers["Content-Disposition"].startswith("attachment;")

        assert len(stored_files(store)) == 2

        # 21 MiB against the default 20 MiB limit: 413 before any of the body is sent.
        port = int(base.rsplit(":", 1)[1])
        answer = raw_exchange(port, f"PUT /attachments?list={list_id}&item={item_id}&name=big.bin HTTP/1.1\r\nHost: 127.0.0.1\r\n"
                              f"Authorization: Bearer {ana_token}\r\nContent-Length: {21 << 20}\r\n\r\n".encode())
        assert answer.split(b" ", 2)[1] == b"413" and b"limit" in answer, answer

        # Cancel and restore reach the subscriber; the bytes stay.
        reply = await ana.op("x1", "cancelAttachment", list=list_id, item=item_id, attachment=created["id"])
        assert reply["type"] == "ack", reply
        event = await next_of_type(ben, "event")
        assert event["op"] == "cancelAttachment"
        assert [a["status"] for a in event["changes"]["items"][0]["attachments"]][0] == "cancelled"
        assert http("GET", f"{base}/attachments/{created['id']}", headers={"Authorization": f"Bearer {ana_token}"})[0] == 200
        again = await ana.op("x2", "cancelAttachment", list=list_id, item=item_id, attachment=created["id"])
        assert again["type"] == "error" and again["code"] == "conflict"
        assert (await ana.op("x3", "restoreAttachment", list=list_id, item=item_id, attachment=created["id"]))["type"] == "ack"
        assert (await next_of_type(ben, "event"))["changes"]["items"][0]["attachments"][0]["status"] == "active"
        refused = await ben.op("x4", "cancelAttachment", list=list_id, item=item_id, attachment=created["id"])
        assert refused["type"] == "error" and refused["code"] == "forbidden"

        # A snapshot carries the attachments too.
        snapshot = await ana.request({"type": "subscribe", "list": list_id})
        items = {i["id"]: i for i in snapshot["list"]["items"]}
        assert len(items[item_id]["attachments"]) == 3
    finally:
        for client in (ana, ben, eve):
            await client.close()


def raw_exchange(port, request):
    """Sends `request` as is over a raw socket and returns everything until the server closes."""
    sock = socket.create_connection(("127.0.0.1", port), timeout=10)
    sock.sendall(request)
    answer = b""
    while chunk := sock.recv(65536):
        answer += chunk
    sock.close()
    return answer


def raw_put(port, path, headers, body, close_after=None):
    """A PUT over a raw socket: `close_after` bytes of the body, then the socket closes."""
    sock = socket.create_connection(("127.0.0.1", port), timeout=10)
    head = f"PUT {path} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n" + "".join(f"{k}: {v}\r\n" for k, v in headers.items()) + "\r\n"
    sock.sendall(head.encode())
    if close_after is None:
        sock.sendall(body)
        data = b""
        while b"\r\n\r\n" not in data:
            chunk = sock.recv(65536)
            if not chunk:
                break
            data += chunk
        sock.close()
        return int(data.split(b" ", 2)[1]) if data else None
    sock.sendall(body[:close_after])
    sock.close()
    return None


def test_limits_truncation_and_kill_during_upload(tmp_path):
    """413 before the body, a body cut short leaves nothing, and kill -9 mid-upload leaves no
    trace after the restart (no event, no file, no temporary file)."""
    binary = os.environ.get("CHECKWIRE_BIN", DEFAULT_BIN)
    database = tmp_path / "db.sqlite"

    def start():
        stderr = open(tmp_path / "server.stderr", "ab")
        process = subprocess.Popen(
            [binary, "serve", "--host", "127.0.0.1", "--port", "0", "--database", str(database),
             "--fast-password-hashing", "--log-level", "warning", "--max-attachment-size", "1M", "--max-attachments-total", "600K"],
            stdout=subprocess.PIPE, stderr=stderr, cwd=tmp_path)
        return process, _read_port(process, tmp_path / "server.stderr")

    process, port = start()
    try:
        async def setup():
            client, token = await signup(f"ws://127.0.0.1:{port}/ws", "ana")
            list_id = (await client.op("c", "createList", title="Files"))["id"]
            item_id = (await client.op("i", "addItem", list=list_id, title="Scan"))["id"]
            await client.close()
            return token, list_id, item_id
        token, list_id, item_id = asyncio.run(setup())
        path = f"/attachments?list={list_id}&item={item_id}&name=scan.pdf"
        auth = {"Authorization": f"Bearer {token}", "Content-Type": "application/pdf"}

        # Over the limit: 413 answered before the body is sent at all.
        sock = socket.create_connection(("127.0.0.1", port), timeout=10)
        sock.sendall(f"PUT {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer {token}\r\nContent-Length: {2 << 20}\r\n\r\n".encode())
        answer = sock.recv(4096)
        sock.close()
        assert answer.split(b" ", 2)[1] == b"413", answer
        # No Content-Length: 411.
        assert raw_put(port, path, {**auth, "Transfer-Encoding": "chunked"}, b"0\r\n\r\n") == 411

        # The server-wide total: 400 KiB fits, another 400 KiB does not (a clear tooLarge), the
        # same bytes again take no space and are accepted.
        first = os.urandom(400 << 10)
        base = f"http://127.0.0.1:{port}"
        assert upload(base, token, list_id, item_id, "a.bin", first, "application/octet-stream")[0] == 201
        status, _, body = upload(base, token, list_id, item_id, "b.bin", os.urandom(400 << 10), "application/octet-stream")
        assert status == 413 and json.loads(body)["code"] == "tooLarge" and b"max-attachments-total" in body, body
        assert upload(base, token, list_id, item_id, "a-again.bin", first, "application/octet-stream")[0] == 201

        # At most 16 uploads stream at once: a 17th is refused at once with 429 and Retry-After,
        # before its body; once the others end, uploads are taken again.
        pending = []
        for n in range(16):
            sock = socket.create_connection(("127.0.0.1", port), timeout=10)
            sock.sendall(f"PUT {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer {token}\r\nContent-Length: 1000\r\n\r\n".encode() + b"x" * 10)
            pending.append(sock)
        time.sleep(0.3)
        status, headers, body = upload(base, token, list_id, item_id, "c.bin", b"late", "application/octet-stream")
        assert status == 429 and headers["Retry-After"] == "5" and json.loads(body)["code"] == "rateLimited", (status, body)
        for sock in pending:
            sock.close()
        time.sleep(0.3)
        assert upload(base, token, list_id, item_id, "c.bin", b"in time", "application/octet-stream")[0] == 201

        # Refused uploads leave no temporary file behind.
        assert os.listdir(tmp_path / "db.sqlite-attachments" / "tmp") == []

        # A body shorter than its Content-Length, then the connection closes: nothing kept.
        raw_put(port, path, {**auth, "Content-Length": "100000"}, os.urandom(100000), close_after=50000)
        time.sleep(0.5)
        assert os.listdir(tmp_path / "db.sqlite-attachments" / "tmp") == []

        # kill -9 in the middle of an upload.
        sock = socket.create_connection(("127.0.0.1", port), timeout=10)
        sock.sendall(f"PUT {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer {token}\r\nContent-Length: 500000\r\n\r\n".encode())
        sock.sendall(os.urandom(200000))
        time.sleep(0.3)
        process.send_signal(signal.SIGKILL)
        process.wait()
        sock.close()
    finally:
        if process.poll() is None:
            process.kill()
            process.wait()

    process, port = start()
    try:
        async def check():
            client, _ = await Client.open(f"ws://127.0.0.1:{port}/ws", "ana"), None
            reply = await client.request({"type": "login", "username": "ana", "password": "correct horse battery"})
            assert reply["type"] == "authed"
            snapshot = await client.request({"type": "subscribe", "list": list_id})
            await client.close()
            return snapshot
        snapshot = asyncio.run(check())
        # Only the three attachments made before (two files): nothing of the killed upload.
        assert [len(item.get("attachments", [])) for item in snapshot["list"]["items"]] == [3], snapshot["list"]["items"]
        store = tmp_path / "db.sqlite-attachments"
        assert os.listdir(store / "tmp") == []
        assert len(stored_files(store)) == 2
        # And the server still takes a whole upload after the restart.
        status, _, body = upload(f"http://127.0.0.1:{port}", token, list_id, item_id, "scan.pdf", b"%PDF-1.7 ok", "application/pdf")
        assert status == 201, body

        # A body longer than its Content-Length: the bytes past it are read as a next request,
        # which is malformed, and the connection is cut. The file is never more than the
        # declared bytes.
        reply = raw_exchange(port, f"PUT /attachments?list={list_id}&item={item_id}&name=short.txt HTTP/1.1\r\nHost: 127.0.0.1\r\n"
                             f"Authorization: Bearer {token}\r\nContent-Length: 5\r\n\r\nhelloEXTRA BYTES\r\n\r\n".encode())
        assert b"EXTRA" not in reply
        time.sleep(0.5)

        async def sizes():
            client = await Client.open(f"ws://127.0.0.1:{port}/ws", "ana")
            await client.request({"type": "login", "username": "ana", "password": "correct horse battery"})
            snapshot = await client.request({"type": "subscribe", "list": list_id})
            await client.close()
            return [a["size"] for item in snapshot["list"]["items"] for a in item.get("attachments", []) if a["name"] == "short.txt"]
        assert all(size == 5 for size in asyncio.run(sizes()))
    finally:
        process.send_signal(signal.SIGTERM)
        process.wait(timeout=15)


def test_a_full_disk_is_a_clear_error_and_the_server_keeps_serving(tmp_path):
    """The attachment folder on a 1 MiB tmpfs: an upload that does not fit gets 503 with the
    cause, nothing is attached, and the server goes on (a small upload then works)."""
    store = tmp_path / "files"
    store.mkdir()
    mounted = subprocess.run(["mount", "-t", "tmpfs", "-o", "size=1m", "tmpfs", str(store)], capture_output=True)
    if mounted.returncode != 0:
        pytest.skip(f"cannot mount a tmpfs here: {mounted.stderr.decode().strip()}")
    binary = os.environ.get("CHECKWIRE_BIN", DEFAULT_BIN)
    process = None
    try:
        with open(tmp_path / "server.stderr", "wb") as stderr:
            process = subprocess.Popen(
                [binary, "serve", "--host", "127.0.0.1", "--port", "0", "--database", str(tmp_path / "db.sqlite"),
                 "--attachments", str(store), "--fast-password-hashing", "--log-level", "warning"],
                stdout=subprocess.PIPE, stderr=stderr, cwd=tmp_path)
        port = _read_port(process, tmp_path / "server.stderr")
        url = f"ws://127.0.0.1:{port}/ws"

        async def flow():
            client, token = await signup(url, "ana")
            list_id = (await client.op("c", "createList", title="Scans"))["id"]
            item_id = (await client.op("i", "addItem", list=list_id, title="Receipts"))["id"]
            base = base_of(url)
            status, _, body = upload(base, token, list_id, item_id, "big.bin", os.urandom(2 << 20), "application/octet-stream")
            assert status == 503, (status, body)
            assert b"could not be stored" in body and b"No space left" in body, body
            assert os.listdir(store / "tmp") == []
            snapshot = await client.request({"type": "subscribe", "list": list_id})
            assert all("attachments" not in item for item in snapshot["list"]["items"])
            status, _, body = upload(base, token, list_id, item_id, "small.txt", b"fits", "text/plain")
            assert status == 201, body
            await client.close()
        asyncio.run(flow())
    finally:
        if process and process.poll() is None:
            process.send_signal(signal.SIGTERM)
            process.wait(timeout=15)
        subprocess.run(["umount", str(store)], capture_output=True)

"""A Web Push service for tests, on 127.0.0.1: what Mozilla's autopush or Google's FCM
are to a real browser, built from independent parts so that it checks Checkwire's
sender rather than agreeing with it.

- `POST /subscriptions` makes a subscription the way a browser does: a fresh P-256 key
  pair and a 16-byte auth secret (Python's `cryptography`), answered as
  `{"endpoint", "keys": {"p256dh", "auth"}}` — the shape of `PushSubscription.toJSON()`.
- `POST /push/<id>` is the endpoint (RFC 8030 §5). Each request is checked and recorded:
  the VAPID header (RFC 8292) verified with `py-vapid`, its claims (`aud` = this origin,
  `exp` in the future and at most 24 h ahead, `sub` a mailto: or https: URL), and the body
  decrypted with `http-ece` (RFC 8291 `aes128gcm`) using the subscription's private key.
- `PUT /script/<id>` with a JSON list of answers scripts the next requests to that endpoint:
  `{"status": 429, "retry_after": "1"}`, `{"status": 410}`, `{"hang": true}` (holds the
  request open until the service stops or `PUT /release/<id>`; a held request the sender
  gives up on is recorded with `abandonedAt`). Unscripted requests get 201.
- `GET /messages` lists what arrived (`?id=` for one endpoint), decrypted, with what was
  checked and what was answered.

`PushService(check_later=True)` answers each push as soon as it is read and keeps its header
and body; `check_pending()` runs the same checks afterwards. Checking takes ~2.5 ms of Python
per push, so a benchmark that measures the sender (scripts/bench-push.py) would otherwise
measure this service.

Run as `python3 push_service.py` (prints `listening 127.0.0.1:PORT`, then serves until
stdin closes or SIGTERM), or use `PushService` from a pytest test.
"""

import base64
import json
import os
import select
import socket
import sys
import threading
import time
import urllib.parse
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import http_ece
import py_vapid
from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric import ec


def b64url(data):
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode("ascii")


def b64url_decode(text):
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


class Subscription:
    def __init__(self, ident, origin):
        self.id = ident
        self.private_key = ec.generate_private_key(ec.SECP256R1())
        public = self.private_key.public_key().public_bytes(
            serialization.Encoding.X962, serialization.PublicFormat.UncompressedPoint
        )
        self.p256dh = b64url(public)
        self.auth = os.urandom(16)
        self.endpoint = f"{origin}/push/{ident}"

    def as_json(self):
        return {"endpoint": self.endpoint, "keys": {"p256dh": self.p256dh, "auth": b64url(self.auth)}}


class PushService:
    """The service's state, shared by its handler threads under one lock."""

    def __init__(self, host="127.0.0.1", port=0, check_later=False):
        self.check_later = check_later
        self.lock = threading.Lock()
        self.subscriptions = {}
        self.scripts = {}
        self.messages = []
        self.released = threading.Event()
        self.release_ids = set()
        self.next_id = 1
        service = self

        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"

            def log_message(self, *args):
                pass

            def do_POST(self):
                service.handle_post(self)

            def do_PUT(self):
                service.handle_put(self)

            def do_GET(self):
                service.handle_get(self)

        self.server = ThreadingHTTPServer((host, port), Handler)
        self.server.daemon_threads = True
        self.port = self.server.server_address[1]
        self.origin = f"http://{host}:{self.port}"
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)

    def start(self):
        self.thread.start()
        return self

    def stop(self):
        self.released.set()
        self.server.shutdown()
        self.server.server_close()

    # -- requests ---------------------------------------------------------------

    def handle_post(self, request):
        path = urllib.parse.urlsplit(request.path).path
        body = request.rfile.read(int(request.headers.get("Content-Length") or 0))
        if path == "/subscriptions":
            with self.lock:
                subscription = Subscription(str(self.next_id), self.origin)
                self.next_id += 1
                self.subscriptions[subscription.id] = subscription
            return self.reply(request, 201, subscription.as_json())
        if path.startswith("/push/"):
            return self.deliver(request, path[len("/push/"):], body)
        self.reply(request, 404, {"error": "no such path"})

    def handle_put(self, request):
        path = urllib.parse.urlsplit(request.path).path
        body = request.rfile.read(int(request.headers.get("Content-Length") or 0))
        if path.startswith("/script/"):
            with self.lock:
                self.scripts[path[len("/script/"):]] = list(json.loads(body or b"[]"))
            return self.reply(request, 204, None)
        if path.startswith("/release/"):
            with self.lock:
                self.release_ids.add(path[len("/release/"):])
            return self.reply(request, 204, None)
        self.reply(request, 404, {"error": "no such path"})

    def handle_get(self, request):
        parts = urllib.parse.urlsplit(request.path)
        if parts.path == "/messages":
            wanted = urllib.parse.parse_qs(parts.query).get("id", [None])[0]
            with self.lock:
                messages = [m for m in self.messages if wanted is None or m["id"] == wanted]
            return self.reply(request, 200, messages)
        self.reply(request, 404, {"error": "no such path"})

    def deliver(self, request, ident, body):
        record = {
            "id": ident,
            "receivedAt": time.time(),
            "ttl": request.headers.get("TTL"),
            "urgency": request.headers.get("Urgency"),
            "topic": request.headers.get("Topic"),
            "contentEncoding": request.headers.get("Content-Encoding"),
            "contentType": request.headers.get("Content-Type"),
            "bodyLength": len(body),
            "problems": [],
        }
        with self.lock:
            subscription = self.subscriptions.get(ident)
            script = self.scripts.get(ident) or []
            answer = script.pop(0) if script else {"status": 201}
        if subscription is None:
            record["problems"].append("unknown subscription")
        elif self.check_later:
            record["pending"] = (subscription, request.headers.get("Authorization"), body)
        else:
            self.check_vapid(request.headers.get("Authorization"), record)
            self.decrypt(subscription, body, record)
        if answer.get("hang"):
            record["answered"] = "hang"
            with self.lock:
                self.messages.append(record)
            while not self.released.wait(0.05):
                with self.lock:
                    if ident in self.release_ids:
                        break
                if self.sender_gone(request):
                    record["abandonedAt"] = time.time()  # the sender's time limit ended it
                    return
            return self.reply(request, 201, None)
        status = answer.get("status", 201)
        if record["problems"] and status < 300:
            status = 400 if "decrypt" in " ".join(record["problems"]) else 403
        record["answered"] = status
        with self.lock:
            self.messages.append(record)
        headers = {}
        if "retry_after" in answer:
            headers["Retry-After"] = str(answer["retry_after"])
        if status == 201:
            headers["Location"] = f"{self.origin}/message/{len(self.messages)}"
        self.reply(request, status, None, headers)

    @staticmethod
    def sender_gone(request):
        """Whether the sender closed the connection of a request held open."""
        readable, _, _ = select.select([request.connection], [], [], 0)
        if not readable:
            return False
        try:
            return request.connection.recv(1, socket.MSG_PEEK) == b""
        except OSError:
            return True

    def check_pending(self):
        """Checks what arrived unchecked under `check_later`; each record gets its problems
        and payload as if it had been checked on arrival."""
        with self.lock:
            pending = [record for record in self.messages if "pending" in record]
        for record in pending:
            subscription, header, body = record.pop("pending")
            self.check_vapid(header, record)
            self.decrypt(subscription, body, record)

    def check_vapid(self, header, record):
        if not header:
            record["problems"].append("no Authorization header")
            return
        record["authorization"] = header
        try:
            if not py_vapid.Vapid02.verify(header):
                record["problems"].append("VAPID signature does not verify")
        except Exception as error:  # py-vapid asserts on malformed headers
            record["problems"].append(f"VAPID header malformed: {error!r}")
            return
        parameters = dict(part.split("=", 1) for part in header.split(" ", 1)[1].split(","))
        record["vapidKey"] = parameters.get("k")
        header_b64, claims_b64, _ = parameters["t"].split(".")
        jwt_header = json.loads(b64url_decode(header_b64))
        claims = json.loads(b64url_decode(claims_b64))
        record["jwtHeader"] = jwt_header
        record["claims"] = claims
        if jwt_header.get("alg") != "ES256":
            record["problems"].append(f"alg is {jwt_header.get('alg')!r}, not ES256")
        if claims.get("aud") != self.origin:
            record["problems"].append(f"aud is {claims.get('aud')!r}, not {self.origin!r}")
        exp = claims.get("exp")
        now = time.time()
        if not isinstance(exp, int) or exp <= now or exp > now + 86400 + 60:
            record["problems"].append(f"exp {exp!r} is not within the next 24 hours")
        if not py_vapid._check_sub(claims.get("sub", "")):
            record["problems"].append(f"sub {claims.get('sub')!r} is not a mailto: or https: URL")

    def decrypt(self, subscription, body, record):
        if record["contentEncoding"] != "aes128gcm":
            record["problems"].append(f"Content-Encoding is {record['contentEncoding']!r}")
            return
        try:
            plain = http_ece.decrypt(
                body, private_key=subscription.private_key, auth_secret=subscription.auth, version="aes128gcm"
            )
        except Exception as error:
            record["problems"].append(f"decrypt failed: {error!r}")
            return
        record["recordSize"] = int.from_bytes(body[16:20], "big")
        record["payload"] = plain.decode("utf-8", errors="replace")

    @staticmethod
    def reply(request, status, payload, headers=None):
        data = b"" if payload is None else json.dumps(payload).encode()
        request.send_response(status)
        for name, value in (headers or {}).items():
            request.send_header(name, value)
        if payload is not None:
            request.send_header("Content-Type", "application/json")
        request.send_header("Content-Length", str(len(data)))
        request.end_headers()
        try:
            request.wfile.write(data)
        except (BrokenPipeError, ConnectionResetError):
            pass  # the sender gave up on this request (its time limit, or it stopped)


def main():
    service = PushService().start()
    print(f"listening 127.0.0.1:{service.port}", flush=True)
    # The parent holds our stdin: when it goes (test over, or the test process died), stop.
    sys.stdin.read()
    service.stop()


if __name__ == "__main__":
    main()

"""An SMTP server for tests, on 127.0.0.1: `aiosmtpd` (an independent SMTP implementation)
receiving what Checkwire's mail sender submits, and Python's own `email` package parsing
each message, so a test sees the mail as a mail reader would.

Each message is written to the spool folder as `<n>.json` (written whole, then renamed):
the envelope (`mailFrom`, `rcptTos`), the raw message, and what `email` made of it (headers
decoded, `subject`, the text `body`, `defects`), plus the authenticated user if any.

Options:
- `--port N` (default: any free port); the first line on stdout is `listening 127.0.0.1:PORT`;
- `--auth USER:PASSWORD`: require AUTH (PLAIN or LOGIN) before MAIL;
- `--tls`: offer STARTTLS with a self-signed certificate for 127.0.0.1, made at start and
  written to `<spool>/ca.pem` for the client to trust (`--require-tls`: refuse MAIL without it);
- `--fail-first N`: answer the first N DATA commands `451 try again later`.

Serves until stdin closes or SIGTERM; tests start it as a child process.
"""

import argparse
import asyncio
import datetime
import ipaddress
import email
import email.policy
import json
import os
import ssl
import sys
import threading

from aiosmtpd.smtp import SMTP, AuthResult
from cryptography import x509
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.x509.oid import NameOID


class Spool:
    """Received messages as JSON files, numbered in arrival order."""

    def __init__(self, folder, fail_first=0):
        self.folder = folder
        self.count = 0
        self.fail_first = fail_first
        self.lock = threading.Lock()

    async def handle_DATA(self, server, session, envelope):
        with self.lock:
            if self.fail_first > 0:
                self.fail_first -= 1
                return "451 4.3.0 try again later"
            self.count += 1
            number = self.count
        raw = envelope.original_content or envelope.content
        parsed = email.message_from_bytes(raw, policy=email.policy.default)
        body = parsed.get_body(preferencelist=("plain",))
        record = {
            "mailFrom": envelope.mail_from,
            "rcptTos": envelope.rcpt_tos,
            "user": getattr(session.auth_data, "login", b"").decode() if session.auth_data else None,
            "tls": session.ssl is not None,
            "raw": raw.decode("utf-8", errors="replace"),
            "headers": {name: str(value) for name, value in parsed.items()},
            "subject": str(parsed["Subject"]),
            "body": body.get_content() if body is not None else None,
            "defects": [repr(defect) for defect in parsed.defects]
            + [repr(defect) for value in parsed.values() for defect in getattr(value, "defects", ())],
        }
        path = os.path.join(self.folder, f"{number}.json")
        with open(path + ".tmp", "w") as out:
            json.dump(record, out)
        os.rename(path + ".tmp", path)
        return "250 2.0.0 queued as %d" % number


def authenticator_for(user, password):
    def authenticate(server, session, envelope, mechanism, auth_data):
        ok = auth_data.login == user.encode() and auth_data.password == password.encode()
        # handled=False: aiosmtpd answers a failure with 535 itself (its default, True, answers nothing).
        return AuthResult(success=ok, handled=False, auth_data=auth_data)

    return authenticate


def make_factory(spool, auth=None, tls_context=None, require_tls=False):
    def factory():
        options = {}
        if auth:
            user, password = auth.split(":", 1)
            options.update(
                authenticator=authenticator_for(user, password),
                auth_required=True,
                auth_require_tls=tls_context is not None,
            )
        if tls_context is not None:
            options.update(tls_context=tls_context, require_starttls=require_tls)
        return SMTP(spool, hostname="smtp.checkwire.test", **options)

    return factory


def self_signed_tls(folder):
    """A key and a self-signed certificate for 127.0.0.1; the certificate also goes to
    `ca.pem`, which the client under test trusts."""
    key = ec.generate_private_key(ec.SECP256R1())
    name = x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, "127.0.0.1")])
    now = datetime.datetime.now(datetime.timezone.utc)
    certificate = (
        x509.CertificateBuilder()
        .subject_name(name)
        .issuer_name(name)
        .public_key(key.public_key())
        .serial_number(x509.random_serial_number())
        .not_valid_before(now - datetime.timedelta(minutes=5))
        .not_valid_after(now + datetime.timedelta(days=1))
        .add_extension(x509.SubjectAlternativeName([x509.IPAddress(ipaddress.ip_address("127.0.0.1"))]), critical=False)
        .add_extension(x509.BasicConstraints(ca=True, path_length=None), critical=True)
        .sign(key, hashes.SHA256())
    )
    cert_path, key_path = os.path.join(folder, "ca.pem"), os.path.join(folder, "key.pem")
    with open(key_path, "wb") as out:
        out.write(key.private_bytes(serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8, serialization.NoEncryption()))
    with open(cert_path + ".tmp", "wb") as out:
        out.write(certificate.public_bytes(serialization.Encoding.PEM))
    os.rename(cert_path + ".tmp", cert_path)
    context = ssl.create_default_context(ssl.Purpose.CLIENT_AUTH)
    context.load_cert_chain(cert_path, key_path)
    return context


async def serve(args):
    os.makedirs(args.spool, exist_ok=True)
    spool = Spool(args.spool, args.fail_first)
    tls_context = self_signed_tls(args.spool) if args.tls else None
    loop = asyncio.get_running_loop()
    server = await loop.create_server(
        make_factory(spool, args.auth, tls_context, args.require_tls), "127.0.0.1", args.port
    )
    port = server.sockets[0].getsockname()[1]
    print(f"listening 127.0.0.1:{port}", flush=True)
    # The parent holds our stdin: when it goes, stop.
    await loop.run_in_executor(None, sys.stdin.read)
    server.close()


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--spool", required=True)
    parser.add_argument("--port", type=int, default=0)
    parser.add_argument("--auth")
    parser.add_argument("--tls", action="store_true")
    parser.add_argument("--require-tls", action="store_true")
    parser.add_argument("--fail-first", type=int, default=0)
    asyncio.run(serve(parser.parse_args()))


if __name__ == "__main__":
    main()

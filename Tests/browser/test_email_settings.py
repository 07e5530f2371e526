"""Email in the Notifications dialog, in real Chromium, against a server with a mail relay
(`Tests/python/smtp_server.py`, aiosmtpd): an address is saved and shown unconfirmed, its
link (read from the mail the relay took) confirms it, and the digest and quiet hours set in
the panel are the server's. Every wait is for a state: an attribute the panel sets from the
server's answer, a mail in the relay's spool."""

import re
import sys
import time
import urllib.request
from pathlib import Path

import pytest

from conftest import Server, WAIT, unique

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "python"))
from smtp_relay import relay  # noqa: E402,F401  (a fixture, from Tests/python)


@pytest.fixture
def server(tmp_path, relay):
    """The browsers' server, with the relay (overrides conftest's `server`)."""
    srv = Server(tmp_path / "checkwire.sqlite", env={
        "CHECKWIRE_SMTP": f"smtp://127.0.0.1:{relay.port}", "CHECKWIRE_MAIL_FROM": "reminders@checkwire.test"}).start()
    yield srv
    srv.close()


def wait_for_mail(relay):
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        mails = relay.mails()
        if mails:
            return mails[0]
        time.sleep(0.05)
    pytest.fail("no mail reached the relay")


def open_panel(page):
    page.click("#user-menu-button")
    page.click("#notify-button")
    return page.find("#email-state")


def test_an_address_is_saved_confirmed_by_its_link_and_the_digest_set(browsers, relay):
    a = browsers("A")
    a.signup(unique("ana"))
    state = open_panel(a)
    a.until(lambda d: state.get_attribute("data-state") == "off", message="the email state was not shown")
    assert a.find("#email-options").get_attribute("hidden") is not None

    a.fill("#email-address", "ana@example.org")
    a.click("#email-save")
    a.until(lambda d: state.get_attribute("data-state") == "unconfirmed", message="the address was not saved")
    assert a.find("#email-reminders").is_selected()

    check = wait_for_mail(relay)
    assert check["rcptTos"] == ["ana@example.org"]
    link = re.search(r"http://127\.0\.0\.1:\d+/email/verify/[0-9a-f]{64}", check["body"]).group(0)
    with urllib.request.urlopen(link, timeout=WAIT) as response:
        assert response.status == 200

    # Opened again, the panel reads the server: confirmed.
    a.click("#push-dialog-submit")
    a.gone("#push-dialog")
    state = open_panel(a)
    a.until(lambda d: state.get_attribute("data-state") == "confirmed", message="the confirmation was not shown")

    # The digest at 07:15 and quiet hours, each saved as the server answers.
    a.js("const t = document.querySelector('#email-digest-time'); t.value = '07:15'; t.dispatchEvent(new Event('change'))")
    a.click("#email-digest-on")
    section = a.find("#email-section")
    a.until(lambda d: section.get_attribute("data-digest") == "07:15", message="the digest was not saved")
    a.click("#email-quiet-on")
    a.until(lambda d: section.get_attribute("data-quiet") == "22:00-07:00", message="quiet hours were not saved")

    # Turning reminders by mail off, then all email off.
    a.click("#email-reminders")
    a.until(lambda d: not a.find("#email-reminders").is_selected()
            and a.js("return document.querySelector('#email-state').dataset.state") == "confirmed")
    a.click("#email-off")
    a.until(lambda d: state.get_attribute("data-state") == "off", message="email was not turned off")
    assert not a.console_errors()

"""Subscribing in a calendar app: the link from the user menu and from a checklist, which a
calendar app can fetch, and New link, after which the old link answers 404."""

import urllib.error
import urllib.request

from conftest import unique


def status_and_body(url):
    try:
        with urllib.request.urlopen(url, timeout=10) as response:
            return response.status, response.read().decode()
    except urllib.error.HTTPError as error:
        return error.code, ""


def test_feed_links_from_the_menu_and_a_checklist_and_rotation(browsers):
    a = browsers("A")
    a.signup(unique("ana"))
    list_id = a.create_list("CS 298")
    a.js("window.checkwire.op({op: 'addItem', list: arguments[0], id: 'hw', title: 'Homework 3', due: '2027-03-12'})", list_id)
    a.until(lambda d: a.pending_count() == 0, message="edit not acknowledged")

    a.click("#user-menu-button")
    a.click("#feed-button")
    a.until(lambda d: a.js("return document.querySelector('#feed-url')?.value || ''").startswith("http"), message="no link in the dialog")
    link = a.js("return document.querySelector('#feed-url').value")
    a.screenshot("calendar-feed-dialog")
    status, body = status_and_body(link)
    assert status == 200 and "SUMMARY:Homework 3" in body, body[:300]

    a.click("#feed-tasks")
    a.until(lambda d: a.js("return document.querySelector('#feed-url').value").endswith("?components=VTODO"))
    status, body = status_and_body(a.js("return document.querySelector('#feed-url').value"))
    assert status == 200 and "BEGIN:VTODO" in body
    a.click("#feed-tasks")

    a.js("window.confirm = () => true")
    a.click("#feed-rotate")
    a.until(lambda d: a.js("return document.querySelector('#feed-url').value") not in ("", link), message="rotation gave no new link")
    rotated = a.js("return document.querySelector('#feed-url').value")
    assert status_and_body(link)[0] == 404
    assert status_and_body(rotated)[0] == 200
    a.click("#feed-dialog-submit")
    a.gone("#feed-dialog")

    a.open_list(list_id)
    a.click("#list-feed-button")
    a.until(lambda d: a.js("return document.querySelector('#feed-url')?.value || ''").startswith("http"), message="no checklist link")
    one = a.js("return document.querySelector('#feed-url').value")
    assert one not in (link, rotated)
    assert "CS 298" in a.js("return document.querySelector('#feed-dialog .dialog-description').textContent")
    status, body = status_and_body(one)
    assert status == 200 and "X-WR-CALNAME:CS 298" in body
    assert not a.console_errors()

"""Attachments in the browser: attach an image from the item panel (the file input, as a
picker or a drop would), see its thumbnail and the paperclip count in a second browser,
open it in the lightbox, cancel and restore it."""

import base64
import os
import tempfile

from conftest import unique

# A 2×2 PNG.
PNG = base64.b64decode("iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAFklEQVR4nGP8z8DAwMDAxMDAwMDAAAANHQEDasKb6QAAAABJRU5ErkJggg==")


def test_attach_an_image_and_see_it_in_a_second_browser(browsers):
    a = browsers("A")
    b = browsers("B")
    owner = unique("ana")
    a.signup(owner)
    b.signup(unique("ben"))
    list_id = a.create_list("Homework")
    a.js("window.checkwire.op({op: 'addItem', list: arguments[0], id: 'sheet', title: 'Worksheet'})", list_id)
    a.until(lambda d: a.pending_count() == 0, message="edit not acknowledged")
    a.share(b.js("return window.checkwire.user.username"), role="viewer")
    b.open_list(list_id)
    b.until(lambda d: "Worksheet" in b.titles(), message="B does not see the item")

    a.open(f"#/list/{list_id}/item/sheet")
    a.find("#item-attachments")
    path = os.path.join(tempfile.mkdtemp(), "page.png")
    with open(path, "wb") as handle:
        handle.write(PNG)
    a.find("#attach-file-input").send_keys(path)
    a.until(lambda d: a.js("return document.querySelectorAll('#item-attachments .attachment-thumb').length") == 1, message="no thumbnail")
    a.until(lambda d: a.js("return document.querySelector('#item-attachments .attachment-thumb').naturalWidth") == 2, message="the thumbnail did not load")

    # B: the paperclip count on the row, the thumbnail in the panel, the lightbox.
    b.until(lambda d: b.js("return document.querySelector('.attachment-count')?.textContent || ''") == "1", message="no paperclip count for B")
    b.open(f"#/list/{list_id}/item/sheet")
    b.until(lambda d: b.js("return document.querySelector('#item-attachments .attachment-thumb')?.naturalWidth || 0") == 2, message="B: no thumbnail")
    assert b.js("return document.querySelector('#attach-button')?.offsetParent") is None  # a viewer cannot add files
    # (a toast may cover the panel's bottom edge: click through the DOM)
    b.js("document.querySelector('#item-attachments .attachment-image').click()")
    b.until(lambda d: b.js("return document.querySelector('#attachment-lightbox img')?.naturalWidth || 0") == 2, message="no lightbox")
    b.screenshot("attachment-lightbox")
    b.js("document.querySelector('#attachment-lightbox').close()")

    # A cancels it: B's thumbnail goes; restore brings it back.
    a.js("document.querySelector('#item-attachments .attachment-toggle').click()")
    b.until(lambda d: b.js("return document.querySelectorAll('#item-attachments .attachment-thumb').length") == 0, message="B still shows a cancelled file")
    a.until(lambda d: a.js("return !!document.querySelector('#attachments-cancelled-toggle')"), message="no cancelled toggle")
    a.js("document.querySelector('#attachments-cancelled-toggle').click()")
    a.until(lambda d: a.js("return !!document.querySelector('#item-attachments .cancelled-grid .attachment-toggle')"), message="no restore button")
    a.js("document.querySelector('#item-attachments .cancelled-grid .attachment-toggle').click()")
    b.until(lambda d: b.js("return document.querySelectorAll('#item-attachments .attachment-thumb').length") == 1, message="restore did not reach B")
    a.screenshot("attachments-item-panel")
    assert not a.console_errors()
    assert not b.console_errors()

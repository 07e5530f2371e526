"""Reloading the page the moment the connection goes away: what was on screen must still be there.

The cached state is written on `pagehide` as well as after a short batching delay, so a reload
right after a live change or an offline edit (no pause, nothing waited for but the change
itself) shows the checklist from this device. A checklist this device never loaded says so.
"""

from selenium.webdriver.common.by import By

from conftest import unique, WAIT


def two_people_on_one_list(browsers):
    a, b = browsers("A"), browsers("B")
    ana, bo = unique("ana"), unique("bo")
    a.signup(ana)
    b.signup(bo)
    list_id = a.create_list("Moving day")
    a.share(bo, "editor")
    a.quick_add("Buy boxes")
    b.open_list(list_id)
    b.until(lambda d: b.row("Buy boxes") is not None, message="B never saw Buy boxes")
    b.wait_offline_ready()
    return a, b, list_id


def test_reload_right_after_a_live_change_with_the_server_gone(browsers, server):
    a, b, list_id = two_people_on_one_list(browsers)

    # A live change reaches B; the server goes away and B reloads at once.
    a.quick_add("Label the boxes")
    b.until(lambda d: b.row("Label the boxes") is not None, message="B never saw the live change")
    server.stop()
    b.driver.refresh()

    b.until(lambda d: "Moving day" in b.find("#checklist-title").text, message="B: the checklist is gone after the reload")
    # Read the titles in one script call: a row looked up element by element can be replaced
    # by a re-render in between.
    b.until(lambda d: b.titles() == ["Buy boxes", "Label the boxes"], message=f"B after the reload: {b.titles()}")
    assert not b.driver.find_elements(By.CSS_SELECTOR, ".tree-loading")


def test_reload_right_after_an_offline_edit(browsers):
    a, b, list_id = two_people_on_one_list(browsers)

    # Offline, B ticks an item and adds one, then reloads straight away.
    b.set_offline(True)
    b.toggle("Buy boxes")
    b.quick_add("Rent a van")
    b.driver.refresh()

    b.until(lambda d: "Moving day" in b.find("#checklist-title").text, message="B: the checklist is gone after the reload")
    b.until(lambda d: b.row("Rent a van") is not None, message="B: the queued item is gone after the reload")
    b.wait_row_status("Buy boxes", "done")
    assert b.pending_count() == 2

    # Back online, the queue goes out and A sees both edits.
    b.set_offline(False)
    b.wait_live(timeout=WAIT * 3)
    b.until(lambda d: b.pending_count() == 0, message="B's queue was never sent")
    a.until(lambda d: a.row("Rent a van") is not None, message="A never saw Rent a van")
    a.wait_row_status("Buy boxes", "done")


def test_a_checklist_never_loaded_here_says_it_is_not_available_offline(browsers):
    a, b = browsers("A"), browsers("B")
    ana, bo = unique("ana"), unique("bo")
    a.signup(ana)
    b.signup(bo)
    b.wait_offline_ready()

    # B goes offline; A then shares a list B's device has never seen, and B follows a link to it.
    b.set_offline(True)
    b.until(lambda d: b.status() == "offline", message="B never noticed it was offline")
    list_id = a.create_list("Garden plan")
    a.quick_add("Plant tulips")
    a.share(bo, "editor")
    b.open(f"#/list/{list_id}")

    message = b.visible("#checklist-offline")
    assert "isn’t available offline yet" in message.text
    assert not b.driver.find_elements(By.CSS_SELECTOR, ".skeleton-header")

    # It loads by itself once B is back online.
    b.set_offline(False)
    b.until(lambda d: "Garden plan" in b.find("#checklist-title").text, timeout=WAIT * 3, message="B: the list never loaded online")
    b.until(lambda d: b.row("Plant tulips") is not None, message="B: the list's items never loaded")
    b.gone("#checklist-offline")


def test_lists_view_offline_with_nothing_cached_says_so(browsers):
    b = browsers("B")
    b.signup(unique("bo"))
    b.wait_offline_ready()
    # Nothing of this account on the device (as on a new phone): only the session is kept.
    b.js("Object.keys(localStorage).filter(k => k.startsWith('checkwire.cache.')).forEach(k => localStorage.removeItem(k));"
         "window.checkwire.store.reset(null);")
    b.set_offline(True)
    b.driver.refresh()
    message = b.visible("#lists-offline")
    assert "back online" in message.text

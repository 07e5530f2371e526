"""Reminders in the browser: a banner fires on every tab of the user, snoozing it on one takes
it down on the other, Done completes the item, and the item panel sets the reminder fields."""

from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select

from conftest import unique, WAIT


def banner(browser, title):
    for element in browser.driver.find_elements(By.CSS_SELECTOR, ".reminder-banner"):
        if title in element.text:
            return element
    return None


def test_a_reminder_shows_on_every_tab_and_a_snooze_takes_it_down_everywhere(browsers):
    a, b = browsers("A"), browsers("B")
    ana = unique("ana")
    a.signup(ana)
    b.open()
    b.login(ana)
    b.find("#new-list-button")
    b.wait_live()
    list_id = a.create_list("Chores")
    a.js("window.checkwire.op({op: 'addItem', list: arguments[0], id: 'plants', title: 'Water the plants', remindEvery: 2})", list_id)

    for browser in (a, b):
        browser.until(lambda d: banner(browser, "Water the plants") is not None, timeout=WAIT + 5,
                      message=f"no reminder banner in {browser.name}")
    assert "Chores" in banner(a, "Water the plants").text
    a.click(".reminder-banner [data-snooze='10m']")
    a.until(lambda d: banner(a, "Water the plants") is None, message="the snoozed banner stayed")
    b.until(lambda d: banner(b, "Water the plants") is None, message="the other tab kept the banner after the snooze")
    # Snoozed for 10 minutes: the 2-second reminders stop for this user.
    a.until(lambda d: a.js("return document.querySelectorAll('.reminder-banner').length") == 0)
    assert not a.console_errors()


def test_done_on_the_banner_completes_the_item_and_the_panel_sets_reminders(browsers):
    a = browsers("A")
    ana = unique("ana")
    a.signup(ana)
    list_id = a.create_list("Trip")
    a.js("window.checkwire.op({op: 'addItem', list: arguments[0], id: 'visa', title: 'Apply for the visa', remindEvery: 2})", list_id)
    a.until(lambda d: banner(a, "Apply for the visa") is not None, timeout=WAIT + 5, message="no reminder banner")
    banner(a, "Apply for the visa").find_element(By.CSS_SELECTOR, ".reminder-done").click()
    a.open_list(list_id)
    a.wait_row_status("Apply for the visa", "done")

    a.open(f"#/list/{list_id}/item/visa")
    remind = Select(a.find("#item-remind-before"))
    remind.select_by_visible_text("1 day before")
    assignee = Select(a.find("#item-assignee"))
    assert [o.text for o in assignee.options][1:] == [ana]
    assignee.select_by_visible_text(ana)
    a.until(lambda d: a.js("return window.checkwire.project(arguments[0]).items.get('visa')?.assignee", list_id) == ana,
            message="the assignee was not saved")
    a.until(lambda d: a.js("return window.checkwire.project(arguments[0]).items.get('visa')?.remindBefore", list_id) == 86400,
            message="remindBefore was not saved")
    a.until(lambda d: a.status() == "live" and a.pending_count() == 0, message="edits not acknowledged")


def test_a_repeating_item_shows_its_rule_and_moves_on_when_ticked(browsers):
    a = browsers("A")
    a.signup(unique("ana"))
    list_id = a.create_list("Chores")
    a.js("window.checkwire.op({op: 'addItem', list: arguments[0], id: 'trash', title: 'Take out the trash', due: '2027-03-01'})", list_id)
    a.open(f"#/list/{list_id}/item/trash")
    Select(a.find("#item-repeat")).select_by_visible_text("Every weekday")
    a.until(lambda d: a.js("return window.checkwire.project(arguments[0]).items.get('trash')?.repeat", list_id)
            == "FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR", message="the rule was not saved")
    a.open_list(list_id)
    a.until(lambda d: "every weekday" in (a.row("Take out the trash").text if a.row("Take out the trash") else ""),
            message="the row does not show the rule in words")
    a.toggle("Take out the trash")
    a.until(lambda d: a.js("return window.checkwire.project(arguments[0]).items.get('trash')?.due", list_id) == "2027-03-02",
            message="ticking it did not move it to the next weekday")
    a.wait_row_status("Take out the trash", "open")


RING_COUNTER = """
  // A notification permission granted, and a count of every notification the page makes.
  window.__rung = [];
  window.Notification = class { static permission = 'granted';
    constructor(title, options) { window.__rung.push(options.tag); } };
"""


def test_a_reminder_rings_once_per_device_and_one_delivered_at_sign_in_has_done(browsers):
    """A reminder sent again after a reconnect (the server resends missed ones) shows its banner
    but does not ring the device again; one delivered at sign-in, before the checklists are
    loaded, has its Done button once they are."""
    a = browsers("A")
    a.driver.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": RING_COUNTER})
    ana = unique("ana")
    a.signup(ana)
    list_id = a.create_list("Trip")
    a.js("""const soon = new Date(Date.now() + 1500).toISOString().replace(/\\.\\d{3}Z$/, 'Z');
        window.checkwire.op({op: 'addItem', list: arguments[0], id: 'visa', title: 'Apply for the visa', due: soon, remindBefore: 0})""", list_id)
    a.until(lambda d: banner(a, "Apply for the visa") is not None, timeout=WAIT + 5, message="no reminder banner")
    assert a.js("return window.__rung") == [f"{list_id}/visa"]
    # The link drops and comes back: the server sends the missed reminder again.
    a.js("window.__resent = 0; window.checkwire.sync.addEventListener('reminder', () => { window.__resent += 1; });"
         "window.checkwire.sync.connection.drop()")
    a.until(lambda d: a.js("return window.__resent") >= 1, timeout=WAIT + 5, message="the server did not send it again")
    assert banner(a, "Apply for the visa") is not None
    assert a.js("return window.__rung") == [f"{list_id}/visa"], "rang again after the reconnect"
    a.js("document.querySelectorAll('.reminder-banner').forEach(b => b.remove())")  # so a resend would show anew
    a.driver.refresh()
    a.wait_live()
    a.until(lambda d: banner(a, "Apply for the visa") is not None, message="not resent after a reload")
    assert a.js("return window.__rung") == [], "rang again on this device after a reload"

    # A fresh browser signs in: the reminder arrives before the checklists, and still gets Done.
    b = browsers("B")
    b.open()
    b.login(ana)
    b.until(lambda d: banner(b, "Apply for the visa") is not None, timeout=WAIT + 5, message="no banner at sign-in")
    b.until(lambda d: banner(b, "Apply for the visa").find_element("css selector", ".reminder-done").is_displayed(), message="no Done")
    banner(b, "Apply for the visa").find_element("css selector", ".reminder-done").click()
    b.until(lambda d: b.js("return window.checkwire.project(arguments[0]).items.get('visa')?.status", list_id) == "done",
            message="Done did not complete the item")

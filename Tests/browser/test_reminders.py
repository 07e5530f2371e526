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

"""Quick add from anywhere: the boxes on Today and Checklists and the Q key on any page reach
the Inbox when no checklist is named (or the one named), and the echo under the box says
everything the parser set — the date and time, the repeat, the section, the reminder."""

from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.keys import Keys

from conftest import unique


def inbox_titles(page):
    return page.js("""const inbox = window.checkwire.sync.settings.inbox;
        return [...(window.checkwire.store.detail(inbox)?.items.values() ?? [])].map(i => i.title)""")


def echo(page, box_id):
    return page.js("return document.getElementById(arguments[0]).closest('.quick-add-box').querySelector('.quick-add-echo')?.textContent || ''", box_id)


def test_quick_add_from_the_checklists_and_today_pages(browsers):
    a = browsers("A")
    a.signup(unique("ana"))
    a.open("#/")
    box = a.find("#lists-quick-add")
    box.send_keys("Water the plants every Monday at 9am, remind me every 2 hours", Keys.ENTER)
    a.until(lambda d: "Water the plants" in inbox_titles(a), message=f"not in the Inbox: {inbox_titles(a)}")
    a.until(lambda d: echo(a, "lists-quick-add").startswith("Added “Water the plants” to Inbox"), message=echo(a, "lists-quick-add"))
    said = echo(a, "lists-quick-add").replace("\u202f", " ")
    for part in ("9:00 AM", "every Mon", "remind every 2 hours"):
        assert part in said, f"{part!r} not in the echo {said!r}"
    item = a.js("""const inbox = window.checkwire.sync.settings.inbox;
        return [...window.checkwire.store.detail(inbox).items.values()].find(i => i.title === 'Water the plants')""")
    assert item["repeat"] == "FREQ=WEEKLY;BYDAY=MO" and item["remindEvery"] == 7200, item

    # From Today, naming a checklist and one of its sections.
    trip = a.create_list("Trip")
    a.js("window.checkwire.op({op: 'addItem', list: arguments[0], id: 'docs', title: 'Documents'})", trip)
    a.until(lambda d: a.pending_count() == 0, message="section not added")
    a.open("#/today")
    a.find("#today-quick-add").send_keys("Renew passport #Trip / Documents", Keys.ENTER)
    a.until(lambda d: "to Trip" in echo(a, "today-quick-add"), message=echo(a, "today-quick-add"))
    assert "in “Documents”" in echo(a, "today-quick-add")
    a.until(lambda d: a.js("return [...window.checkwire.store.detail(arguments[0]).items.values()].find(i => i.title === 'Renew passport')?.parent", trip) == "docs",
            message="not filed under the section")
    a.click(".quick-add-box:has(#today-quick-add) .echo-open")
    a.until(lambda d: "Trip" in a.find("#checklist-title").text, message="Open did not go to the checklist")
    assert not a.console_errors()


def test_the_q_key_adds_from_any_page(browsers):
    a = browsers("A")
    a.signup(unique("ana"))
    a.open("#/calendar")
    a.find("#calendar-grid .cal-cell")
    ActionChains(a.driver).send_keys("q").perform()
    a.find("#quick-add-dialog #quick-add-anywhere-input").send_keys("Buy stamps", Keys.ENTER)
    a.until(lambda d: "Buy stamps" in inbox_titles(a), message=f"not in the Inbox: {inbox_titles(a)}")
    a.until(lambda d: "Added “Buy stamps” to Inbox" in a.js("return document.getElementById('toasts').textContent"), message="no toast")
    a.gone("#quick-add-dialog")

    # On a checklist's page, Q adds to that checklist.
    chores = a.create_list("Chores")
    a.find("#checklist-title").click()
    ActionChains(a.driver).send_keys("q").perform()
    a.find("#quick-add-dialog")
    assert "Chores" in a.js("return document.getElementById('quick-add-dialog').textContent"), "the dialog does not say where it adds"
    a.find("#quick-add-anywhere-input").send_keys("Sweep the porch", Keys.ENTER)
    a.until(lambda d: a.titles() == ["Sweep the porch"], message=f"Chores shows {a.titles()}")
    assert a.js("return window.checkwire.store.detail(arguments[0]).items.size", chores) == 1
    assert not a.console_errors()

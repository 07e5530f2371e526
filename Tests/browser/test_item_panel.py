"""The item panel keeps its controls while updates arrive (a reminder firing every 2 seconds,
edits acknowledged, other items changing): its selects' options are the same elements, so a
choice being made from them is never lost (nor a found <option> stale). Its reminder choices
include 5, 10 and 30 minutes, and "Custom…" asks in the panel, not with a prompt()."""

from selenium.webdriver.support.ui import Select

from conftest import unique

SELECTS = "#item-remind-before, #item-reminder, #item-assignee, #item-repeat"
TAGGED = ("return [...document.querySelectorAll(arguments[0])].flatMap(s => [s, ...s.options])"
          ".map(e => e.dataset.tag || 'new')")


def test_the_panels_selects_are_kept_through_reminders_and_edits(browsers):
    a, ana = browsers("A"), unique("ana")
    a.signup(ana)
    list_id = a.create_list("Trip")
    a.op(op="addItem", list=list_id, id="visa", title="Apply for the visa", remindEvery=2)
    a.op(op="addItem", list=list_id, id="other", title="Book flights")
    a.settled()
    a.js("window.prompt = () => { throw new Error('prompt() was used'); }")
    a.open_list(list_id)
    a.open(f"#/list/{list_id}/item/visa")
    a.find("#item-panel #item-assignee option[value='" + ana + "']")

    a.js("document.querySelectorAll(arguments[0]).forEach(s => { s.dataset.tag = 'kept'; [...s.options].forEach(o => o.dataset.tag = 'kept'); })", SELECTS)
    count = len(a.js(TAGGED, SELECTS))
    seq = "return window.checkwire.store.lists.get(arguments[0]).seq"
    before = a.js(seq, list_id)
    # Updates of every kind: a reminder firing (twice), other edits acknowledged and applied.
    shown = lambda: a.js("return document.querySelectorAll('.reminder-banner').length")
    a.until(lambda d: shown() >= 1, timeout=15, message="the 2-second reminder never fired")
    for n in range(3):
        a.op(op="updateItem", list=list_id, item="other", title=f"Book flights {n}")
    a.op(op="updateItem", list=list_id, item="visa", notes="two photos")
    a.until(lambda d: a.pending_count() == 0 and a.js(seq, list_id) >= before + 4, message="edits not applied")
    assert a.js(TAGGED, SELECTS) == ["kept"] * count, "a select or an option was rebuilt by an update"

    # A choice from options found before an update lands (the reminder keeps firing meanwhile).
    assignee = Select(a.find("#item-assignee"))
    options = assignee.options
    a.op(op="updateItem", list=list_id, item="other", title="Book trains")
    a.settled("rename not acknowledged")
    options[1].click()
    a.until(lambda d: a.js("return window.checkwire.project(arguments[0]).items.get('visa')?.assignee", list_id) == ana,
            message="the assignee chosen from the kept options was not saved")
    assert not a.console_errors()


def test_reminder_choices_and_a_custom_length_in_the_panel(browsers):
    a = browsers("A")
    a.signup(unique("ana"))
    a.op(op="addItem", list=a.create_list("Trip"), id="visa", title="Apply for the visa", due="2030-01-10T09:00:00Z")
    a.settled()
    list_id = a.js("return window.checkwire.store.orderedLists().find(l => l.title === 'Trip').id")
    a.js("window.prompt = () => { throw new Error('prompt() was used'); }")
    a.open(f"#/list/{list_id}/item/visa")
    texts = "return [...document.querySelector(arguments[0]).options].map(o => o.textContent)"
    a.find("#item-remind-before")
    before = a.js(texts, "#item-remind-before")
    for choice in ("5 minutes before", "10 minutes before", "30 minutes before", "1 hour before", "1 day before", "Custom…"):
        assert choice in before, before
    every = a.js(texts, "#item-reminder")
    for choice in ("Never", "Every 5 minutes", "Every 10 minutes", "Every 30 minutes", "Every hour", "Custom…"):
        assert choice in every, every

    Select(a.find("#item-remind-before")).select_by_visible_text("Custom…")
    a.visible("#item-remind-before-custom-amount")
    a.fill("#item-remind-before-custom-amount", "45")
    Select(a.find("#item-remind-before-custom-unit")).select_by_visible_text("minutes")
    a.click("#item-remind-before-custom-set")
    a.until(lambda d: a.js("return window.checkwire.project(arguments[0]).items.get('visa')?.remindBefore", list_id) == 2700,
            message="the custom reminder was not saved")
    a.until(lambda d: Select(a.find("#item-remind-before")).first_selected_option.text == "45 minutes before",
            message=Select(a.find("#item-remind-before")).first_selected_option.text)

    Select(a.find("#item-reminder")).select_by_visible_text("Custom…")
    a.fill("#item-reminder-custom-amount", "2")
    Select(a.find("#item-reminder-custom-unit")).select_by_visible_text("hours")
    a.find("#item-reminder-custom-amount").send_keys("\n")
    a.until(lambda d: a.js("return window.checkwire.project(arguments[0]).items.get('visa')?.remindEvery", list_id) == 7200,
            message="the custom repeat was not saved")
    a.until(lambda d: Select(a.find("#item-reminder")).first_selected_option.text == "Every 2 hours",
            message=Select(a.find("#item-reminder")).first_selected_option.text)
    assert not a.console_errors()

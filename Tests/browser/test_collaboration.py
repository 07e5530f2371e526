"""Two people, two independent browsers: live updates, offline edits, roles, cancel/restore."""

from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.common.action_chains import ActionChains

from conftest import unique, WAIT


def two_people(browsers, role="editor"):
    a, b = browsers("A"), browsers("B")
    ana, bo = unique("ana"), unique("bo")
    a.signup(ana)
    b.signup(bo)
    list_id = a.create_list("CS 298", "Spring semester coursework")
    a.share(bo, role)
    return a, b, ana, bo, list_id


def test_shared_list_updates_live(browsers):
    a, b, ana, bo, list_id = two_people(browsers)

    # B's lists view shows the new share at once (the server pushes listShared), with a toast
    # that says who shared it — no reload, no waiting for a poll.
    b.until(lambda d: f"{ana} shared “CS 298” with you" in b.js("return document.getElementById('toasts').textContent"),
            message="no 'shared with you' toast")
    b.until(lambda d: b.card("CS 298") is not None, message="shared list never appeared for B")
    assert "Editor" in b.card("CS 298").text
    b.card("CS 298").click()
    b.find("#checklist-title")
    b.until(lambda d: not d.find_elements(By.CSS_SELECTOR, ".tree-loading"))

    # A adds items; B sees each one appear.
    for title in ("Homework 1", "Homework 2", "Read chapter 4"):
        a.quick_add(title)
        b.until(lambda d: b.row(title) is not None, message=f"B never saw {title}")
    assert b.titles() == ["Homework 1", "Homework 2", "Read chapter 4"]

    # A completes one; B sees it ticked and the percentage move.
    a.toggle("Homework 1")
    b.wait_row_status("Homework 1", "done")
    b.until(lambda d: b.find("#list-percent").text == "33%", message="B's percentage did not update")

    # B completes one; A sees it, and the activity feed names B.
    b.toggle("Homework 2")
    a.wait_row_status("Homework 2", "done")
    a.until(lambda d: f"{bo} completed Homework 2" in a.find("#activity").text, message="no activity entry")
    a.until(lambda d: a.find("#list-percent").text == "66%")

    # A renames an item inline (F2); B sees the new title.
    a.press_on_row("Read chapter 4", Keys.F2)
    field = a.find(".rename-input")
    field.send_keys(Keys.CONTROL, "a")
    field.send_keys("Read chapters 4 and 5", Keys.ENTER)
    b.until(lambda d: b.row("Read chapters 4 and 5") is not None, message="rename not seen by B")
    # The feed keeps the titles as they were: the rename reads old → new.
    b.until(lambda d: f"{ana} renamed “Read chapter 4” → “Read chapters 4 and 5”" in b.find("#activity").text,
            message=f"B's activity: {b.find('#activity').text}")

    # Keyboard reorder: Alt+↑ moves the item first, for both.
    a.press_on_row("Read chapters 4 and 5", Keys.ARROW_UP, alt=True)
    a.until(lambda d: a.titles()[1] == "Read chapters 4 and 5", message=f"A's order: {a.titles()}")
    a.press_on_row("Read chapters 4 and 5", Keys.ARROW_UP, alt=True)
    a.until(lambda d: a.titles()[0] == "Read chapters 4 and 5", message=f"A's order: {a.titles()}")
    b.until(lambda d: b.titles()[0] == "Read chapters 4 and 5", message=f"B's order: {b.titles()}")

    # The lists view of B shows the live completion too.
    b.open("#/")
    b.until(lambda d: b.card("CS 298") is not None and "66%" in b.card("CS 298").text)
    assert a.console_errors() == [] and b.console_errors() == []


def test_live_updates_patch_rows_in_place(browsers):
    """The tree's rows are kept components: another person's edit patches them in place, so
    no row node is rebuilt, and a rename being typed keeps its field, its focus and its draft
    (the same WebElement is typed into before and after, with no retry)."""
    a, b, ana, bo, list_id = two_people(browsers)
    b.open_list(list_id)
    for title in ("Homework 1", "Homework 2", "Homework 3"):
        a.quick_add(title)
    a.until(lambda d: a.pending_count() == 0, message="items not acknowledged")  # rows under their real ids
    b.until(lambda d: b.row("Homework 3") is not None)
    a.js("document.querySelectorAll('#item-tree .row[data-item-id]').forEach(r => { r.dataset.tag = 'kept'; })")

    a.press_on_row("Homework 1", Keys.F2)
    field = a.find(".rename-input")
    field.send_keys(Keys.END, " and")

    # Meanwhile B ticks one item, renames another and moves the last to the top.
    b.toggle("Homework 2")
    a.wait_row_status("Homework 2", "done")
    b.press_on_row("Homework 3", Keys.F2)
    b.find(".rename-input").send_keys(Keys.END, " (late)", Keys.ENTER)
    a.until(lambda d: a.row("Homework 3 (late)") is not None, message="B's rename not seen by A")
    b.press_on_row("Homework 3 (late)", Keys.ARROW_UP, alt=True)
    b.press_on_row("Homework 3 (late)", Keys.ARROW_UP, alt=True)
    a.until(lambda d: a.titles()[0] == "Homework 3 (late)", message=f"A's order: {a.titles()}")

    seen = a.js("""const input = document.querySelector('#item-tree .rename-input');
        return { focused: document.activeElement === input, draft: input.value, caret: input.selectionStart,
                 tags: [...document.querySelectorAll('#item-tree .row[data-item-id]')].map(r => r.dataset.tag || 'rebuilt') };""")
    assert seen == {"focused": True, "draft": "Homework 1 and", "caret": 14, "tags": ["kept", "kept", "kept"]}, seen

    field.send_keys(" 2", Keys.ENTER)  # the very same element: it was never replaced
    b.until(lambda d: b.row("Homework 1 and 2") is not None, message="A's rename not seen by B")
    assert a.js("return [...document.querySelectorAll('#item-tree .row[data-item-id]')].every(r => r.dataset.tag === 'kept')")
    assert a.console_errors() == [] and b.console_errors() == []


def test_today_lists_and_calendar_keep_their_elements_through_live_edits(browsers):
    """The Today view, the lists view and the calendar are kept components too: while A looks
    at them, B renames, ticks and adds items in the shared list, and A's row, card and chip
    elements are the same ones (the same WebElements, never stale), the focus stays on the
    link it was on, the new state shows, and a tick or click on an element found before the
    edits lands."""
    a, b, ana, bo, list_id = two_people(browsers)
    today = a.js("return new Intl.DateTimeFormat('en-CA').format(new Date())")
    for n in (1, 2, 3):
        a.js("window.checkwire.op({op: 'addItem', list: arguments[0], id: arguments[1], title: arguments[2], due: arguments[3]})",
             list_id, f"hw{n}", f"Homework {n}", today)
    a.until(lambda d: a.pending_count() == 0, message="items not acknowledged")
    b.open_list(list_id)
    b.until(lambda d: b.row("Homework 3") is not None)

    def b_does(*ops):
        for op in ops:
            b.js("window.checkwire.op(Object.assign({list: arguments[0]}, arguments[1]))", list_id, op)
        b.until(lambda d: b.pending_count() == 0, message="B's edits not acknowledged")

    tag = "arguments[0].forEach(e => { e.dataset.tag = 'kept'; })"

    # The Today view: rows keyed by item and day.
    a.click("#nav-today")
    titles = "return [...document.querySelectorAll('.today-group.today .today-title')].map(t => t.textContent).sort()"
    a.until(lambda d: a.js(titles) == ["Homework 1", "Homework 2", "Homework 3"], message=f"Today: {a.js(titles)}")
    a.js(tag, a.driver.find_elements(By.CSS_SELECTOR, ".today-row, .today-group"))
    row1 = a.find(".today-row[data-item-id='hw1']")
    check3 = a.find(".today-row[data-item-id='hw3'] .today-check")
    link1 = row1.find_element(By.CSS_SELECTOR, ".today-title")
    a.js("arguments[0].focus()", link1)

    b_does({"op": "updateItem", "item": "hw1", "title": "Homework 1 (draft)"},
           {"op": "completeItem", "item": "hw2"},
           {"op": "addItem", "id": "hw4", "title": "Homework 4", "due": today})
    a.until(lambda d: a.js(titles) == ["Homework 1 (draft)", "Homework 3", "Homework 4"], message=f"A's Today: {a.js(titles)}")
    assert link1.text == "Homework 1 (draft)"  # the very element found before: patched, not replaced
    assert a.js("return document.activeElement === arguments[0]", link1), "the focus left the row"
    kept = a.js("return [...document.querySelectorAll('.today-row')].map(r => r.dataset.itemId + ':' + (r.dataset.tag || 'new'))")
    assert sorted(kept) == ["hw1:kept", "hw3:kept", "hw4:new"], kept
    assert a.js("return document.querySelector('.today-group.today').dataset.tag") == "kept"
    check3.click()  # found before B's edits, and still the one on the page
    a.until(lambda d: a.js("return window.checkwire.project(arguments[0]).items.get('hw3')?.status", list_id) == "done",
            message="the tick did not complete Homework 3")
    a.until(lambda d: a.js(titles) == ["Homework 1 (draft)", "Homework 4"], message=f"A's Today after the tick: {a.js(titles)}")
    assert a.js("return document.querySelector(\".today-row[data-item-id='hw1']\").dataset.tag") == "kept"

    # The lists view: the card is kept, its progress patched.
    a.click("#nav-lists")
    a.until(lambda d: a.card("CS 298") is not None and "50%" in a.card("CS 298").text, message="A's card")
    card = a.card("CS 298")
    a.js("arguments[0].dataset.tag = 'kept'; arguments[0].focus()", card)
    b_does({"op": "completeItem", "item": "hw1"})
    a.until(lambda d: "75%" in card.text, message=f"A's card: {card.text}")
    assert a.js("return document.activeElement === arguments[0] && arguments[0].dataset.tag === 'kept'", card)

    # The calendar's week (every entry of a day shows): the chip is kept; a click on the chip
    # found before B's edit opens the item.
    a.open(f"#/calendar/week/{today}")
    chip = a.find(f".week-day[data-day='{today}'] .cal-chip[data-item-id='hw4']")
    agenda_entry = a.find(".agenda-entry[data-item-id='hw4']")
    a.js(tag, [chip, agenda_entry])
    b_does({"op": "updateItem", "item": "hw4", "title": "Homework 4 (late)"})
    a.until(lambda d: "Homework 4 (late)" in chip.text, message=f"A's chip: {chip.text}")
    assert "Homework 4 (late)" in agenda_entry.text
    assert a.js("return arguments[0].dataset.tag + arguments[1].dataset.tag", chip, agenda_entry) == "keptkept"
    chip.click()
    a.until(lambda d: a.js("return location.hash").endswith("/item/hw4"), message=a.js("return location.hash"))
    assert a.console_errors() == [] and b.console_errors() == []


def test_item_panel_keeps_a_sub_item_draft_and_its_buttons_through_live_edits(browsers):
    """The item panel's sub-item field and status buttons are kept, not redrawn, when someone
    else edits the item: a sub-item being typed keeps its focus and draft, and the Done
    button under the pointer is the same element."""
    a, b, ana, bo, list_id = two_people(browsers)
    b.open_list(list_id)
    a.quick_add("Essay")
    a.until(lambda d: a.pending_count() == 0, message="Essay not acknowledged")
    b.until(lambda d: b.row("Essay") is not None)
    a.click_in_row("Essay", ".row-title")
    a.visible("#item-panel")
    a.js("document.getElementById('item-toggle-done').dataset.tag = 'kept'")
    field = a.find("#item-add-sub")
    field.send_keys("Outline")

    # B renames the item and gives it notes: A's panel updates around the field.
    b.press_on_row("Essay", Keys.F2)
    b.find(".rename-input").send_keys(Keys.END, " draft", Keys.ENTER)
    a.until(lambda d: a.find("#item-title").get_attribute("value") == "Essay draft", message="B's rename not in A's panel")

    seen = a.js("""const input = document.getElementById('item-add-sub');
        return { focused: document.activeElement === input, draft: input.value,
                 button: document.getElementById('item-toggle-done').dataset.tag || 'rebuilt' };""")
    assert seen == {"focused": True, "draft": "Outline", "button": "kept"}, seen

    field.send_keys(" first", Keys.ENTER)  # the same element: it was never replaced
    b.until(lambda d: b.row("Outline first") is not None, message="A's sub-item not seen by B")
    assert a.console_errors() == [] and b.console_errors() == []


def test_sub_items_conflict_message_and_item_panel(browsers):
    a, b, ana, bo, list_id = two_people(browsers)
    b.open_list(list_id)
    a.quick_add("Homework 2")
    # Until the ack, the row is the optimistic one under a temporary id (the server picks a
    # quick-added item's id): an adder opened on it would belong to a row about to go.
    a.until(lambda d: a.pending_count() == 0, message="Homework 2 not acknowledged")
    # The page draws the ack on its next frame: the row has its real id once it has.
    a.until(lambda d: a.js("return [...document.querySelectorAll('#item-tree .row[data-item-id]')].some(r =>"
                           " r.querySelector('.row-title')?.textContent === 'Homework 2' && !r.dataset.itemId.startsWith('pending-'))"),
            message="the row kept its temporary id")
    a.press_on_row("Homework 2", "a")  # add a sub-item
    adder = a.find(".add-sub-input")
    adder.send_keys("Problem 1", Keys.ENTER)
    # The field is kept (not rebuilt) while Problem 1 arrives from the server: keep typing in it.
    adder.send_keys("Problem 2", Keys.ENTER, Keys.ESCAPE)
    b.until(lambda d: b.row("Problem 2") is not None)

    # Completing a parent with open children: the server's conflict message is shown.
    a.toggle("Homework 2")
    toast = a.visible(".toast.error")
    assert "2 open sub-items" in toast.text
    a.wait_row_status("Homework 2", "open")

    # Drill down into the sub-item: breadcrumb and its own progress.
    a.click_in_row("Homework 2", ".row-action.drill")
    a.until(lambda d: "Homework 2" in a.find(".breadcrumb .crumb.current").text)
    a.toggle("Problem 1")
    a.until(lambda d: "1 of 2 sub-items done" in a.find(".root-card").text)

    # The item panel: B edits notes, location and due date; A sees them.
    b.click_in_row("Problem 2", ".row-title")
    b.visible("#item-panel")
    notes = b.find("#item-notes")
    notes.send_keys("Use the new formula")
    b.fill("#item-location", "Library")
    b.js("""const d = document.getElementById('item-due-date'); d.value = '2030-01-15';
            d.dispatchEvent(new Event('change', {bubbles: true}));""")
    b.click("#item-panel-close")
    b.gone("#item-panel")
    a.until(lambda d: a.row("Problem 2") is not None and "Library" in a.row("Problem 2").text, message="location not seen by A")
    a.click_in_row("Problem 2", ".row-title")
    a.until(lambda d: a.find("#item-notes").get_attribute("value") == "Use the new formula")
    assert a.find("#item-due-date").get_attribute("value") == "2030-01-15"
    assert ana in a.find("#item-history").text
    a.driver.switch_to.active_element.send_keys(Keys.ESCAPE)
    a.gone("#item-panel")


def test_offline_edits_queue_survive_reload_and_converge(browsers):
    a, b, ana, bo, list_id = two_people(browsers)
    for title in ("Buy paint", "Tape the windows", "Move the sofa"):
        a.quick_add(title)
    b.open_list(list_id)
    b.until(lambda d: b.row("Move the sofa") is not None)
    b.wait_offline_ready()

    # B loses the network.
    b.set_offline(True)
    b.until(lambda d: b.status() == "offline", message="B never noticed it was offline")

    # B edits while offline: shown at once, marked pending, queued in localStorage.
    b.toggle("Buy paint")
    b.quick_add("Rent a ladder")
    b.wait_row_status("Buy paint", "done")
    assert b.row_state("Rent a ladder")[1] is True
    assert b.pending_count() == 2
    b.until(lambda d: "2 pending" in b.find("#conn-indicator").text)

    # A keeps working online meanwhile.
    a.toggle("Tape the windows")

    # B reloads while still offline: the app shell comes from the cache and the edits stay.
    b.driver.refresh()
    b.find("#checklist-title", timeout=WAIT * 2)
    b.until(lambda d: b.row("Rent a ladder") is not None, message="queued item lost on reload")
    assert b.pending_count() == 2
    b.wait_row_status("Buy paint", "done")

    # Back online: the queue is sent (opIds make resends safe) and both converge.
    b.set_offline(False)
    b.wait_live(timeout=30)
    b.until(lambda d: b.pending_count() == 0)
    for page in (a, b):
        page.until(lambda d: page.row("Rent a ladder") is not None, message=f"{page.name} lacks Rent a ladder")
        page.wait_row_status("Buy paint", "done")
        page.wait_row_status("Tape the windows", "done")
        page.wait_row_status("Move the sofa", "open")
    a.until(lambda d: a.titles() == b.titles(), message=f"{a.titles()} != {b.titles()}")
    assert b.row_state("Rent a ladder")[1] is False


def test_server_restart_reconnects_and_resends(browsers, server):
    a, b, ana, bo, list_id = two_people(browsers)
    a.quick_add("Pack the tent")
    b.open_list(list_id)
    b.until(lambda d: b.row("Pack the tent") is not None)

    server.stop()
    b.until(lambda d: b.status() == "offline", message="B did not notice the server went away")
    b.toggle("Pack the tent")
    b.quick_add("Check the weather")
    assert b.pending_count() == 2

    server.start()  # same port, same database
    b.wait_live(timeout=30)
    a.wait_live(timeout=30)
    a.until(lambda d: a.row("Check the weather") is not None, timeout=20)
    a.wait_row_status("Pack the tent", "done")
    assert b.pending_count() == 0


def test_viewer_sees_read_only_ui_and_server_refuses(browsers):
    a, b, ana, bo, list_id = two_people(browsers, role="viewer")
    a.quick_add("Homework 1")
    b.open_list(list_id)
    b.until(lambda d: b.row("Homework 1") is not None)
    assert "View only" in b.find("#my-role").text
    assert not b.find("#quick-add").is_displayed()
    for css in ("button.check", ".drag-handle", ".row-action.cancel-item", ".row-action.add-sub", "#edit-list-button", "#cancel-list-button"):
        assert b.driver.find_elements(By.CSS_SELECTOR, css) == [], f"viewer sees {css}"
    # The item panel is read-only too.
    b.click_in_row("Homework 1", ".row-title")
    assert b.find("#item-title").get_attribute("readonly") is not None
    assert b.driver.find_elements(By.CSS_SELECTOR, "#item-toggle-done") == []
    assert "null" not in b.find("#item-panel").text, b.find("#item-panel").text
    b.click("#item-panel-close")

    # Even a hand-made request is refused by the server.
    item_id = b.row("Homework 1").get_attribute("data-item-id")
    reply = b.driver.execute_async_script("""
        const done = arguments[arguments.length - 1];
        window.checkwire.sync.connection.request({type: 'op', opId: crypto.randomUUID(), op: 'completeItem', list: arguments[0], item: arguments[1]})
          .then(r => done({type: r.type}), e => done({code: e.code, message: e.message}));""", list_id, item_id)
    assert reply["code"] == "forbidden", reply
    b.wait_row_status("Homework 1", "open")

    # The owner promotes B to editor: the controls appear without reload.
    a.click("#participants-button")
    from selenium.webdriver.support.select import Select
    Select(a.find(f'.person[data-username="{bo}"] .role-select')).select_by_value("editor")
    b.until(lambda d: b.find("#quick-add").is_displayed(), message="B did not become an editor live")


def test_cancel_and_restore_round_trip(browsers):
    a, b, ana, bo, list_id = two_people(browsers)
    b.open_list(list_id)
    a.quick_add("Essay")
    a.until(lambda d: a.pending_count() == 0, message="Essay not acknowledged")  # its real id, not the optimistic one
    a.click_in_row("Essay", ".row-action.add-sub")
    a.find(".add-sub-input").send_keys("Outline", Keys.ENTER, Keys.ESCAPE)
    a.quick_add("Slides")
    b.until(lambda d: b.row("Outline") is not None)

    # Cancel "Essay" (and with it its open sub-item): it leaves the tree for the Cancelled section.
    a.click_in_row("Essay", ".row-action.cancel-item")
    for page in (a, b):
        page.until(lambda d: page.row("Essay") is None and page.row("Outline") is None, message=f"{page.name} still shows Essay")
        page.click("#cancelled-toggle")
        page.until(lambda d: "Essay" in page.find("#cancelled-section").text)
    assert "cancelled by " + ana in b.find("#cancelled-section").text

    # Restore from B's Cancelled section: both get Essay and Outline back.
    b.click("#cancelled-section .restore-item")
    for page in (a, b):
        page.until(lambda d: page.row("Essay") is not None and page.row("Outline") is not None, message=f"{page.name} lacks Essay")
    a.gone("#cancelled-section")

    # The whole checklist: the owner cancels it; it moves to Cancelled on B's lists view.
    a.click("#cancel-list-button")
    a.click("#cancel-list-dialog-submit")
    a.visible("#restore-list-button")
    # The feed names the list, not one of the items the cancel touched.
    a.until(lambda d: f"{ana} cancelled the checklist “CS 298”" in a.find("#activity").text, message=a.find("#activity").text)
    b.open("#/")
    b.until(lambda d: b.driver.find_elements(By.CSS_SELECTOR, "#section-cancelled"), message="no Cancelled section")
    a.click("#restore-list-button")
    b.until(lambda d: not b.driver.find_elements(By.CSS_SELECTOR, "#section-cancelled"))
    assert b.card("CS 298") is not None


def test_quick_add_parses_the_text(browsers):
    a = browsers("A")
    a.signup(unique("ana"))
    a.create_list("Groceries")
    a.quick_add("Milk tomorrow")
    a.until(lambda d: a.pending_count() == 0)
    # The server's quickAdd takes "tomorrow" as the due date and leaves the title.
    a.until(lambda d: a.titles() == ["Milk"], message="quick add did not parse the date out of the title")
    assert a.driver.find_elements(By.CSS_SELECTOR, ".toast.error") == []
    assert "tomorrow" in a.row("Milk").text.lower(), a.row("Milk").text
    a.driver.refresh()
    a.until(lambda d: a.row("Milk") is not None, message="quick-added item not stored by the server")


def test_quick_add_naming_another_list_says_where_it_went(browsers):
    a = browsers("A")
    a.signup(unique("ana"))
    a.create_list("Groceries")
    a.create_list("CS 298")
    box = a.find("#quick-add")
    box.send_keys("Buy milk #Groceries")
    box.send_keys(Keys.ENTER)
    a.until(lambda d: "Added “Buy milk” to Groceries" in a.find(".quick-add-echo").text,
            message="the echo under the box does not say where the item went")
    # The optimistic row leaves on the next frame after the ack that named Groceries.
    a.until(lambda d: a.titles() == [], message=f"the item is not in this list: {a.titles()}")
    a.click(".quick-add-echo .echo-open")
    a.until(lambda d: "Groceries" in a.find("#checklist-title").text)
    a.until(lambda d: a.titles() == ["Buy milk"], message=f"Groceries shows {a.titles()}")


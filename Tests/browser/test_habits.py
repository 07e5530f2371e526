"""A habit checklist in two browsers: one tap checks in, the streak and score update, the chart
is drawn, and the owner's coach view shows the other participant's check-in live."""

from selenium.webdriver.common.by import By

from conftest import unique, WAIT


def shared_habit_checklist(browsers, title, habits):
    """Ana (browser A) makes a habit checklist with `habits` ((id, title) pairs) and shares it
    with Bo (browser B) as an editor; returns both browsers, Bo's name and the list id."""
    a, b = browsers("A"), browsers("B")
    ana, bo = unique("ana"), unique("bo")
    a.signup(ana)
    b.signup(bo)
    list_id = a.js(
        "const id = crypto.randomUUID(); window.checkwire.op({op: 'createList', id, title: arguments[0], kind: 'habits'}); return id;",
        title)
    a.until(lambda d: a.pending_count() == 0, message="the habit checklist was not created")
    for item, name in habits:
        a.js("window.checkwire.op({op: 'addItem', list: arguments[0], id: arguments[1], title: arguments[2]})", list_id, item, name)
    a.js("window.checkwire.op({op: 'share', list: arguments[0], username: arguments[1], role: 'editor'})", list_id, bo)
    a.until(lambda d: a.pending_count() == 0, message="edits not acknowledged")
    return a, b, bo, list_id


def test_check_in_and_the_coach_view_updates_live(browsers):
    a, b, bo, list_id = shared_habit_checklist(browsers, "Morning habits", [("meditate", "Meditate")])

    a.open(f"#/list/{list_id}")
    a.find("#habit-today")
    b.open(f"#/list/{list_id}")
    b.find("#habit-today")

    # Bo checks in with one tap; Ana's coach view shows it without a reload.
    b.until(lambda d: b.driver.find_elements(By.CSS_SELECTOR, "[data-item-id='meditate'] .habit-done"), message="B: no habit row")
    b.click("[data-item-id='meditate'] .habit-done")
    streak = "return document.getElementById('habit-streak')?.textContent"
    b.until(lambda d: b.js(streak) == "1 day", message=f"B's streak: {b.js(streak)}")
    # The coach table's cells, read in one script call.
    coach = "return [...document.querySelectorAll('.habit-coach-table tbody tr')].map(r => [...r.cells].map(c => c.textContent))"
    a.until(lambda d: any(row[0] == bo and row[1] == "1" for row in a.js(coach)),
            message=f"A's coach view did not show Bo's check-in: {a.js(coach)}")

    # Ana checks in: her score moves above zero and the chart has a line.
    a.click("[data-item-id='meditate'] .habit-done")
    a.until(lambda d: a.js(streak) == "1 day", message="A's streak did not update")
    a.until(lambda d: a.js("return document.getElementById('habit-score')?.textContent") not in ("0%", "—"), message="A's score did not move")
    assert a.driver.find_elements(By.CSS_SELECTOR, "#habit-chart polyline")
    assert "null" not in a.js("return document.querySelector('.habit-page').innerText"), "a literal null on the page"
    a.screenshot("habit-view-owner")
    # Tapping again undoes it.
    a.click("[data-item-id='meditate'] .habit-done")
    a.until(lambda d: a.js(streak) == "0 days", message="undo did not take the streak back")
    a.js("document.getElementById('habit-chart').scrollIntoView()")
    a.screenshot("habit-coach-view")
    assert not a.console_errors() and not b.console_errors()


def test_check_in_buttons_are_kept_through_the_others_check_ins(browsers):
    """While Ana (the owner) looks at a shared habit checklist, Bo checks in on another habit
    today. Ana's rows and check-in buttons are the same elements
    (the same WebElements, never stale), her own check-in still shows on hers, Bo's shows in
    her coach view, and a click on a button found before Bo's check-in lands."""
    a, b, bo, list_id = shared_habit_checklist(
        browsers, "Evening habits", [("meditate", "Meditate"), ("read", "Read")])

    a.open(f"#/list/{list_id}")
    b.open(f"#/list/{list_id}")
    b.find("[data-item-id='read'] .habit-done")
    a.click("[data-item-id='meditate'] .habit-done")
    a.until(lambda d: "done" in a.find("[data-item-id='meditate']").get_attribute("class"), message="A's check-in")
    # Tag every row and button now on Ana's page; a rebuilt element would lose its tag.
    buttons = a.driver.find_elements(By.CSS_SELECTOR, ".habit-row, .habit-row .habit-actions, .habit-row .habit-actions button")
    assert len(buttons) == 8, len(buttons)
    a.js("arguments[0].forEach(e => { e.dataset.tag = 'kept'; })", buttons)
    meditate_done = a.find("[data-item-id='meditate'] .habit-done")
    read_done = a.find("[data-item-id='read'] .habit-done")
    read_skip = a.find("[data-item-id='read'] .habit-skip")
    seq = "return window.checkwire.store.lists.get(arguments[0]).seq"
    before = a.js(seq, list_id)

    # Bo taps Done on Read, a habit Ana has not checked in on.
    b.click("[data-item-id='read'] .habit-done")
    b.until(lambda d: "done" in b.find("[data-item-id='read']").get_attribute("class"), message="B's tap")
    b.until(lambda d: b.pending_count() == 0, message="B's check-in not acknowledged")
    a.until(lambda d: a.js(seq, list_id) > before, message="A did not hear of B's check-in")
    coach = "return [...document.querySelectorAll('.habit-coach-table tbody tr')].map(r => [...r.cells].map(c => c.textContent))"
    # One of Bo's two habits kept today: no streak yet, but his score moves off zero.
    a.until(lambda d: any(row[0] == bo and row[3] != "0%" for row in a.js(coach)),
            message=f"A's coach view did not show Bo's check-in: {a.js(coach)}")
    kept = a.js("return [...document.querySelectorAll('.habit-row, .habit-row .habit-actions, .habit-row .habit-actions button')].map(e => e.dataset.tag || 'new')")
    assert kept == ["kept"] * 8, kept
    # The elements found before are the ones on the page (not stale), showing Ana's own state.
    assert meditate_done.text == "Done" and meditate_done.get_attribute("aria-pressed") == "true"
    assert read_done.text == "Do" and read_done.get_attribute("aria-pressed") == "false"
    read_skip.click()  # found before Bo's check-in, and still the one on the page
    a.until(lambda d: "skipped" in a.find("[data-item-id='read']").get_attribute("class"), message="the skip did not land")
    assert read_skip.text == "Skipped" and read_skip.get_attribute("aria-pressed") == "true"
    assert a.js("return document.querySelector(\"[data-item-id='read'] .habit-skip\") === arguments[0]", read_skip)
    assert not a.console_errors() and not b.console_errors()


def test_a_habit_checklist_is_made_shared_edited_and_cancelled_from_the_browser(browsers):
    """Everything a habit checklist needs, from the web: made from the New checklist dialog,
    a goal set in its details ("Day 1 of 66"), shared, a missed past day entered, a habit
    opened in the item panel, and the checklist cancelled and restored."""
    a, b = browsers("A"), browsers("B")
    ana, bo = unique("ana"), unique("bo")
    b.signup(bo)
    a.signup(ana)
    a.click("#new-list-button")
    a.fill("#new-list-title", "Evening")
    a.click("#new-list-kind-habits")
    a.click("#new-list-dialog-submit")
    a.find("#habit-today")
    list_id = a.driver.current_url.split("#/list/")[1].split("/")[0]
    assert a.js("return window.checkwire.store.lists.get(arguments[0]).kind", list_id) == "habits"
    three_days_ago = a.js("const d = new Date(Date.now() - 3 * 86400000); return new Intl.DateTimeFormat('en-CA').format(d)")
    a.js("window.checkwire.op({op: 'addItem', list: arguments[0], id: 'walk', title: 'Walk', due: arguments[1]})", list_id, three_days_ago)
    a.until(lambda d: a.pending_count() == 0, message="the habit was not added")

    # Details: a new title and a goal.
    a.click("#edit-list-button")
    a.fill("#edit-list-title", "Evenings")
    a.fill("#edit-list-goal", "66")
    a.click("#edit-list-dialog-submit")
    a.until(lambda d: a.js("return window.checkwire.store.lists.get(arguments[0]).goal", list_id) == 66, message="the goal was not saved")
    a.until(lambda d: a.find("#habit-goal").text.startswith("Day "), message="no goal progress")
    assert a.find("#habit-goal").text.endswith("of 66"), a.find("#habit-goal").text
    assert "Evenings" in a.find("#checklist-title").text

    # Shared from the header's Share.
    a.share(bo)
    b.until(lambda d: b.js("return window.checkwire.store.lists.get(arguments[0])?.role", list_id) == "editor", message="B was not given it")

    # A missed day entered afterwards: yesterday's cell, one tap.
    a.click("#habit-past .past-row[data-item-id='walk'] .past-cell:last-child")
    a.until(lambda d: a.pending_count() == 0, message="the check-in was not acknowledged")
    yesterday = a.find("#habit-past .past-row[data-item-id='walk'] .past-cell:last-child").get_attribute("data-day")
    history = a.driver.execute_async_script(
        "const done = arguments[arguments.length - 1];"
        "window.checkwire.sync.connection.request({type: 'history', list: arguments[0], from: arguments[1], to: arguments[1], username: window.checkwire.user.username}).then(r => done(r.days), e => done(String(e)))",
        list_id, yesterday)
    assert history == [{"date": yesterday, "user": ana, "item": "walk", "value": "done"}], history
    a.until(lambda d: a.find("#habit-past .past-row[data-item-id='walk'] .past-cell:last-child").get_attribute("data-value") == "done",
            message="the past day does not show as done")

    # A habit opens in the item panel, which offers no "Does not repeat" and no "Mark done".
    a.click(".habit-row[data-item-id='walk'] .habit-name")
    a.find("#item-panel #item-repeat")
    assert "Does not repeat" not in a.js("return document.getElementById('item-repeat').textContent")
    assert "Every day" in a.js("return document.getElementById('item-repeat').textContent")
    assert not a.driver.find_elements(By.CSS_SELECTOR, "#item-toggle-done")
    a.click("#item-panel-close")

    # Cancelled and restored by its owner.
    a.click("#cancel-list-button")
    a.click("#cancel-list-dialog-submit")
    a.find("#restore-list-button")
    a.click("#restore-list-button")
    a.until(lambda d: a.js("return window.checkwire.store.lists.get(arguments[0]).status", list_id) == "active", message="not restored")
    assert not a.console_errors() and not b.console_errors()


def test_the_coach_tells_done_skipped_missed_and_nothing_due_apart(browsers):
    """Bo's days on a daily habit begun 6 days ago: his start is his earliest check-in (4 days
    ago, skipped); 3 days ago he did nothing (missed), 2 days ago done, yesterday nothing
    (missed); 5 days ago was before his start (nothing due). The owner's strip shows each as
    its own state."""
    a, b, bo, list_id = shared_habit_checklist(browsers, "Team habits", [("plank", "Plank")])
    day = lambda n: a.js("return new Intl.DateTimeFormat('en-CA').format(new Date(Date.now() - arguments[0] * 86400000))", n)
    a.js("window.checkwire.op({op: 'updateItem', list: arguments[0], item: 'plank', due: arguments[1]})", list_id, day(6))
    a.until(lambda d: a.pending_count() == 0, message="the start was not moved")
    b.open(f"#/list/{list_id}")
    b.find("#habit-today")
    b.js("window.checkwire.op({op: 'checkIn', list: arguments[0], item: 'plank', date: arguments[1], value: 'skipped'})", list_id, day(4))
    b.js("window.checkwire.op({op: 'checkIn', list: arguments[0], item: 'plank', date: arguments[1], value: 'done'})", list_id, day(2))
    b.until(lambda d: b.pending_count() == 0, message="B's check-ins not acknowledged")
    a.open(f"#/list/{list_id}")
    strip = lambda: a.js("return Object.fromEntries([...document.querySelectorAll(`#habit-coach tr[data-user='${arguments[0]}'] .strip-day`)].map(s => [s.dataset.day, s.dataset.state]))", bo)
    expected = {day(5): "none", day(4): "skipped", day(3): "missed", day(2): "done", day(1): "missed"}
    a.until(lambda d: {k: strip().get(k) for k in expected} == expected, message=f"Bo's strip: {strip()}")
    looks = a.js("return Object.fromEntries([...document.querySelectorAll(`#habit-coach tr[data-user='${arguments[0]}'] .strip-day`)].map(s => [s.dataset.state, getComputedStyle(s).backgroundImage + getComputedStyle(s).backgroundColor + getComputedStyle(s).borderStyle]))", bo)
    assert len({looks[state] for state in ("none", "skipped", "missed", "done")}) == 4, f"two states look alike: {looks}"
    legend = a.find("#habit-coach .strip-legend").text
    assert all(word in legend for word in ("done", "skipped", "missed", "nothing due")), legend
    assert not a.console_errors() and not b.console_errors()

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
    buttons = a.driver.find_elements(By.CSS_SELECTOR, ".habit-row, .habit-row .habit-actions, .habit-row button")
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
    kept = a.js("return [...document.querySelectorAll('.habit-row, .habit-row .habit-actions, .habit-row button')].map(e => e.dataset.tag || 'new')")
    assert kept == ["kept"] * 8, kept
    # The elements found before are the ones on the page (not stale), showing Ana's own state.
    assert meditate_done.text == "Done" and meditate_done.get_attribute("aria-pressed") == "true"
    assert read_done.text == "Do" and read_done.get_attribute("aria-pressed") == "false"
    read_skip.click()  # found before Bo's check-in, and still the one on the page
    a.until(lambda d: "skipped" in a.find("[data-item-id='read']").get_attribute("class"), message="the skip did not land")
    assert read_skip.text == "Skipped" and read_skip.get_attribute("aria-pressed") == "true"
    assert a.js("return document.querySelector(\"[data-item-id='read'] .habit-skip\") === arguments[0]", read_skip)
    assert not a.console_errors() and not b.console_errors()

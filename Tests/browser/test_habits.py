"""A habit checklist in two browsers: one tap checks in, the streak and score update, the chart
is drawn, and the owner's coach view shows the other participant's check-in live."""

from selenium.webdriver.common.by import By

from conftest import unique, WAIT


def test_check_in_and_the_coach_view_updates_live(browsers):
    a, b = browsers("A"), browsers("B")
    ana, bo = unique("ana"), unique("bo")
    a.signup(ana)
    b.signup(bo)
    list_id = a.js(
        "const id = crypto.randomUUID(); window.checkwire.op({op: 'createList', id, title: 'Morning habits', kind: 'habits'}); return id;")
    a.until(lambda d: a.pending_count() == 0, message="the habit checklist was not created")
    a.js("window.checkwire.op({op: 'addItem', list: arguments[0], id: 'meditate', title: 'Meditate'})", list_id)
    a.js("window.checkwire.op({op: 'share', list: arguments[0], username: arguments[1], role: 'editor'})", list_id, bo)
    a.until(lambda d: a.pending_count() == 0, message="edits not acknowledged")

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

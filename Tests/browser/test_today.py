"""The Today view and search: overdue and today's items across checklists, ticked in place,
and `/` opening a search with live results that are kept and patched as the query grows."""

from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from conftest import unique, WAIT


def test_today_view_ticks_in_place_and_search_finds(browsers):
    a = browsers("A")
    a.signup(unique("ana"))
    list_id = a.create_list("CS 298")
    today = a.js("return new Intl.DateTimeFormat('en-CA').format(new Date())")
    yesterday = a.js("const d = new Date(); d.setDate(d.getDate() - 1); return new Intl.DateTimeFormat('en-CA').format(d)")
    a.js("window.checkwire.op({op: 'addItem', list: arguments[0], id: 'hw', title: 'Homework 3', due: arguments[1]})", list_id, today)
    a.js("window.checkwire.op({op: 'addItem', list: arguments[0], id: 'essay', title: 'Late essay', due: arguments[1], notes: 'about the visa office'})",
         list_id, yesterday)
    a.until(lambda d: a.pending_count() == 0, message="edits not acknowledged")

    a.click("#nav-today")
    groups = "return [...document.querySelectorAll('.today-group')].map(g => g.querySelector('h2').textContent + ':' + [...g.querySelectorAll('.today-title')].map(t => t.textContent).join('|'))"
    a.until(lambda d: a.js(groups) == ["Overdue 1:Late essay", "Today 1:Homework 3"], message=f"Today view: {a.js(groups)}")
    # Overdue says since when; the day under the title is in words, not an ISO date.
    assert "overdue since yesterday" in a.find("[data-item-id='essay']").text
    assert today not in a.find("#today-subtitle").text and a.find("#today-subtitle").text.split(" · ")[0].count(",") == 1

    a.click("[data-item-id='hw'] .today-check")
    a.until(lambda d: a.js("return window.checkwire.project(arguments[0]).items.get('hw')?.status", list_id) == "done",
            message="ticking in the Today view did not complete the item")
    a.until(lambda d: a.js(groups) == ["Overdue 1:Late essay"], message=f"the done item stayed: {a.js(groups)}")

    a.find("body").send_keys("/")
    a.until(lambda d: a.js("return document.activeElement?.id") == "search-input", message="/ did not focus the search")
    a.find("#search-input").send_keys("visa")
    hits = "return [...document.querySelectorAll('.search-hit-title')].map(t => t.textContent)"
    a.until(lambda d: a.js(hits) == ["Late essay"], message=f"search results: {a.js(hits)}")
    assert not a.console_errors()


def test_search_results_are_kept_while_typing(browsers):
    """Results are read again as the person types: a hit still found is the same element
    (never stale) with its new title, a hit no longer found goes, and a focused hit keeps the
    focus through the next reply."""
    a = browsers("A")
    a.signup(unique("ana"))
    list_id = a.create_list("Term")
    for item_id, title in (("phys", "Physics homework"), ("hist", "History homework")):
        a.js("window.checkwire.op({op: 'addItem', list: arguments[0], id: arguments[1], title: arguments[2]})",
             list_id, item_id, title)
    a.until(lambda d: a.pending_count() == 0, message="edits not acknowledged")
    rename = lambda title: a.js(
        "window.checkwire.op({op: 'updateItem', list: arguments[0], item: 'phys', title: arguments[1]})", list_id, title)
    physics_href, history_href = f"#/list/{list_id}/item/phys", f"#/list/{list_id}/item/hist"
    hrefs = "return [...document.querySelectorAll('#search-results .search-hit')].map(e => e.getAttribute('href'))"
    title_of = ("return document.querySelector(`#search-results .search-hit[href='${arguments[0]}'] .search-hit-title`)"
                "?.textContent ?? null")

    a.click("#nav-today")
    box = a.find("#search-input")
    box.send_keys("homework")
    a.until(lambda d: sorted(a.js(hrefs)) == sorted([physics_href, history_href]), message=f"results: {a.js(hrefs)}")
    physics = a.find(f"#search-results .search-hit[href='{physics_href}']")
    assert physics.find_element(By.CSS_SELECTOR, ".search-hit-title").text == "Physics homework"

    # Renamed meanwhile; the next keystrokes leave only the physics hit, showing the new title.
    rename("Physics homework set")
    a.until(lambda d: a.pending_count() == 0, message="rename not acknowledged")
    box.send_keys(" ph")
    a.until(lambda d: a.js(hrefs) == [physics_href], message=f"results: {a.js(hrefs)}")
    a.until(lambda d: a.js(title_of, physics_href) == "Physics homework set", message=f"title: {a.js(title_of, physics_href)}")
    assert a.js("return arguments[0].isConnected", physics), "the physics hit was replaced"
    assert physics.find_element(By.CSS_SELECTOR, ".search-hit-title").text == "Physics homework set"
    assert physics.get_attribute("href").endswith(physics_href)

    # A hit focused from the keyboard while the next reply arrives keeps the focus.
    a.js("arguments[0].focus()", physics)
    rename("Physics homework sheet")
    a.until(lambda d: a.pending_count() == 0, message="rename not acknowledged")
    a.js("const box = document.getElementById('search-input'); box.value = 'homework phy';"
         "box.dispatchEvent(new Event('input'))")
    a.until(lambda d: a.js(title_of, physics_href) == "Physics homework sheet", message=f"title: {a.js(title_of, physics_href)}")
    assert physics.find_element(By.CSS_SELECTOR, ".search-hit-title").text == "Physics homework sheet"
    assert a.js("return document.activeElement === arguments[0]", physics), "the focused hit lost the focus"
    assert not a.console_errors()

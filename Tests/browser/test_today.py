"""The Today view and search: overdue and today's items across checklists, ticked in place,
and `/` opening a search with live results."""

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

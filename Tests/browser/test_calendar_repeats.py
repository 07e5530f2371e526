"""The calendar shows a repeating item on each day of its rule, marked as a repeat."""

from conftest import unique


def test_the_calendar_shows_each_occurrence_of_a_repeating_item(browsers):
    a = browsers("A")
    a.signup(unique("ana"))
    list_id = a.create_list("Chores")
    a.js("window.checkwire.op({op: 'addItem', list: arguments[0], id: 'trash', title: 'Take out the trash', due: '2027-03-01', repeat: 'FREQ=WEEKLY;BYDAY=MO,TH'})",
         list_id)
    a.until(lambda d: a.pending_count() == 0, message="edit not acknowledged")
    a.open("#/calendar/2027-03")
    days = "return [...document.querySelectorAll('.cal-cell:not(.outside)')].filter(c => c.textContent.includes('Take out the trash')).map(c => c.dataset.day)"
    a.until(lambda d: a.js(days)[:4] == ["2027-03-01", "2027-03-04", "2027-03-08", "2027-03-11"], message=f"days shown: {a.js(days)}")
    assert len(a.js(days)) == 9, a.js(days)  # Mondays and Thursdays of March 2027
    assert not a.console_errors()


def test_the_week_view_lists_every_entry_of_each_day_and_moves_by_weeks(browsers):
    a = browsers("A")
    a.signup(unique("ana"))
    list_id = a.create_list("CS 298")
    a.js("window.checkwire.op({op: 'addItem', list: arguments[0], id: 'trash', title: 'Take out the trash', due: '2027-03-01', repeat: 'FREQ=WEEKLY;BYDAY=MO,TH'})",
         list_id)
    for n in range(5):  # more than a month cell shows: the week shows them all
        a.js("window.checkwire.op({op: 'addItem', list: arguments[0], title: arguments[1], due: '2027-03-10'})", list_id, f"Reading {n + 1}")
    a.until(lambda d: a.pending_count() == 0, message="edits not acknowledged")
    a.open("#/calendar/2027-03")
    a.click("#calendar-week-mode")
    a.until(lambda d: "#/calendar/week/" in a.js("return location.hash"), message="no week route")
    a.open("#/calendar/week/2027-03-10")  # any day of the week shows its Monday to Sunday
    per_day = "return Object.fromEntries([...document.querySelectorAll('.week-day')].map(d => [d.dataset.day, [...d.querySelectorAll('.cal-chip-text')].map(t => t.textContent)]))"
    a.until(lambda d: len(a.js(per_day).get("2027-03-10", [])) == 5, message=f"week: {a.js(per_day)}")
    week = a.js(per_day)
    assert list(week) == [f"2027-03-{d:02d}" for d in range(8, 15)]
    assert week["2027-03-08"] == ["Take out the trash"] and week["2027-03-11"] == ["Take out the trash"]
    assert a.js("return document.querySelector('#calendar-title').textContent").startswith("Week of")
    a.screenshot("calendar-week-view")
    a.click("#calendar-next")
    a.until(lambda d: list(a.js(per_day))[:1] == ["2027-03-15"], message=f"next week: {list(a.js(per_day))}")
    a.click("#calendar-month-mode")
    a.until(lambda d: a.js("return location.hash") == "#/calendar/2027-03", message=a.js("return location.hash"))
    assert not a.console_errors()

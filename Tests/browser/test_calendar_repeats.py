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

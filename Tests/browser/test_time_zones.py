"""Time zones in the web: browsers in New York and Tokyo (Chromium's own zone, set through
DevTools) against a server in UTC. The browser's zone becomes a new account's; a device in
another zone asks before changing it; the user menu and a checklist's details set zones; and
the calendar places a weekly 10:00 New York item where the server's agenda does, across the
March 2027 daylight-saving change, read in New York and in Tokyo."""

from datetime import datetime, timedelta, timezone
from zoneinfo import ZoneInfo

import pytest
from selenium.webdriver.support.ui import Select

from conftest import unique

NY, TOKYO = "America/New_York", "Asia/Tokyo"
SETTINGS_TZ = "return window.checkwire.sync.settings?.tz ?? null"
LIST_TZ = "return window.checkwire.store.lists.get(arguments[0])?.tz ?? null"


def inbox_tz(page):
    return page.js("return [...window.checkwire.store.lists.values()].find(l => l.inbox)?.tz ?? null")


def test_a_new_account_takes_the_browsers_zone_and_its_checklists_follow(browsers):
    a = browsers("A", zone=NY)
    a.signup(unique("ana"))
    a.until(lambda d: a.js(SETTINGS_TZ) == NY, message=f"settings: {a.js(SETTINGS_TZ)}")
    a.until(lambda d: inbox_tz(a) == NY, message=f"the Inbox stayed in {inbox_tz(a)}")
    list_id = a.create_list("Chores")
    a.until(lambda d: a.js(LIST_TZ, list_id) == NY, message=f"the new checklist is in {a.js(LIST_TZ, list_id)}")
    assert not a.driver.find_elements("css selector", "#zone-prompt"), "asked although the zones agree"
    a.click("#user-menu-button")
    assert a.find("#zone-button").text == "Time zone: New York (Eastern Time)"
    assert not a.console_errors()


def test_a_device_in_another_zone_asks_and_a_keep_is_remembered(browsers):
    a, b = browsers("A", zone=NY), browsers("B", zone=TOKYO)
    ana = unique("ana")
    a.signup(ana)
    list_id = a.create_list("Chores")
    a.until(lambda d: a.js(LIST_TZ, list_id) == NY and a.pending_count() == 0, message="the checklist is not in New York time")

    # Signing in on a Tokyo laptop: asked, not changed silently.
    b.open()
    b.login(ana)
    b.wait_live()
    prompt = b.visible("#zone-prompt")
    assert "Tokyo" in prompt.text and "New York" in prompt.text, prompt.text
    assert b.js(SETTINGS_TZ) == NY
    assert b.find("#zone-prompt-move").is_selected(), "moving the checklist she owns is offered"
    b.click("#zone-prompt-use")
    b.until(lambda d: b.js(SETTINGS_TZ) == TOKYO, message="the zone did not change")
    b.until(lambda d: b.js(LIST_TZ, list_id) == TOKYO, message=f"her checklist stayed in {b.js(LIST_TZ, list_id)}")
    b.gone("#zone-prompt")

    # Back on the New York laptop (a reload, as on its next visit): asked the other way;
    # "Keep" is remembered on this device.
    a.open()
    a.driver.refresh()
    a.wait_live()
    a.until(lambda d: a.js(SETTINGS_TZ) == TOKYO, message="A did not read the new zone")
    a.visible("#zone-prompt")
    a.click("#zone-prompt-keep")
    a.gone("#zone-prompt")
    a.driver.refresh()
    a.wait_live()
    a.find("#new-list-button")
    assert not a.driver.find_elements("css selector", "#zone-prompt"), "asked again after Keep"
    assert a.js(SETTINGS_TZ) == TOKYO

    # The user menu's Time zone dialog sets it back to this device's.
    a.click("#user-menu-button")
    a.click("#zone-button")
    assert Select(a.find("#user-zone-select")).first_selected_option.get_attribute("value") == TOKYO
    a.click("#zone-use-device")
    a.click("#zone-dialog-submit")
    a.until(lambda d: a.js(SETTINGS_TZ) == NY, message="the dialog did not set the zone")
    a.click("#user-menu-button")
    a.until(lambda d: a.find("#zone-button").text == "Time zone: New York (Eastern Time)", message=a.find("#zone-button").text)
    assert not a.console_errors() and not b.console_errors()


def test_a_checklists_zone_is_shown_and_changed_in_its_details(browsers):
    a = browsers("A", zone=TOKYO)
    a.signup(unique("ana"))
    list_id = a.create_list("Trip")
    a.until(lambda d: a.js(LIST_TZ, list_id) == TOKYO, message="not in Tokyo time")
    a.find("#list-zone")
    assert a.js("return getComputedStyle(document.getElementById('list-zone')).display") == "none", "the zone is the reader's: no chip"
    a.click("#edit-list-button")
    zone = Select(a.find("#edit-list-tz"))
    assert zone.first_selected_option.get_attribute("value") == TOKYO
    zone.select_by_value(NY)
    a.click("#edit-list-dialog-submit")
    a.until(lambda d: a.js(LIST_TZ, list_id) == NY and a.pending_count() == 0, message="the zone was not saved")
    a.until(lambda d: a.find("#list-zone").text == "New York (Eastern Time) time", message=a.find("#list-zone").text)
    assert not a.console_errors()


def clock(moment, zone):
    """The day and the en-US time ("10:00 AM") of a UTC moment in a zone, as Python reads it."""
    local = moment.astimezone(ZoneInfo(zone))
    return local.strftime("%Y-%m-%d"), f"{local.hour % 12 or 12}:{local.minute:02d} {'AM' if local.hour < 12 else 'PM'}"


def chips(page, item_id, scope):
    """(day, text, due) of every chip of the item in the month cells or the week's columns."""
    return page.js(
        """return [...document.querySelectorAll(arguments[1])].flatMap(day =>
             [...day.querySelectorAll(`.cal-chip[data-item-id='${arguments[0]}']`)].map(chip =>
               [day.dataset.day, chip.querySelector('.cal-chip-text').textContent.replace(/[\\u202f\\u00a0]/g, ' '), chip.dataset.due]))""",
        item_id, scope)


@pytest.mark.parametrize("reader", [NY, TOKYO])
def test_the_calendar_places_a_weekly_new_york_item_where_the_agenda_does_across_dst(browsers, reader):
    a = browsers("A", zone=reader)
    a.signup(unique("ana"))
    a.until(lambda d: a.js(SETTINGS_TZ) == reader, message="the account did not take the browser's zone")
    list_id = a.create_list("Gym")
    # Mondays at 10:00 in New York, from 8 March 2027 (EST); clocks go forward on the 14th.
    a.js("window.checkwire.op({op: 'updateList', list: arguments[0], tz: arguments[1]})", list_id, NY)
    a.js("window.checkwire.op({op: 'addItem', list: arguments[0], id: 'run', title: 'Run', due: '2027-03-08T15:00:00Z', repeat: 'FREQ=WEEKLY;BYDAY=MO'})", list_id)
    a.until(lambda d: a.pending_count() == 0, message="edits not acknowledged")

    agenda = a.driver.execute_async_script(
        "const done = arguments[arguments.length - 1];"
        "window.checkwire.sync.connection.request({type: 'agenda', from: '2027-03-01', to: '2027-03-31'}).then(r => done(r), e => done(String(e)))")
    dues = [entry["item"]["due"] for entry in agenda["items"] if entry["item"]["id"] == "run"]
    assert dues[:3] == ["2027-03-08T15:00:00Z", "2027-03-15T14:00:00Z", "2027-03-22T14:00:00Z"], dues
    moments = [datetime.fromisoformat(due.replace("Z", "+00:00")) for due in dues]
    expected = sorted((*clock(moment, reader), moment.strftime("%Y-%m-%dT%H:%M:%SZ")) for moment in moments
                      if clock(moment, reader)[0] <= "2027-04-04")

    a.open("#/calendar/2027-03")
    shown = lambda: sorted((day, text.split(" Run")[0], due) for day, text, due in chips(a, "run", ".cal-cell"))
    a.until(lambda d: shown() == expected, message=f"calendar {shown()} != agenda {expected}")
    if reader == NY:
        assert {time for _, time, _ in expected} == {"10:00 AM"}
    else:
        assert expected[0][:2] == ("2027-03-09", "12:00 AM") and expected[1][:2] == ("2027-03-15", "11:00 PM"), expected

    # The week of the change, and the agenda under it, say the same.
    a.open("#/calendar/week/2027-03-15")
    week = lambda: sorted((day, text.split(" Run")[0], due) for day, text, due in chips(a, "run", ".week-day"))
    a.until(lambda d: week() == [e for e in expected if "2027-03-15" <= e[0] <= "2027-03-21"], message=f"week: {week()}")
    agenda_times = lambda: a.js(
        "return [...document.querySelectorAll(\".agenda-entry[data-item-id='run']\")].map(e => [e.closest('.agenda-day').dataset.day, e.querySelector('.agenda-time').textContent.replace(/[\\u202f\\u00a0]/g, ' ')])")
    a.until(lambda d: [tuple(x) for x in agenda_times()] == [e[:2] for e in expected if "2027-03-15" <= e[0] <= "2027-03-21"],
            message=f"agenda: {agenda_times()}")
    assert not a.console_errors()


def zone_on_another_day():
    """A zone whose date differs from UTC's right now (with a half hour to spare): Kiritimati
    (UTC+14) from 10:30 UTC on, Pago Pago (UTC−11) before."""
    now = datetime.now(timezone.utc)
    return "Pacific/Kiritimati" if now.hour * 60 + now.minute >= 10 * 60 + 30 else "Pacific/Pago_Pago"


def test_the_habit_view_counts_days_in_the_checklists_zone(browsers):
    zone = zone_on_another_day()
    today = datetime.now(ZoneInfo(zone)).date()
    assert today != datetime.now(timezone.utc).date()
    code = ["MO", "TU", "WE", "TH", "FR", "SA", "SU"][today.weekday()]
    a = browsers("A", zone=zone)
    a.signup(unique("ana"))
    a.until(lambda d: a.js(SETTINGS_TZ) == zone, message="the account did not take the browser's zone")
    list_id = a.js(
        "const id = crypto.randomUUID(); window.checkwire.op({op: 'createList', id, title: 'Running', kind: 'habits'}); return id;")
    a.js("window.checkwire.op({op: 'addItem', list: arguments[0], id: 'long', title: 'Long run', due: arguments[1], repeat: arguments[2]})",
         list_id, today.isoformat(), f"FREQ=WEEKLY;BYDAY={code}")
    a.until(lambda d: a.pending_count() == 0, message="edits not acknowledged")
    assert a.js(LIST_TZ, list_id) == zone
    a.open(f"#/list/{list_id}")
    # Due today where the checklist is, although it is another day in UTC.
    a.find("#habit-today [data-item-id='long'] .habit-done")
    assert today.strftime("%B") in a.find(".habit-page .header-meta").text
    a.click("[data-item-id='long'] .habit-done")
    a.until(lambda d: "done" in a.find("[data-item-id='long']").get_attribute("class") and a.pending_count() == 0,
            message="the check-in for today was not taken")
    a.until(lambda d: a.js("return window.checkwire.store.lists.get(arguments[0]).habits?.[window.checkwire.user.username]?.today", list_id) == "done",
            message="the server does not count it as today's")
    assert not a.console_errors()

"""The web client on a phone (390 × 844, touch): no view scrolls sideways (the page is never
wider than the screen), the habit chart's labels stay readable, desktop-only hints ("press
/", "drop files here") are not shown, several reminders fold under one banner with "Dismiss
all", and on a desktop the item panel's time field shows its whole time."""

from conftest import unique

PHONE = {"width": 390, "height": 844, "deviceScaleFactor": 1, "mobile": True}
OVERFLOW = """
  const width = window.innerWidth;
  const page = document.scrollingElement.scrollWidth;
  // The elements reaching past the screen's edge, outside anything that scrolls on its own.
  const scrolls = (el) => { for (let p = el.parentElement; p; p = p.parentElement) {
    const s = getComputedStyle(p); if (['auto', 'scroll', 'hidden'].includes(s.overflowX) && p !== document.body && p !== document.documentElement) return true; } return false; };
  const wide = [...document.querySelectorAll('body *')].filter((el) => {
    const r = el.getBoundingClientRect(); return r.width > 0 && r.right > width + 1 && !scrolls(el); })
    .slice(0, 5).map((el) => `${el.tagName.toLowerCase()}${el.id ? '#' + el.id : ''}.${[...el.classList].join('.')} (${Math.round(el.getBoundingClientRect().right)} px)`);
  return { width, page, wide };
"""


def phone(browsers, name="A"):
    page = browsers(name)
    page.driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", PHONE)
    page.driver.execute_cdp_cmd("Emulation.setTouchEmulationEnabled", {"enabled": True, "maxTouchPoints": 5})
    return page


def fits(page, view):
    """Waits for the view to settle into the screen's width (a reply may still be drawing it)."""
    page.until(lambda d: page.js(OVERFLOW)["page"] <= page.js(OVERFLOW)["width"], timeout=10,
               message=f"{view} scrolls sideways: {page.js(OVERFLOW)}")


def test_no_view_is_wider_than_a_phone(browsers):
    a = phone(browsers)
    a.open()
    a.find("#auth-form")
    fits(a, "the sign-up screen")
    a.signup(unique("ana"))
    fits(a, "the lists view")
    list_id = a.js("const id = crypto.randomUUID(); window.checkwire.op({op: 'createList', id, title: 'Spring semester: CS 298 — software engineering project course', tz: 'UTC'}); return id;")
    a.js("""const list = arguments[0];
        window.checkwire.op({op: 'addItem', list, id: 'long', title: 'Read the whole of chapter four, take notes, and write a one page summary for the study group', due: '2027-03-12T17:00:00Z', location: 'The library on the second floor, room 204', remindEvery: 3600, notes: 'n'});
        window.checkwire.op({op: 'addItem', list, id: 'rep', title: 'Weekly quiz', due: '2027-03-01', repeat: 'FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR'});
        window.checkwire.op({op: 'addItem', list, id: 'sub', parent: 'long', title: 'Sub-item with a long enough title to wrap on a phone screen'});""", list_id)
    a.until(lambda d: a.pending_count() == 0, message="edits not acknowledged")
    for path, ready, view in (
        ("#/", ".list-card", "the lists view"),
        (f"#/list/{list_id}", "#item-tree .row[data-item-id='long']", "a checklist"),
        (f"#/list/{list_id}/item/long", "#item-panel #item-due-time", "the item panel"),
        (f"#/list/{list_id}/people", "#participants-panel", "the people panel"),
        ("#/today", "#today-body", "the Today view"),
        ("#/calendar/2027-03", ".cal-cell[data-day='2027-03-12']", "the calendar's month"),
        ("#/calendar/week/2027-03-08", ".week-day[data-day='2027-03-12']", "the calendar's week"),
    ):
        a.open(path)
        a.find(ready)
        fits(a, view)
    # Hints for a keyboard and a mouse are not shown on a touch screen.
    a.open("#/today")
    assert "press /" not in a.find("#search-input").get_attribute("placeholder")
    a.open(f"#/list/{list_id}/item/long")
    a.find(".drop-hint")
    assert a.js("return getComputedStyle(document.querySelector('.drop-hint')).display") == "none", "“or drop files here” on a phone"
    assert not a.console_errors()


def test_the_habit_view_fits_a_phone_and_its_chart_is_readable(browsers):
    a = phone(browsers)
    owner = unique("ana")
    a.signup(owner)
    list_id = a.js("const id = crypto.randomUUID(); window.checkwire.op({op: 'createList', id, title: 'Morning routine', kind: 'habits', goal: 66}); return id;")
    for item, title in (("m", "Meditate for ten minutes before breakfast"), ("r", "Read twenty pages"), ("s", "Stretch")):
        a.js("window.checkwire.op({op: 'addItem', list: arguments[0], id: arguments[1], title: arguments[2]})", list_id, item, title)
    a.until(lambda d: a.pending_count() == 0, message="edits not acknowledged")
    a.open(f"#/list/{list_id}")
    a.find("#habit-coach:not([hidden])")
    a.find("#habit-past .past-cell")
    fits(a, "the habit view")
    heights = a.js("return [...document.querySelectorAll('#habit-chart .chart-label')].map(t => t.getBoundingClientRect().height)")
    assert heights and min(heights) >= 10, f"chart labels {heights} px tall"
    assert not a.console_errors()


def test_reminders_fold_under_one_banner_with_dismiss_all(browsers):
    a = phone(browsers)
    a.signup(unique("ana"))
    list_id = a.create_list("Chores")
    for item in ("plants", "trash", "dishes"):
        a.js("window.checkwire.op({op: 'addItem', list: arguments[0], id: arguments[1], title: arguments[1], remindEvery: 2})", list_id, item)
    a.until(lambda d: a.js("return document.querySelector('#reminders-more')?.textContent || ''").startswith("2 more"), timeout=20,
            message="the reminders did not fold under one banner")
    assert len(a.driver.find_elements("css selector", ".reminder-banner")) == 1, "only the newest unfolds"
    stack = a.js("return document.getElementById('reminders').getBoundingClientRect().height")
    assert stack <= 844 * 0.35, f"the reminders take {stack} px of an 844 px screen"
    fits(a, "the page with reminders")
    a.click("#reminders-toggle")
    a.until(lambda d: len(a.driver.find_elements("css selector", ".reminder-banner")) == 3, message="Show all did not unfold them")
    a.click("#reminders-dismiss-all")
    a.until(lambda d: not a.driver.find_elements("css selector", ".reminder-banner"), message="Dismiss all left banners")
    assert not a.console_errors()


def test_the_item_panels_time_field_shows_the_whole_time_on_a_desktop(browsers):
    a = browsers("A", width=1280, height=900)
    a.signup(unique("ana"))
    list_id = a.create_list("Trip")
    a.js("window.checkwire.op({op: 'addItem', list: arguments[0], id: 'x', title: 'Check in', due: '2027-03-12T15:23:00Z'})", list_id)
    a.until(lambda d: a.pending_count() == 0, message="edit not acknowledged")
    a.open(f"#/list/{list_id}/item/x")
    a.until(lambda d: a.find("#item-due-time").get_attribute("value") != "", message="no time shown")
    room = a.js("""const input = document.getElementById('item-due-time');
        const style = getComputedStyle(input);
        const ctx = document.createElement('canvas').getContext('2d');
        ctx.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
        // The widest a time may read (hours, minutes, a day half) and the picker's icon.
        const needed = ctx.measureText('12:59 PM').width + parseFloat(style.paddingLeft) + parseFloat(style.paddingRight) + 28;
        return [input.clientWidth, Math.ceil(needed)];""")
    assert room[0] >= room[1], f"the time field is {room[0]} px wide; its time needs {room[1]} px"
    assert not a.console_errors()

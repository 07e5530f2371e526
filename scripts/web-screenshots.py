#!/usr/bin/env python3
"""Takes the README's screenshots of the web client: the habit view and the calendar.

Starts a real server on a temporary database, signs up two people in headless Chromium (in
New York time), fills in a month of demo data through the web client itself (a habit
checklist with a goal and past check-ins, a class checklist with due dates and repeats), and
saves PNGs under docs/images/. Run it again after a change to the web client:

    scripts/install-browser-test-deps.sh          # once: chromium, chromedriver, selenium
    swift build --product checkwire
    scripts/web-screenshots.py --bin .build/debug/checkwire [--out docs/images]

(scripts/screenshot.py takes the README's checklist picture the same way.) Environment as
for Tests/browser (CHECKWIRE_PUBLIC, CHROMIUM, CHROMEDRIVER).
"""

import argparse
import os
import sys
import tempfile
from datetime import datetime, timedelta
from pathlib import Path
from zoneinfo import ZoneInfo

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO / "Tests" / "browser"))

ZONE = "America/New_York"
HABITS = [  # id, title, rule, how often kept (of 10 days)
    ("meditate", "Meditate 10 minutes", "FREQ=DAILY", 9),
    ("stretch", "Stretch", "FREQ=DAILY", 7),
    ("read", "Read 20 pages", "FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR", 8),
    ("run", "Long run", "FREQ=WEEKLY;BYDAY=SA", 10),
]


def browser(server, name, width=1280, height=900):
    driver = make_driver(width, height)
    driver.execute_cdp_cmd("Emulation.setTimezoneOverride", {"timezoneId": ZONE})
    return Page(driver, server.url, name)


def op(page, fields):
    page.js("window.checkwire.op(arguments[0])", fields)


def settle(page):
    page.until(lambda d: page.pending_count() == 0 and page.status() == "live", timeout=30, message="edits not sent")


def seed_habits(maya, leo, today):
    start = today - timedelta(days=40)
    list_id = maya.js("const id = crypto.randomUUID(); window.checkwire.op({op: 'createList', id, title: 'Morning routine', "
                      "description: 'Small things, every day.', kind: 'habits', goal: 66}); return id;")
    settle(maya)
    for item, title, rule, _ in HABITS:
        op(maya, {"op": "addItem", "list": list_id, "id": item, "title": title, "repeat": rule, "due": start.isoformat()})
    op(maya, {"op": "share", "list": list_id, "username": leo.name, "role": "editor"})
    settle(maya)
    for person, offset in ((maya, 0), (leo, 3)):
        person.until(lambda d: person.js("return !!window.checkwire.store.lists.get(arguments[0])", list_id), timeout=30)
        for back in range(1, 38):
            day = today - timedelta(days=back)
            for n, (item, _, rule, kept) in enumerate(HABITS):
                if not due_on(rule, day):
                    continue
                value = "done" if (back * 7 + n * 3 + offset) % 10 < kept else ("skipped" if (back + n) % 4 == 0 else None)
                if value:
                    op(person, {"op": "checkIn", "list": list_id, "item": item, "date": day.isoformat(), "value": value})
        settle(person)
    op(maya, {"op": "checkIn", "list": list_id, "item": "meditate", "date": today.isoformat(), "value": "done"})
    op(leo, {"op": "checkIn", "list": list_id, "item": "stretch", "date": today.isoformat(), "value": "done"})
    settle(maya)
    settle(leo)
    return list_id


def due_on(rule, day):
    if rule == "FREQ=DAILY":
        return True
    codes = rule.split("BYDAY=")[1].split(",")
    return ["MO", "TU", "WE", "TH", "FR", "SA", "SU"][day.weekday()] in codes


def seed_tasks(maya, today):
    """A class and a household, dated around today: some done, one overdue, some coming."""
    day = lambda n: (today + timedelta(days=n)).isoformat()
    weekday = lambda code, after=0: next(today + timedelta(days=n) for n in range(after, after + 7)
                                         if ["MO", "TU", "WE", "TH", "FR", "SA", "SU"][(today + timedelta(days=n)).weekday()] == code)
    list_id = maya.create_list("CS 298", "Spring project course")
    items = [
        ("ps1", "Problem set 1", day(-16), True), ("ps2", "Problem set 2", day(-9), True),
        ("proposal", "Project proposal", day(-5), True), ("essay", "Reflection essay", day(-2), False),
        ("reading", "Read chapter 4", day(1), False), ("lab", "Lab report 2", day(4), False),
        ("demo", "Demo day", f"{day(9)}T23:00:00Z", False),
    ]
    for item, title, due, done in items:
        op(maya, {"op": "addItem", "list": list_id, "id": item, "title": title, "due": due})
        if done:
            op(maya, {"op": "completeItem", "list": list_id, "item": item})
    op(maya, {"op": "addItem", "list": list_id, "id": "sync", "title": "Team sync",
              "due": f"{weekday('TU').isoformat()}T15:00:00Z", "repeat": "FREQ=WEEKLY;BYDAY=TU"})
    home = maya.create_list("Home")
    op(maya, {"op": "addItem", "list": home, "id": "trash", "title": "Take out the trash", "due": weekday("MO").isoformat(),
              "repeat": "FREQ=WEEKLY;BYDAY=MO,TH"})
    op(maya, {"op": "addItem", "list": home, "id": "plants", "title": "Water the plants", "due": day(-6)})
    op(maya, {"op": "completeItem", "list": home, "item": "plants"})
    settle(maya)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--bin", default=str(REPO / ".build" / "debug" / "checkwire"), help="the checkwire binary")
    parser.add_argument("--out", default=str(REPO / "docs" / "images"), help="where the PNGs go")
    args = parser.parse_args()
    # The browser tests' fixtures read these when they are imported.
    os.environ["CHECKWIRE_BIN"] = str(Path(args.bin).resolve())
    os.environ.setdefault("CHECKWIRE_PUBLIC", str(REPO / "Public"))
    global Page, Server, make_driver
    from conftest import Page, Server, make_driver
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    today = datetime.now(ZoneInfo(ZONE)).date()
    with tempfile.TemporaryDirectory() as folder:
        server = Server(Path(folder) / "demo.sqlite").start()
        pages = []
        try:
            maya, leo = browser(server, "maya"), browser(server, "leo")
            pages += [maya, leo]
            for page in (maya, leo):
                page.signup(page.name)
            list_id = seed_habits(maya, leo, today)
            seed_tasks(maya, today)
            maya.open(f"#/list/{list_id}")
            maya.until(lambda d: maya.js("return document.querySelectorAll('.habit-coach-table tbody tr').length") == 2, timeout=30)
            maya.until(lambda d: maya.js("return document.querySelectorAll('.strip-day.done').length") > 5, timeout=30)
            maya.js("window.scrollTo(0, 0)")
            save(maya, out / "habits.png", full=True)
            maya.open(f"#/calendar/{today.strftime('%Y-%m')}")
            maya.until(lambda d: maya.js("return document.querySelectorAll('.cal-chip').length") > 10, timeout=30)
            maya.until(lambda d: maya.js("return document.querySelectorAll('.habit-chip.habit-done').length") > 3, timeout=30)
            save(maya, out / "calendar.png", full=True)
        finally:
            for page in pages:
                page.driver.quit()
            server.close()
    print(f"saved {out / 'habits.png'} and {out / 'calendar.png'}")


def save(page, path, full=False):
    """A PNG of the page at 1280 px wide; `full`: as tall as the page (up to 2400 px), not just the window."""
    height = page.js("return Math.min(2400, document.documentElement.scrollHeight)") if full else 900
    page.driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {"width": 1280, "height": height, "deviceScaleFactor": 1, "mobile": False})
    page.until(lambda d: page.js("return window.innerHeight") == height, timeout=10, message="the viewport did not resize")
    page.driver.save_screenshot(str(path))
    page.driver.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})


if __name__ == "__main__":
    main()

#!/usr/bin/env python3
"""The README's screenshot: the checklist view of a real server, taken with headless Chromium.

Starts the given `checkwire` binary on 127.0.0.1 with a fresh database in a temporary folder,
signs two people up in two browsers, seeds the same realistic checklists as the browser
tests' screenshot test (Tests/browser/test_screenshots.py), lets the second person tick an
item and edit another, and saves the first person's view of the shared checklist, with the
second person's edits in its activity feed.

    scripts/screenshot.py --bin .build/debug/checkwire                # → docs/images/checklist.png
    scripts/screenshot.py --bin BIN --out /tmp/shot.png --scheme dark

Needs what the browser tests need (scripts/install-browser-test-deps.sh).
"""

import argparse
import os
import shutil
import sys
import tempfile
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--bin", default=str(REPO / ".build" / "debug" / "checkwire"), help="the checkwire binary")
    parser.add_argument("--out", default=str(REPO / "docs" / "images" / "checklist.png"), help="the PNG to write")
    parser.add_argument("--scheme", choices=("light", "dark"), default="light")
    args = parser.parse_args()

    # The browser tests' fixtures read these when they are imported.
    os.environ["CHECKWIRE_BIN"] = str(Path(args.bin).resolve())
    os.environ.setdefault("CHECKWIRE_PUBLIC", str(REPO / "Public"))
    sys.path.insert(0, str(REPO / "Tests" / "browser"))
    from conftest import Page, Server, WAIT, make_driver
    from test_screenshots import B_EDITS, SEED, emulate, settle
    from selenium.webdriver.common.action_chains import ActionChains

    folder = Path(tempfile.mkdtemp(prefix="checkwire-screenshot-"))
    server = Server(folder / "checkwire.sqlite").start()
    pages = []
    try:
        ana = Page(make_driver(), server.url, "ana")
        bo = Page(make_driver(), server.url, "bo")
        pages += [ana, bo]
        ana.signup("ana")
        bo.signup("bo")
        seeded = ana.driver.execute_async_script(SEED, "bo")
        if not seeded.get("ok"):
            sys.exit(f"seeding the checklists failed: {seeded}")
        ids = seeded["ids"]

        bo.open(f"#/list/{ids['cs']}")
        bo.wait_live()
        bo.until(lambda d: bo.row("Homework 2") is not None, timeout=WAIT * 2)
        bo.driver.execute_async_script(B_EDITS, ids["cs"], ids)

        emulate(ana, args.scheme, "desktop")
        ana.open(f"#/list/{ids['cs']}")
        ana.until(lambda d: ana.row("Problem 2 — Lamport timestamps") is not None)
        ana.until(lambda d: "bo completed" in ana.find("#activity").text)
        ana.js("window.scrollTo(0, 0)")
        # The pointer rests on the title, not on a row (a hovered row shows its buttons).
        ActionChains(ana.driver).move_to_element(ana.find("h1")).perform()
        settle(ana)

        out = Path(args.out)
        out.parent.mkdir(parents=True, exist_ok=True)
        ana.driver.save_screenshot(str(out))
        if out.stat().st_size < 10_000:
            sys.exit(f"{out} is only {out.stat().st_size} bytes: the page did not render")
        errors = ana.console_errors()
        if errors:
            sys.exit(f"the page logged errors: {errors}")
        print(f"wrote {out} ({out.stat().st_size} bytes)")
    finally:
        for page in pages:
            try:
                page.driver.quit()
            except Exception:
                pass
        server.close()
        shutil.rmtree(folder, ignore_errors=True)


if __name__ == "__main__":
    main()

"""Fixtures for the browser tests: the real server binary and headless Chromium sessions.

Environment:
  CHECKWIRE_BIN        server binary (default /work/main/.build/debug/checkwire)
  CHECKWIRE_PUBLIC     web client directory (default: Public/ of this repository)
  CHROMEDRIVER         chromedriver path (default /usr/bin/chromedriver)
  CHROMIUM             browser binary (default /usr/bin/chromium)
  SCREENSHOT_DIR       where screenshots go (default test-output/screenshots)
"""

import os
import re
import select
import signal
import subprocess
import time
import uuid
from pathlib import Path

import pytest
from selenium import webdriver
from selenium.common.exceptions import StaleElementReferenceException, WebDriverException
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.support import expected_conditions as EC
from selenium.webdriver.support.ui import WebDriverWait

REPO = Path(__file__).resolve().parents[2]
BIN = os.environ.get("CHECKWIRE_BIN", "/work/main/.build/debug/checkwire")
PUBLIC = os.environ.get("CHECKWIRE_PUBLIC", str(REPO / "Public"))
CHROMEDRIVER = os.environ.get("CHROMEDRIVER", "/usr/bin/chromedriver")
CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")
SCREENSHOT_DIR = Path(os.environ.get("SCREENSHOT_DIR", str(REPO / "test-output" / "screenshots")))

WAIT = 10  # seconds: the bound of every wait
BANNER = re.compile(r"Checkwire listening on (http://127\.0\.0\.1:(\d+)/)")


class Server:
    """The checkwire binary on 127.0.0.1; can be stopped and started again on the same port."""

    def __init__(self, database, env=None):
        self.database = database
        self.env = env or {}
        self.port = 0
        self.url = None
        self.process = None
        self.log = open(Path(database).with_suffix(".log"), "ab")

    def start(self):
        if not Path(BIN).exists():
            pytest.fail(f"server binary {BIN} not found; build it or set CHECKWIRE_BIN")
        self.process = subprocess.Popen(
            [BIN, "serve", "--port", str(self.port), "--database", str(self.database), "--public", PUBLIC,
             "--fast-password-hashing", "--log-level", "warning"],
            stdout=subprocess.PIPE, stderr=self.log, cwd=str(REPO),
            # The server's machine in UTC (browsers set their own zones); Web Push on, so the
            # notification settings and the service worker's actions can be tested.
            env={**os.environ, "TZ": "UTC", "CHECKWIRE_VAPID_SUBJECT": "mailto:ops@example.org", **self.env},
        )
        deadline = time.monotonic() + 20
        line = b""
        while time.monotonic() < deadline:
            ready, _, _ = select.select([self.process.stdout], [], [], 0.5)
            if ready:
                chunk = self.process.stdout.readline()
                if not chunk:
                    break
                line = chunk
                match = BANNER.search(chunk.decode("utf-8", "replace"))
                if match:
                    self.url = match.group(1)
                    self.port = int(match.group(2))
                    return self
            if self.process.poll() is not None:
                break
        self.stop()
        pytest.fail(f"the server did not start (last output: {line!r})")

    def stop(self):
        if self.process and self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
            try:
                self.process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait(timeout=5)
        self.process = None

    def close(self):
        self.stop()
        self.log.close()


@pytest.fixture
def server(tmp_path):
    srv = Server(tmp_path / "checkwire.sqlite").start()
    yield srv
    srv.close()


def make_driver(width=1280, height=900):
    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    for arg in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu",
                f"--window-size={width},{height}", "--lang=en-US", "--force-device-scale-factor=1",
                "--hide-scrollbars"):
        options.add_argument(arg)
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    driver = webdriver.Chrome(service=Service(CHROMEDRIVER), options=options)
    driver.set_page_load_timeout(WAIT * 2)
    driver.set_script_timeout(WAIT)
    return driver


class Page:
    """One person's browser, with the steps the tests take."""

    def __init__(self, driver, base_url, name):
        self.driver = driver
        self.base = base_url
        self.name = name

    # --- waiting ------------------------------------------------------------------------

    def wait(self, timeout=WAIT):
        # A condition may look at an element that has just left for good (a done item leaving
        # Today, an optimistic row taking its real id): that is "not yet", not an error.
        return WebDriverWait(self.driver, timeout, poll_frequency=0.1,
                             ignored_exceptions=(StaleElementReferenceException,))

    def until(self, condition, timeout=WAIT, message=""):
        return self.wait(timeout).until(condition, message)

    def find(self, css, timeout=WAIT):
        return self.until(EC.presence_of_element_located((By.CSS_SELECTOR, css)), timeout, f"{self.name}: no {css}")

    def visible(self, css, timeout=WAIT):
        return self.until(EC.visibility_of_element_located((By.CSS_SELECTOR, css)), timeout, f"{self.name}: {css} not visible")

    def click(self, css, timeout=WAIT):
        """Clicks `css` once it is clickable. The views keep their elements across live
        updates (keyed.js), so the element found is the one clicked: no retry."""
        element = self.until(EC.element_to_be_clickable((By.CSS_SELECTOR, css)), timeout, f"{self.name}: {css} not clickable")
        element.click()
        return element

    def gone(self, css, timeout=WAIT):
        self.until(lambda d: not d.find_elements(By.CSS_SELECTOR, css), timeout, f"{self.name}: {css} still present")

    def js(self, script, *args):
        return self.driver.execute_script(script, *args)

    def status(self):
        return self.find("#conn-indicator").get_attribute("data-status")

    def wait_live(self, timeout=WAIT):
        self.until(lambda d: self.status() == "live", timeout, f"{self.name}: not live (status {self.status()})")

    # --- accounts ------------------------------------------------------------------------

    def open(self, path="#/"):
        self.driver.get(self.base + path)

    def signup(self, username, password="correct horse"):
        self.open()
        self.find("#auth-form")
        # A browser that never signed in starts on sign-up; one that has, on log in.
        if self.find("#auth-submit").get_attribute("data-mode") != "signup":
            self.click("#auth-switch")
        self.fill("#auth-username", username)
        self.fill("#auth-password", password)
        self.click("#auth-submit")
        self.find("#new-list-button")
        self.wait_live()

    def login(self, username, password="correct horse"):
        self.find("#auth-form")
        if self.find("#auth-submit").get_attribute("data-mode") != "login":
            self.click("#auth-switch")
        self.fill("#auth-username", username)
        self.fill("#auth-password", password)
        self.click("#auth-submit")

    def logout(self):
        self.click("#user-menu-button")
        self.click("#logout-button")
        self.find("#auth-form")

    def fill(self, css, text):
        element = self.find(css)
        element.clear()
        element.send_keys(text)
        return element

    # --- lists ---------------------------------------------------------------------------------

    def create_list(self, title, description=None):
        self.open("#/")
        self.click("#new-list-button")
        self.fill("#new-list-title", title)
        if description:
            self.fill("#new-list-description", description)
        self.click("#new-list-dialog-submit")
        self.until(lambda d: title in self.find("#checklist-title").text, message=f"{self.name}: list {title} not opened")
        self.until(lambda d: not d.find_elements(By.CSS_SELECTOR, ".tree-loading"), message="tree never loaded")
        return self.driver.current_url.split("#/list/")[1].split("/")[0]

    def card(self, title):
        for card in self.driver.find_elements(By.CSS_SELECTOR, ".list-card"):
            if card.find_element(By.CSS_SELECTOR, ".card-title").text == title:
                return card
        return None

    def open_list(self, list_id):
        self.open(f"#/list/{list_id}")
        self.find("#checklist-title")
        self.until(lambda d: not d.find_elements(By.CSS_SELECTOR, ".tree-loading"), message="tree never loaded")

    def share(self, username, role="editor"):
        self.click("#participants-button")
        self.fill("#share-username", username)
        Select = __import__("selenium.webdriver.support.select", fromlist=["Select"]).Select
        Select(self.find("#share-role")).select_by_value(role)
        self.click("#share-submit")
        self.until(lambda d: d.find_elements(By.CSS_SELECTOR, f'.person[data-username="{username}"]'), message="share not shown")
        self.until(lambda d: not d.find_elements(By.CSS_SELECTOR, f'.person[data-username="{username}"] .pending-chip'), message="share not acknowledged")
        self.click("#participants-close")
        self.gone("#participants-panel")

    # --- items -------------------------------------------------------------------------------

    def quick_add(self, text):
        """Types `text` into the quick-add box; returns once a new row shows (the server
        parses the text, so the row's title may be shorter than what was typed)."""
        before = len(self.rows())
        box = self.find("#quick-add")
        box.send_keys(text)
        box.send_keys(Keys.ENTER)
        self.until(lambda d: len(self.rows()) > before, message=f"{self.name}: {text} not added")

    def rows(self):
        return self.driver.find_elements(By.CSS_SELECTOR, "#item-tree .row[data-item-id]")

    def titles(self):
        return self.js("return [...document.querySelectorAll('#item-tree .row[data-item-id] .row-title')].map(e => e.textContent)")

    def row(self, title):
        for row in self.rows():
            try:
                if row.find_element(By.CSS_SELECTOR, ".row-title").text == title:
                    return row
            except Exception:
                continue
        return None

    def row_state(self, title):
        """(status, pending) of the row with this title, or None."""
        return self.js(
            """const rows = [...document.querySelectorAll('#item-tree .row[data-item-id]')];
               const r = rows.find(r => r.querySelector('.row-title')?.textContent === arguments[0]);
               if (!r) return null;
               const status = [...r.classList].find(c => c.startsWith('status-')).slice(7);
               return [status, r.classList.contains('pending')];""", title)

    def wait_row_status(self, title, status, timeout=WAIT):
        self.until(lambda d: (self.row_state(title) or [None])[0] == status, timeout,
                   f"{self.name}: {title} is {self.row_state(title)}, expected {status}")

    def click_in_row(self, title, css):
        """Clicks `css` inside the row titled `title` once the row shows. Rows are patched in
        place, but an optimistic row is replaced by the server's under its real id when the
        quick add is acknowledged: a click that lands on the old one is tried again."""
        def attempt(_):
            row = self.row(title)
            if row is None:
                return False
            row.find_element(By.CSS_SELECTOR, css).click()
            return True
        self.until(attempt, message=f"{self.name}: could not click {css} in {title}")

    def press_on_row(self, title, *keys, alt=False):
        """Focuses the row titled `title` and types `keys` there (with Alt held if asked)."""
        self.until(lambda d: self.js(
            """const r = [...document.querySelectorAll('#item-tree .row[data-item-id]')]
                 .find(r => r.querySelector('.row-title')?.textContent === arguments[0]);
               if (!r) return false; r.focus(); return document.activeElement === r;""", title),
            message=f"{self.name}: could not focus {title}")
        chain = ActionChains(self.driver)
        if alt:
            chain.key_down(Keys.ALT)
        for key in keys:
            chain.send_keys(key)
        if alt:
            chain.key_up(Keys.ALT)
        chain.perform()

    def toggle(self, title):
        self.click_in_row(title, "button.check")

    def pending_count(self):
        return self.js("return window.checkwire.outbox.size")

    def op(self, **fields):
        """Makes an edit through the web client's own outbox (as a click would)."""
        self.js("window.checkwire.op(arguments[0])", fields)

    def settled(self, message="edits not acknowledged", timeout=WAIT):
        """Waits until every edit made here is acknowledged."""
        self.until(lambda d: self.pending_count() == 0, timeout, f"{self.name}: {message}")

    def console_errors(self):
        try:
            return [e for e in self.driver.get_log("browser") if e["level"] == "SEVERE" and "favicon" not in e["message"]]
        except WebDriverException:
            return []

    def wait_offline_ready(self, timeout=WAIT):
        """Waits until the service worker controls the page, so the app shell can load offline."""
        self.until(lambda d: self.js("return !!(navigator.serviceWorker && navigator.serviceWorker.controller)"),
                   timeout, f"{self.name}: the service worker never took control")

    def set_offline(self, offline):
        self.driver.execute_cdp_cmd("Network.enable", {})
        self.driver.execute_cdp_cmd("Network.emulateNetworkConditions", {
            "offline": offline, "latency": 0, "downloadThroughput": -1, "uploadThroughput": -1,
        })

    def screenshot(self, name):
        SCREENSHOT_DIR.mkdir(parents=True, exist_ok=True)
        path = SCREENSHOT_DIR / f"{name}.png"
        self.driver.save_screenshot(str(path))
        return path


@pytest.fixture
def browsers(server):
    """A factory of independent browser sessions (separate profiles, separate storage)."""
    created = []

    def make(name="A", width=1280, height=900, zone=None):
        driver = make_driver(width, height)
        if zone:
            # The browser's own zone (Intl, Date), as a person's laptop in that zone has it.
            driver.execute_cdp_cmd("Emulation.setTimezoneOverride", {"timezoneId": zone})
        page = Page(driver, server.url, name)
        created.append(page)
        return page

    yield make
    for page in created:
        try:
            page.driver.quit()
        except Exception:
            pass


def unique(prefix):
    return f"{prefix}_{uuid.uuid4().hex[:6]}"

"""Screenshots of the lists view, a checklist and the calendar, light and dark, desktop and
phone width, with realistic data. Saved under test-output/screenshots/ for review."""

from selenium.webdriver.common.by import By

from conftest import unique, WAIT

SEED = r"""
const done = arguments[arguments.length - 1];
const [other] = arguments;
const sync = window.checkwire.sync;
const send = (fields) => new Promise((resolve, reject) => {
  const entry = sync.op(fields);
  const onAck = (e) => { if (e.detail.entry.opId === entry.opId) { cleanup(); resolve(e.detail.ack); } };
  const onErr = (e) => { if (e.detail.entry.opId === entry.opId) { cleanup(); reject(new Error(e.detail.error.message)); } };
  const cleanup = () => { sync.removeEventListener('acked', onAck); sync.removeEventListener('rejected', onErr); };
  sync.addEventListener('acked', onAck);
  sync.addEventListener('rejected', onErr);
});
const day = (offset) => { const d = new Date(); d.setDate(d.getDate() + offset); return d.toISOString().slice(0, 10); };
const at = (offset, h, m = 0) => { const d = new Date(); d.setDate(d.getDate() + offset); d.setHours(h, m, 0, 0); return d.toISOString().replace(/\.\d{3}Z$/, 'Z'); };
(async () => {
  const ids = {};
  const list = async (key, title, description, due) => { ids[key] = (await send({ op: 'createList', title, description, due })).list; };
  const item = async (key, listKey, title, extra = {}) => {
    const id = crypto.randomUUID();
    await send({ op: 'addItem', list: ids[listKey], id, title, ...extra });
    ids[key] = id;
    return id;
  };
  await list('cs', 'CS 298 — Distributed Systems', 'Spring semester coursework, labs and the final project.', day(9));
  await list('launch', 'Q4 launch', 'Everything that has to happen before we ship 2.0.', at(3, 17));
  await list('clean', 'Spring cleaning', 'The whole flat, room by room.', null);
  await list('trip', 'Camping trip', 'Long weekend at the lake.', day(-6));
  await list('party', 'Office party', null, day(-20));

  await item('hw2', 'cs', 'Homework 2', { due: day(2), notes: 'Problems 1–4 from chapter 3.' });
  await item('p1', 'cs', 'Problem 1 — vector clocks', { parent: ids.hw2 });
  await item('p2', 'cs', 'Problem 2 — Lamport timestamps', { parent: ids.hw2 });
  await item('p3', 'cs', 'Problem 3 — two-phase commit', { parent: ids.hw2, due: at(1, 23, 59) });
  await item('read', 'cs', 'Read chapter 4: Replication', { due: day(-1) });
  await item('lab', 'cs', 'Lab 3: Raft leader election', { due: day(5), location: 'Gates B21' });
  await item('proj', 'cs', 'Final project proposal', { due: day(12), remindEvery: 86400 });
  await item('quiz', 'cs', 'Quiz 1', { due: day(-4) });
  await item('slides', 'cs', 'Review lecture slides');
  await send({ op: 'completeItem', list: ids.cs, item: ids.p1 });
  await send({ op: 'completeItem', list: ids.cs, item: ids.quiz });
  await item('old', 'cs', 'Office hours sign-up');
  await send({ op: 'cancelItem', list: ids.cs, item: ids.old });

  for (const [t, extra] of [['Write release notes', { due: day(1) }], ['Update pricing page', {}], ['Final QA pass', { due: at(2, 10) }], ['Press kit', {}], ['Ship it', { due: at(3, 17) }]]) {
    await item(t, 'launch', t, extra);
  }
  await send({ op: 'completeItem', list: ids.launch, item: ids['Update pricing page'] });
  await send({ op: 'completeItem', list: ids.launch, item: ids['Press kit'] });
  for (const t of ['Kitchen', 'Bathroom', 'Windows', 'Balcony']) await item(t, 'clean', t);
  await send({ op: 'completeItem', list: ids.clean, item: ids.Kitchen });
  for (const t of ['Tent', 'Sleeping bags', 'Stove']) await item(t, 'trip', t);
  for (const t of ['Tent', 'Sleeping bags', 'Stove']) await send({ op: 'completeItem', list: ids.trip, item: ids[t] });
  await send({ op: 'completeList', list: ids.trip });
  await item('cake', 'party', 'Order the cake');
  await send({ op: 'cancelList', list: ids.party });

  for (const key of ['cs', 'launch', 'clean']) await send({ op: 'share', list: ids[key], username: other, role: key === 'clean' ? 'viewer' : 'editor' });
  done({ ok: true, ids });
})().catch((e) => done({ ok: false, error: String(e) }));
"""

B_EDITS = r"""
const done = arguments[arguments.length - 1];
const [listId, itemIds] = arguments;
const sync = window.checkwire.sync;
const send = (fields) => new Promise((resolve) => {
  const entry = sync.op(fields);
  const onAck = (e) => { if (e.detail.entry.opId === entry.opId) { sync.removeEventListener('acked', onAck); resolve(); } };
  sync.addEventListener('acked', onAck);
});
(async () => {
  await send({ op: 'completeItem', list: listId, item: itemIds.p2 });
  await send({ op: 'updateItem', list: listId, item: itemIds.lab, notes: 'Bring the laptop with the cluster keys.' });
  done(true);
})();
"""

VARIANTS = [
    ("light", "desktop"), ("dark", "desktop"), ("light", "phone"), ("dark", "phone"),
]


def emulate(page, scheme, device):
    page.driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": [{"name": "prefers-color-scheme", "value": scheme}]})
    if device == "phone":
        page.driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {"width": 390, "height": 844, "deviceScaleFactor": 2, "mobile": True})
    else:
        page.driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {"width": 1280, "height": 860, "deviceScaleFactor": 1, "mobile": False})


def settle(page):
    page.until(lambda d: page.js("return document.getAnimations().every(a => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity)"), timeout=WAIT)
    page.js("return new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)))")


def test_screenshots(browsers):
    a, b = browsers("A"), browsers("B")
    ana, bo = "ana", "bo"
    a.signup(ana)
    b.signup(bo)
    seeded = a.driver.execute_async_script(SEED, bo)
    assert seeded["ok"], seeded
    ids = seeded["ids"]
    b.open(f"#/list/{ids['cs']}")
    b.wait_live()
    b.until(lambda d: b.row("Homework 2") is not None, timeout=WAIT * 2)
    b.driver.execute_async_script(B_EDITS, ids["cs"], ids)

    # The auth screen, for completeness.
    c = browsers("C")
    c.open()
    c.find("#auth-form")
    for scheme in ("light", "dark"):
        emulate(c, scheme, "desktop")
        settle(c)
        c.screenshot(f"auth-{scheme}-desktop")

    shots = []
    for scheme, device in VARIANTS:
        emulate(a, scheme, device)
        a.open("#/")
        a.until(lambda d: a.card("Camping trip") is not None)
        settle(a)
        shots.append(a.screenshot(f"lists-{scheme}-{device}"))

        a.open(f"#/list/{ids['cs']}")
        a.until(lambda d: a.row("Problem 2 — Lamport timestamps") is not None)
        a.until(lambda d: "bo completed" in a.find("#activity").text)
        if not a.driver.find_elements(By.CSS_SELECTOR, ".cancelled-list"):
            a.click("#cancelled-toggle")
        a.js("window.scrollTo(0, 0)")
        settle(a)
        shots.append(a.screenshot(f"checklist-{scheme}-{device}"))

        a.open(f"#/list/{ids['cs']}/item/{ids['lab']}")
        a.visible("#item-panel")
        a.until(lambda d: "cluster keys" in a.find("#item-notes").get_attribute("value"))
        settle(a)
        shots.append(a.screenshot(f"item-panel-{scheme}-{device}"))

        a.open("#/calendar")
        a.find("#calendar-grid .cal-cell")
        settle(a)
        shots.append(a.screenshot(f"calendar-{scheme}-{device}"))

    # A viewer's read-only checklist.
    emulate(b, "light", "desktop")
    b.open(f"#/list/{ids['clean']}")
    b.until(lambda d: b.row("Balcony") is not None)
    settle(b)
    shots.append(b.screenshot("checklist-viewer-light-desktop"))

    assert all(path.stat().st_size > 10_000 for path in shots)
    assert a.console_errors() == []

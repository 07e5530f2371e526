"""Reminders by Web Push in real Chromium: the service worker shows a pushed reminder as a
notification with Done and Snooze 10 min when no Checkwire tab is visible, hands it to the tab
when one is, and its actions reach the server with the device's session. "Notifications on
this device" shows the state and the account's devices.

The push is delivered with the DevTools protocol (`ServiceWorker.deliverPushMessage`): headless
Chromium has no push service to subscribe with. Headless Chromium shows notifications
(`getNotifications` lists them) but cannot click them, so the test asks the service worker for
a notification's action as a click would (its `notificationAction` message)."""

import json

from conftest import unique, WAIT


def reminder(list_id, item_id, title, at="2027-03-12T13:30:00Z"):
    return {"type": "reminder", "list": list_id, "listTitle": "Physics", "kind": "before", "at": at,
            "late": False, "item": {"id": item_id, "title": title, "status": "open"}}


def service_worker_ready(page):
    return page.driver.execute_async_script(
        "const done = arguments[0]; navigator.serviceWorker.ready.then((r) => done(Boolean(r.active)))")


def deliver_push(page, message):
    """Delivers `message` as a push to the origin's service worker; returns the registration id."""
    origin = page.base.rstrip("/")
    page.driver.execute_cdp_cmd("ServiceWorker.enable", {})
    errors = []
    # The registration's id is not reported to ChromeDriver's command channel; a fresh profile
    # has one registration, numbered from 0.
    for registration in range(10):
        try:
            page.driver.execute_cdp_cmd("ServiceWorker.deliverPushMessage", {
                "origin": origin, "registrationId": str(registration), "data": json.dumps(message)})
            return registration
        except Exception as error:  # noqa: BLE001  (the protocol's error for an unknown id)
            errors.append(str(error).splitlines()[0])
    raise AssertionError(f"no service worker registration took the push: {errors}")


def notifications(page, tag):
    return page.driver.execute_async_script("""
        const [tag, done] = arguments;
        navigator.serviceWorker.ready
          .then((r) => r.getNotifications({ tag }))
          .then((shown) => done(shown.map((n) => ({ title: n.title, body: n.body, actions: n.actions.map((a) => a.action) }))));
    """, tag)


def act_on_notification(page, tag, action):
    page.driver.execute_async_script("""
        const [tag, action, done] = arguments;
        navigator.serviceWorker.ready.then((r) => { r.active.postMessage({ type: "notificationAction", tag, action }); done(); });
    """, tag, action)


def push_while_hidden(page, message):
    """Delivers a push while no Checkwire tab is visible (another tab is in front), then comes back."""
    first = page.driver.current_window_handle
    page.driver.switch_to.new_window("tab")
    page.driver.get("about:blank")
    page.until(lambda d: d.execute_script("return document.visibilityState") == "visible")
    try:
        deliver_push(page, message)
    finally:
        page.driver.close()
        page.driver.switch_to.window(first)


def test_a_pushed_reminder_notifies_and_its_actions_reach_the_server(browsers):
    a = browsers("A")
    ana = unique("ana")
    a.signup(ana)
    a.driver.execute_cdp_cmd("Browser.grantPermissions", {"permissions": ["notifications"], "origin": a.base.rstrip("/")})
    list_id = a.create_list("Physics")
    a.js("window.checkwire.op({op: 'addItem', list: arguments[0], id: 'lab', title: 'Lab report'})", list_id)
    a.js("window.checkwire.op({op: 'addItem', list: arguments[0], id: 'essay', title: 'Essay'})", list_id)
    a.settled()
    a.until(lambda d: service_worker_ready(a), message="the service worker did not start")
    a.js("window.__handled = []; window.checkwire.sync.addEventListener('reminderHandled', (e) => window.__handled.push(e.detail));")

    # No visible tab: a notification with Done and Snooze 10 min.
    push_while_hidden(a, reminder(list_id, "lab", "Lab report"))
    tag = f"{list_id}/lab"
    shown = a.until(lambda d: notifications(a, tag), message="no notification for the pushed reminder")
    assert shown[0]["title"] == "Reminder: Lab report"
    assert "Physics" in shown[0]["body"]
    assert shown[0]["actions"] == ["done", "snooze"]

    # Done, from the notification: the item is done on the server, so this tab gets the event.
    act_on_notification(a, tag, "done")
    a.until(lambda d: a.js("return window.checkwire.project(arguments[0]).items.get('lab')?.status", list_id) == "done",
            message="Done on the notification did not complete the item")
    a.until(lambda d: not notifications(a, tag), message="the notification stayed after Done")

    # Snooze 10 min: the server snoozes it, and tells every connection of the user.
    push_while_hidden(a, reminder(list_id, "essay", "Essay"))
    essay_tag = f"{list_id}/essay"
    a.until(lambda d: notifications(a, essay_tag), message="no notification for the second reminder")
    act_on_notification(a, essay_tag, "snooze")
    a.until(lambda d: any(h["item"] == "essay" for h in a.js("return window.__handled")),
            message="Snooze on the notification did not reach the server")
    assert a.js("return window.checkwire.project(arguments[0]).items.get('essay')?.status", list_id) == "open"

    # A visible tab shows the banner itself, and no notification rings.
    deliver_push(a, reminder(list_id, "essay", "Essay", at="2027-03-12T14:30:00Z"))
    a.until(lambda d: a.js("return document.querySelectorAll('.reminder-banner').length") == 1,
            message="the visible tab did not show the pushed reminder")
    assert not notifications(a, essay_tag)
    assert not a.console_errors()


def test_notifications_on_this_device_shows_the_state_and_the_devices(browsers):
    a = browsers("A")
    ana = unique("ana")
    a.signup(ana)
    a.click("#user-menu-button")
    a.click("#notify-button")
    state = a.find("#push-state")
    # Not yet allowed by the browser, not subscribed: off, with a switch to turn it on.
    a.until(lambda d: state.get_attribute("data-state") == "off", message="the state was not shown")
    assert a.find("#push-toggle").get_attribute("textContent") == "Turn on"
    a.until(lambda d: "No device takes your notifications yet." in a.find("#push-devices-note").get_attribute("textContent"))

    # A device subscribed elsewhere (a phone) is listed, and Remove takes it off the account.
    # (The keys are RFC 8291's example browser's.)
    subscribed = a.driver.execute_async_script("""
        const done = arguments[0];
        window.checkwire.sync.connection.request({type: 'pushSubscribe',
            endpoint: 'https://push.example.org/send/phone-1',
            keys: {p256dh: 'BCVxsr7N_eNgVRqvHtD0zTZsEc6-VV-JvLexhqUzORcxaOzi6-AYWXvTBHm4bjyPjs7Vd8pZGH6SRpkNtoIAiw4',
                   auth: 'BTBZMqHH6r4Tts7J_aSIgg'}, device: 'Phone'}).then(done, (e) => done({error: e.message}))""")
    assert subscribed["type"] == "pushSubscribed", subscribed
    a.click("#push-dialog .btn.ghost")  # Cancel: close, and open again to read the list anew
    a.click("#user-menu-button")
    a.click("#notify-button")
    a.until(lambda d: "Phone" in a.find("#push-dialog #push-devices").get_attribute("textContent"),
            message="the device was not listed")
    a.click("#push-devices .device-remove")
    a.until(lambda d: not d.find_elements("css selector", "#push-devices .device-row"), message="the device stayed")
    devices = a.driver.execute_async_script(
        "const done = arguments[0]; window.checkwire.sync.connection.request({type: 'devices'}).then((r) => done(r.devices))")
    assert devices == []
    assert not a.console_errors()

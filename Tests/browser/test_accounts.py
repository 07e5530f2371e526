"""Sign up, log out, log in; clear messages for a wrong password and a taken username."""

from conftest import unique


def test_signup_logout_login_and_errors(browsers):
    page = browsers("A")
    name = unique("ana")
    page.signup(name)
    assert page.find("#user-menu-button").get_attribute("aria-label") == f"Account: {name}"
    token = page.js("return JSON.parse(localStorage.getItem('checkwire.session')).token")
    assert token

    # A reload keeps the session (token in localStorage, `auth` on the new socket).
    page.driver.refresh()
    page.find("#new-list-button")
    page.wait_live()

    page.logout()
    assert page.js("return localStorage.getItem('checkwire.session')") is None

    # Wrong password: unauthorized, said plainly.
    page.login(name, "wrong password")
    error = page.visible("#auth-error")
    assert "don’t match" in error.text

    # Taken username (any case): conflict, said plainly.
    page.click("#auth-switch")
    page.fill("#auth-username", name.upper())
    page.fill("#auth-password", "another password")
    page.click("#auth-submit")
    page.until(lambda d: "already taken" in page.find("#auth-error").text, message="no conflict message")

    # And the right password logs in (ignoring case).
    page.click("#auth-switch")
    page.login(name.upper(), "correct horse")
    page.find("#new-list-button")
    page.wait_live()
    assert page.console_errors() == []


def test_login_right_after_logout(browsers):
    """Logging out drops the socket; signing in at once must wait for the new one, not fail.

    Both steps run in one script, so no time passes between them for a reconnect.
    """
    page = browsers("A")
    name = unique("ivy")
    page.signup(name)
    outcome = page.driver.execute_async_script(
        """
        const [username, done] = [arguments[0], arguments[arguments.length - 1]];
        const sync = window.checkwire.sync;
        sync.logout()
          .then(() => sync.login(username, "correct horse"))
          .then((user) => done({ ok: true, user: user.username }),
                (error) => done({ ok: false, code: error.code, message: String(error.message) }));
        """,
        name,
    )
    assert outcome == {"ok": True, "user": name}, outcome
    page.find("#new-list-button")
    page.wait_live()
    assert page.console_errors() == []


def test_a_first_visit_starts_on_sign_up_and_a_return_on_log_in(browsers):
    """A browser that never signed in is not welcomed back: it starts on "Create your account".
    Once it has signed in, it starts on "Log in" ("Welcome back")."""
    page = browsers("A")
    page.open()
    page.find("#auth-form")
    assert page.find("#auth-submit").get_attribute("data-mode") == "signup"
    assert page.find(".auth-title").text == "Create your account"
    assert "Welcome back" not in page.find(".auth-screen").text
    page.signup(unique("ana"))
    page.logout()
    assert page.find("#auth-submit").get_attribute("data-mode") == "login"
    assert page.find(".auth-title").text == "Welcome back"
    assert page.console_errors() == []

// Sign up / log in. A browser that has never signed in starts on "Create your account"
// (a first-time visitor is not welcomed back); one that has, on "Log in".
import { h } from "../dom.js";
import { logo, icon } from "../icons.js";

const MESSAGES = {
  login: {
    unauthorized: "That username and password don’t match. Check them and try again.",
  },
  signup: {
    conflict: "That username is already taken. Pick another one, or log in if it’s yours.",
  },
};

const KNOWN_KEY = "checkwire.known";

/** Remembers that this browser has signed in (so its next visit starts on "Log in"). */
export function rememberKnownDevice() {
  try { localStorage.setItem(KNOWN_KEY, "1"); } catch { /* starts on sign-up next time */ }
}

function knownDevice() {
  try { return localStorage.getItem(KNOWN_KEY) === "1"; } catch { return true; }
}

export function createAuthView(app, { notice = null } = {}) {
  let mode = "login";
  let busy = false;

  const username = h("input#auth-username", {
    name: "username", autocomplete: "username", required: true, maxlength: 32,
    autocapitalize: "none", spellcheck: "false", placeholder: "e.g. ana",
  });
  const password = h("input#auth-password", {
    name: "password", type: "password", autocomplete: "current-password", required: true, minlength: 8, placeholder: "At least 8 characters",
  });
  const message = h("p.form-error#auth-error", { role: "alert", hidden: !notice });
  if (notice) message.textContent = notice;
  const submit = h("button.btn.primary.block#auth-submit", { type: "submit" }, "Log in");
  const title = h("h1.auth-title", "Welcome back");
  const subtitle = h("p.auth-subtitle", "Log in to your shared checklists.");
  const switchText = h("span");
  const switchButton = h("button.link#auth-switch", { type: "button", onclick: () => setMode(mode === "login" ? "signup" : "login") });

  const form = h("form.auth-form#auth-form", { novalidate: true, onsubmit: onSubmit },
    h("label.field", h("span.field-label", "Username"), username),
    h("label.field", h("span.field-label", "Password"), password),
    message,
    submit,
  );

  const el = h("main.auth-screen",
    h("div.auth-card",
      h("div.auth-brand", logo(40), h("span.brand-name", "Checkwire")),
      title,
      subtitle,
      form,
      h("p.auth-switch", switchText, " ", switchButton),
    ),
    h("ul.auth-points",
      h("li", icon("zap", { size: 16 }), "Every tick shows up for everyone, instantly"),
      h("li", icon("cloudOff", { size: 16 }), "Keeps working offline and catches up later"),
      h("li", icon("users", { size: 16 }), "Share with editors and viewers"),
    ),
  );

  function setMode(next) {
    mode = next;
    const signup = mode === "signup";
    title.textContent = signup ? "Create your account" : "Welcome back";
    subtitle.textContent = signup ? "Start sharing checklists in seconds." : "Log in to your shared checklists.";
    submit.textContent = signup ? "Create account" : "Log in";
    submit.dataset.mode = mode;
    password.autocomplete = signup ? "new-password" : "current-password";
    switchText.textContent = signup ? "Already have an account?" : "New to Checkwire?";
    switchButton.textContent = signup ? "Log in" : "Create an account";
    showError(null);
  }

  function showError(text) {
    message.hidden = !text;
    message.textContent = text || "";
  }

  async function onSubmit(event) {
    event.preventDefault();
    if (busy) return;
    const name = username.value.trim();
    const secret = password.value;
    if (!name) return showError("Enter a username."), username.focus();
    if (mode === "signup" && !/^[A-Za-z0-9_.-]{1,32}$/.test(name)) {
      showError("Usernames are 1 to 32 letters, digits, “_”, “.” or “-”.");
      username.focus();
      return;
    }
    if (mode === "signup" && secret.length < 8) {
      showError("Passwords need at least 8 characters.");
      password.focus();
      return;
    }
    if (!secret) return showError("Enter your password."), password.focus();
    busy = true;
    submit.disabled = true;
    submit.classList.add("busy");
    showError(null);
    try {
      if (mode === "signup") await app.sync.signup(name, secret);
      else await app.sync.login(name, secret);
    } catch (error) {
      const known = MESSAGES[mode][error.code];
      if (known) showError(known);
      else if (error.code === "disconnected") showError("Can’t reach the server right now. Checkwire keeps trying — try again in a moment.");
      else if (error.code === "rateLimited") showError(`Too many attempts: ${error.message}`);
      else showError(error.message ? capitalize(error.message) : "Something went wrong. Try again.");
      (error.code === "conflict" ? username : password).focus();
    } finally {
      busy = false;
      submit.disabled = false;
      submit.classList.remove("busy");
    }
  }

  setMode(knownDevice() || notice ? "login" : "signup");
  requestAnimationFrame(() => username.focus());
  return { el, update() {}, destroy() {} };
}

function capitalize(text) {
  return text.charAt(0).toUpperCase() + text.slice(1) + (/[.!?]$/.test(text) ? "" : ".");
}

// Modal dialogs on the native <dialog> element (focus trap, Escape and backdrop for free).
import { h } from "../dom.js";
import { icon } from "../icons.js";

/**
 * openDialog({ title, description, body: [elements], submitLabel, onSubmit(form) -> bool|Promise })
 * Returns { close }. onSubmit returning false keeps the dialog open.
 */
export function openDialog({ id, title, description, body, submitLabel = "Save", onSubmit, danger = false }) {
  const error = h("p.form-error", { role: "alert", hidden: true });
  const submit = h(`button.btn.${danger ? "danger" : "primary"}`, { type: "submit", id: id ? `${id}-submit` : null }, submitLabel);
  const form = h("form.dialog-form", { method: "dialog", novalidate: true },
    h("div.dialog-head",
      h("h2.dialog-title", title),
      h("button.icon-button", { type: "button", "aria-label": "Close", onclick: () => close() }, icon("x", { size: 18 })),
    ),
    description && h("p.dialog-description", description),
    h("div.dialog-body", body),
    error,
    h("div.dialog-actions",
      h("button.btn.ghost", { type: "button", onclick: () => close() }, "Cancel"),
      submit,
    ),
  );
  const dialog = h("dialog.dialog", { id, "aria-label": title }, form);
  dialog.addEventListener("click", (e) => {
    if (e.target === dialog) close();
  });
  dialog.addEventListener("close", () => dialog.remove());
  form.addEventListener("submit", async (e) => {
    e.preventDefault();
    error.hidden = true;
    try {
      const result = await onSubmit(form);
      if (result === false) return;
      close();
    } catch (err) {
      error.hidden = false;
      error.textContent = err.message || String(err);
    }
  });
  document.body.appendChild(dialog);
  dialog.showModal();
  const first = dialog.querySelector("input, textarea, select");
  if (first) first.focus();
  function close() {
    if (dialog.open) dialog.close();
  }
  return { close, dialog, showError(text) { error.hidden = false; error.textContent = text; } };
}

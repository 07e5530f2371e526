// An item's done checkbox (in a row and on the drilled-down item's card), kept across updates:
// a button for those who can edit, a plain mark for viewers. The element is replaced only when
// that changes; otherwise its state and label are patched, so a tick's "pop" is not cut short.
// An item that is not available yet (a sequential parent's later child, or before its
// `availableFrom`) has a disabled box that says why, instead of one that ticks and rolls back.
import { h } from "../../dom.js";
import { icon } from "../../icons.js";

/** `onToggle` is the click; `update` shows an item. */
export function createCheckbox(onToggle) {
  let el = h("span.check");
  let editable = null;
  let done = null;

  function build(canEdit) {
    return canEdit
      ? h("button.check", {
        type: "button", role: "checkbox", tabindex: "-1",
        onclick: (e) => { e.stopPropagation(); onToggle(); },
      }, icon("check", { size: 14 }))
      : h("span.check.readonly", { role: "img" });
  }

  return {
    get el() { return el; },
    /** `locked`: why the item cannot be completed yet, in words, or "". */
    update(item, canEdit, locked = "") {
      const isDone = item.status === "done";
      if (canEdit !== editable) {
        const next = build(canEdit);
        el.replaceWith(next);
        el = next;
        editable = canEdit;
        done = null;
      }
      if (canEdit) {
        el.setAttribute("aria-label", locked && !isDone ? `${item.title}: ${locked}` : `${isDone ? "Mark not done" : "Mark done"}: ${item.title}`);
        el.disabled = Boolean(locked) && !isDone;
        if (locked && !isDone) el.title = locked;
        else el.removeAttribute("title");
        el.classList.toggle("locked", Boolean(locked) && !isDone);
      } else if (isDone !== done) {
        el.setAttribute("aria-label", isDone ? "Done" : "Not done");
        el.replaceChildren(...(isDone ? [icon("check", { size: 14 })] : []));
      }
      el.classList.toggle("checked", isDone);
      if (canEdit) el.setAttribute("aria-checked", String(isDone));
      done = isDone;
    },
  };
}

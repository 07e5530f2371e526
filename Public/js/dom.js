// A tiny hyperscript helper and a few DOM utilities; views build plain elements with it.

/**
 * h("button.primary", { onclick, type: "button", dataset: { id } }, "Save", icon)
 * Attributes starting with "on" become listeners; `class`/`className`, `dataset`,
 * `style` (object) and boolean attributes are handled; null/false children are skipped.
 */
export function h(spec, attrs, ...children) {
  const tag = /^[a-z0-9-]*/i.exec(spec)[0];
  const classes = [];
  let id = null;
  for (const [, kind, name] of spec.slice(tag.length).matchAll(/([.#])([^.#]+)/g)) {
    if (kind === "#") id = name;
    else classes.push(name);
  }
  const svg = ["svg", "path", "circle", "rect", "polyline", "line", "text", "g"].includes(tag);
  const el = svg ? document.createElementNS("http://www.w3.org/2000/svg", tag) : document.createElement(tag || "div");
  if (id) el.id = id;
  if (classes.length) el.setAttribute("class", classes.join(" "));
  if (attrs && (typeof attrs !== "object" || attrs instanceof Node || Array.isArray(attrs))) {
    children.unshift(attrs);
    attrs = null;
  }
  if (attrs) {
    for (const [key, value] of Object.entries(attrs)) {
      if (value === undefined || value === null || value === false) continue;
      if (key.startsWith("on") && typeof value === "function") {
        el.addEventListener(key.slice(2).toLowerCase(), value);
      } else if (key === "class" || key === "className") {
        const existing = el.getAttribute("class");
        el.setAttribute("class", existing ? `${existing} ${value}` : value);
      } else if (key === "dataset") {
        for (const [k, v] of Object.entries(value)) if (v !== undefined && v !== null) el.dataset[k] = v;
      } else if (key === "style" && typeof value === "object") {
        for (const [k, v] of Object.entries(value)) {
          if (k.startsWith("--")) el.style.setProperty(k, v);
          else el.style[k] = v;
        }
      } else if (key === "value" && !svg) {
        el.value = value;
      } else if (key === "checked" || key === "disabled" || key === "readOnly" || key === "selected") {
        el[key] = Boolean(value);
      } else if (value === true) {
        el.setAttribute(key, "");
      } else {
        el.setAttribute(key, String(value));
      }
    }
  }
  append(el, children);
  return el;
}

function append(el, children) {
  for (const child of children) {
    if (child === null || child === undefined || child === false || child === true) continue;
    if (Array.isArray(child)) append(el, child);
    else if (child instanceof Node) el.appendChild(child);
    else el.appendChild(document.createTextNode(String(child)));
  }
}

export function clear(el) {
  el.replaceChildren();
  return el;
}

/** Grows a textarea with its content. */
export function autosize(textarea) {
  const fit = () => {
    textarea.style.height = "auto";
    textarea.style.height = `${textarea.scrollHeight + 2}px`;
  };
  textarea.addEventListener("input", fit);
  requestAnimationFrame(fit);
}

/** Patches for kept elements: each writes only when the value differs, so an unchanged
 *  part is never touched (no reflow, and a text selection in it survives). */
export function setText(el, text) {
  const value = String(text ?? "");
  if (el.textContent !== value) el.textContent = value;
}

/** Sets the whole class list (`"a b c"`), only when it differs. */
export function setClass(el, classes) {
  if (el.getAttribute("class") !== classes) el.setAttribute("class", classes);
}

/** Sets an attribute, or removes it for null/undefined/false. */
export function setAttr(el, name, value) {
  if (value === null || value === undefined || value === false) {
    if (el.hasAttribute(name)) el.removeAttribute(name);
    return;
  }
  const text = value === true ? "" : String(value);
  if (el.getAttribute(name) !== text) el.setAttribute(name, text);
}

/** "a.b.c" classes from a base and flags: `classNames("cal-chip", { done, overdue })` -> "cal-chip done". */
export function classNames(base, flags) {
  return [base, ...Object.entries(flags).filter(([, on]) => on).map(([name]) => name)].join(" ");
}

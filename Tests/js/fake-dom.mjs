// Just enough of a DOM for the views under Node. `fakeContainer`: for the keyed helpers
// (keyed.js), a container with children, insertBefore (counted), contains and a document whose
// activeElement is null, and nodes that can remove themselves; shared by checklist.test.mjs and
// views.test.mjs. `installFakeDocument`: for a view's parts built with dom.js's `h()`.

/** A fake container and a maker of fake nodes for it. */
export function fakeContainer() {
  const doc = { activeElement: null };
  const container = {
    ownerDocument: doc,
    children: [],
    insertions: 0,
    insertBefore(node, anchor) {
      node.remove();
      this.insertions += 1;
      const at = anchor ? this.children.indexOf(anchor) : this.children.length;
      this.children.splice(at, 0, node);
      node.parent = this;
    },
    contains(node) { return this.children.includes(node); },
  };
  const node = (key) => ({
    key,
    parent: null,
    remove() { if (this.parent) this.parent.children.splice(this.parent.children.indexOf(this), 1); this.parent = null; },
  });
  return { container, node };
}

/**
 * A fake `document` (and `Node`) installed as globals, enough for `h()` and the `set*`
 * patches of dom.js: elements with attributes, child nodes, text and `remove()`, and text
 * nodes with `data`. Returns the document; `document.activeElement` is null.
 */
export function installFakeDocument() {
  class FakeNode {
    constructor(doc) { this.ownerDocument = doc; this.parentNode = null; this.childNodes = []; }
    get firstChild() { return this.childNodes[0] ?? null; }
    get children() { return this.childNodes.filter((node) => node instanceof FakeElement); }
    get textContent() { return this.childNodes.map((node) => node.textContent).join(""); }
    set textContent(text) { this.replaceChildren(...(text ? [this.ownerDocument.createTextNode(text)] : [])); }
    insertBefore(node, anchor) {
      node.remove();
      this.childNodes.splice(anchor ? this.childNodes.indexOf(anchor) : this.childNodes.length, 0, node);
      node.parentNode = this;
      return node;
    }
    appendChild(node) { return this.insertBefore(node, null); }
    replaceChildren(...nodes) {
      for (const node of [...this.childNodes]) node.remove();
      // Strings become text nodes, as in a real DOM.
      for (const node of nodes) this.appendChild(typeof node === "string" ? this.ownerDocument.createTextNode(node) : node);
    }
    remove() {
      if (!this.parentNode) return;
      this.parentNode.childNodes.splice(this.parentNode.childNodes.indexOf(this), 1);
      this.parentNode = null;
    }
    contains(node) { return node === this || this.childNodes.some((child) => child.contains(node)); }
  }
  class FakeText extends FakeNode {
    constructor(doc, data) { super(doc); this.data = data; }
    get textContent() { return this.data; }
    set textContent(text) { this.data = text; }
  }
  class FakeElement extends FakeNode {
    constructor(doc, tagName) { super(doc); this.tagName = tagName.toUpperCase(); this.attributes = new Map(); this.listeners = []; }
    getAttribute(name) { return this.attributes.get(name) ?? null; }
    setAttribute(name, value) { this.attributes.set(name, String(value)); }
    hasAttribute(name) { return this.attributes.has(name); }
    removeAttribute(name) { this.attributes.delete(name); }
    addEventListener(type, listener) { this.listeners.push([type, listener]); }
  }
  const doc = {
    activeElement: null,
    createElement: (tag) => new FakeElement(doc, tag),
    createTextNode: (data) => new FakeText(doc, String(data)),
  };
  globalThis.Node = FakeNode;
  globalThis.document = doc;
  return doc;
}

// Just enough of a DOM for the keyed helpers (keyed.js) under Node: a container with
// children, insertBefore (counted), contains and a document whose activeElement is null, and
// nodes that can remove themselves. Shared by checklist.test.mjs and views.test.mjs.

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

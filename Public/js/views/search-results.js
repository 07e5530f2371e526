// The search box's results under the Today view's search. Results are fetched again 150 ms
// after each keystroke, so each hit is kept under its key (its checklist and item, or the
// checklist alone) and patched in place: a result still found keeps its element, and with it
// the keyboard focus and a click in progress, instead of flickering on every reply.
import { h, setText, setClass, setAttr } from "../dom.js";
import { keyedChildren, whenChanged } from "../keyed.js";

/**
 * A snippet's parts: the server marks matched words with « and »; they show highlighted, the
 * marks themselves never. For example "Apply for the «visa»" is
 * [{ text: "Apply for the ", match: false }, { text: "visa", match: true }].
 */
export function snippetParts(snippet) {
  const parts = [];
  const pattern = /«([^»]*)»/g;
  let at = 0;
  for (let m = pattern.exec(snippet || ""); m; m = pattern.exec(snippet)) {
    if (m.index > at) parts.push({ text: snippet.slice(at, m.index), match: false });
    parts.push({ text: m[1], match: true });
    at = m.index + m[0].length;
  }
  const rest = (snippet || "").slice(at).replace(/[«»]/g, "");
  if (rest) parts.push({ text: rest, match: false });
  return parts;
}

/**
 * What one hit of the server's `search` reply shows, without a DOM.
 * The key and the link name the checklist and the item with both ids URI-encoded, so no id
 * can make two hits' keys equal. For example `{ list: "L", item: { id: "hw", … } }` is keyed
 * "L/hw", and the checklist's own hit `{ list: "L" }` is keyed "L".
 * @returns {{ key, href, title, context, snippet, cancelled }}
 */
export function searchHit(hit) {
  const list = encodeURIComponent(hit.list);
  const item = hit.item ? encodeURIComponent(hit.item.id) : null;
  return {
    key: item ? `${list}/${item}` : list,
    href: item ? `#/list/${list}/item/${item}` : `#/list/${list}`,
    title: hit.item ? hit.item.title : hit.listTitle,
    context: hit.item ? ` — ${hit.listTitle}` : " — checklist",
    snippet: hit.snippet,
    cancelled: hit.listStatus === "cancelled" || hit.item?.status === "cancelled",
  };
}

/**
 * Keeps `container`'s children the hits of the latest reply: `show(results, query)` with the
 * reply's `results` (in its order), or a line of text for no hits or an error (`say`).
 */
export function createSearchResults(container) {
  const rows = keyedChildren(container, { create: createHit, update: (row, model) => row.update(model) });
  const message = h("p.muted");
  function say(text) {
    rows.clear();
    setText(message, text);
    if (message.parentNode !== container) container.appendChild(message);
  }
  return {
    show(results, query) {
      if (!results.length) return say(`Nothing matches “${query}”.`);
      message.remove();
      rows.update(results.map(searchHit));
    },
    say,
  };
}

/** One hit: the link and its three parts built once; text, class, href and chip patched. */
function createHit() {
  const title = document.createTextNode("");
  const chip = h("span.chip.plain", "cancelled");
  const heading = h("span.search-hit-title", title);
  const context = h("span.muted.small-text");
  const snippet = h("span.search-snippet");
  const el = h("a.search-hit", heading, context, snippet);
  const redrawSnippet = whenChanged();
  return {
    el,
    update(model) {
      setClass(el, model.cancelled ? "search-hit cancelled" : "search-hit");
      setAttr(el, "href", model.href);
      if (title.data !== model.title) title.data = model.title;
      if (model.cancelled && chip.parentNode !== heading) heading.appendChild(chip);
      if (!model.cancelled && chip.parentNode) chip.remove();
      setText(context, model.context);
      redrawSnippet(model.snippet, (text) => snippet.replaceChildren(...snippetParts(text).map((part) => (part.match ? h("mark", part.text) : part.text))));
    },
  };
}

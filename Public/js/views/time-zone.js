// The person's time zone in the web: the question asked when this device's zone is not the
// one their account uses (never changed silently: a laptop on a trip may be right to keep
// home time), the "Time zone" dialog of the user menu, and the zone picker both use (and
// the checklist details dialog too).
//
// A "Keep" answer is remembered on this device for that pair of zones, so it is asked again
// only when the device moves on to yet another zone or the account's zone changes.
import { h } from "../dom.js";
import { icon } from "../icons.js";
import { browserZone, zoneNames, zoneLabel } from "../zone.js";
import { openDialog } from "./dialog.js";

const KEPT_PREFIX = "checkwire.zoneKept.";

/** A <select> of every zone the browser knows, `zone` chosen (kept in the list even if unknown). */
export function zoneSelect(id, zone) {
  const names = zoneNames();
  if (zone && !names.includes(zone)) names.unshift(zone);
  const select = h(`select#${id}`, { "aria-label": "Time zone" },
    names.map((name) => h("option", { value: name }, name === "UTC" ? "UTC" : `${name.replaceAll("_", " ")}`)));
  select.value = zone || browserZone();
  return select;
}

/** The question under the top bar; `update()` shows or hides it. */
export function createZonePrompt(app) {
  const el = h("div.zone-prompt-slot");
  let shownFor = null; // "browser|account" the prompt is built for

  function keptKey() {
    return `${KEPT_PREFIX}${app.user.username.toLowerCase()}`;
  }

  function kept(pair) {
    try { return localStorage.getItem(keptKey()) === pair; } catch { return false; }
  }

  function keep(pair) {
    try { localStorage.setItem(keptKey(), pair); } catch { /* asked again next time */ }
  }

  function build(device, account, pair) {
    const owned = app.store.orderedLists().filter((list) => list.role === "owner" && list.tz === account && list.status !== "cancelled");
    const moveLists = h("input#zone-prompt-move", { type: "checkbox", checked: true });
    const use = h("button.btn.small.primary#zone-prompt-use", {
      type: "button",
      onclick: async () => {
        use.disabled = true;
        try {
          await app.sync.setTimeZone(device);
          if (owned.length && moveLists.checked) for (const list of owned) app.op({ op: "updateList", list: list.id, tz: device });
          app.toast(`Times now show in ${zoneLabel(device)}.`);
        } catch (error) {
          use.disabled = false;
          app.toast(error.message || "The time zone could not be changed; try again.", { kind: "error" });
        }
      },
    }, `Use ${zoneLabel(device)}`);
    return h("div.banner.info.zone-prompt#zone-prompt", { role: "region", "aria-label": "Time zone" },
      icon("globe", { size: 18 }),
      h("div.zone-prompt-text",
        h("span", "This device is on ", h("strong", zoneLabel(device)), " time, but your account uses ", h("strong", zoneLabel(account)), ". Dates and times show in the account’s zone."),
        owned.length ? h("label.check-field.small-text", moveLists, h("span", `Also move ${owned.length === 1 ? "the checklist" : `the ${owned.length} checklists`} you own in ${zoneLabel(account)}`)) : null),
      h("div.zone-prompt-actions", use,
        h("button.btn.small.ghost#zone-prompt-keep", { type: "button", onclick: () => { keep(pair); update(); } }, `Keep ${zoneLabel(account)}`)),
    );
  }

  function update() {
    const account = app.sync.settings?.tz;
    const device = browserZone();
    const pair = `${device}|${account}`;
    const wanted = app.user && account && app.sync.ready && device !== account && !kept(pair) ? pair : null;
    if (wanted === shownFor) return;
    shownFor = wanted;
    el.replaceChildren(...(wanted ? [build(device, account, pair)] : []));
  }

  return { el, update };
}

/** The user menu's "Time zone" dialog. */
export function openZoneDialog(app) {
  const current = app.sync.settings?.tz || browserZone();
  const select = zoneSelect("user-zone-select", current);
  const device = browserZone();
  openDialog({
    id: "zone-dialog",
    title: "Your time zone",
    description: "Due times, “today” and quick add’s “tomorrow at 5” are read in this zone. Each checklist keeps its own zone for its all-day dates, habits and repeats (in its details).",
    body: [
      h("label.field", h("span.field-label", "Time zone"), select),
      device !== current
        ? h("button.btn.small.secondary#zone-use-device", { type: "button", onclick: () => { select.value = device; } }, icon("globe", { size: 14 }), `Use this device’s: ${zoneLabel(device)}`)
        : h("p.muted.small-text", `This device is on ${zoneLabel(device)} time too.`),
    ],
    async onSubmit() {
      if (select.value === current) return true;
      await app.sync.setTimeZone(select.value);
      app.toast(`Times now show in ${zoneLabel(select.value)}.`);
      return true;
    },
  });
}

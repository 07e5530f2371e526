// Files on an item, in the item panel: pick or drop files (on a phone the photo button opens
// the camera), an upload progress bar each, image thumbnails that open in a lightbox, chips
// for other files, cancel and restore (nothing is deleted).
//
// Thumbnails are the originals downscaled by the browser (CSS object-fit): the server does
// no image processing — no image library is among its dependencies, and decoding untrusted
// images on the server is attack surface. Images load through short-lived signed URLs
// (`attachmentURL`), since an <img> cannot send the bearer token.
import { h } from "../dom.js";
import { icon } from "../icons.js";

const signedURLs = new Map(); // attachment id -> { url, until }
const URL_REUSE_MS = 10 * 60 * 1000; // the server's links work for 15 minutes

/** A signed URL for the attachment, reused while it is fresh. */
export async function attachmentURL(app, id) {
  const known = signedURLs.get(id);
  if (known && known.until > Date.now()) return known.url;
  const reply = await app.sync.connection.request({ type: "attachmentURL", id });
  signedURLs.set(id, { url: reply.url, until: Date.now() + URL_REUSE_MS });
  return reply.url;
}

export function formatBytes(bytes) {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(bytes < 10240 ? 1 : 0)} KB`;
  const mb = bytes / 1024 / 1024;
  return `${Number.isInteger(mb) ? mb : mb.toFixed(1)} MB`;
}

/** "photo.jpg is 25.3 MB; a file can be at most 20.0 MB." */
export function tooBig(size, limit) {
  return `This file is ${formatBytes(size)}; a file can be at most ${formatBytes(limit)}.`;
}

/** What a refused upload says: the server's message (JSON or plain text), in words a person can act on. */
export function uploadError(xhr, file) {
  let message = "";
  try {
    message = JSON.parse(xhr.responseText).message || "";
  } catch {
    message = (xhr.responseText || "").trim().slice(0, 300);
  }
  if (xhr.status === 413) {
    const limit = /limit is (\d+) bytes/.exec(message);
    return limit ? tooBig(file.size, Number(limit[1])) : message ? capitalize(message) : "This file is larger than the server accepts.";
  }
  if (xhr.status === 0) return "The connection failed; try again.";
  return message ? capitalize(message) : `The server refused the file (${xhr.status}).`;
}

function capitalize(text) {
  return text.charAt(0).toUpperCase() + text.slice(1) + (/[.!?]$/.test(text) ? "" : ".");
}

export function createAttachmentsSection(app, { listId, itemId }) {
  let item = null;
  let canEdit = false;
  let showCancelled = false;
  const uploads = new Map(); // local key -> { name, sent, total, error }
  const picker = h("input#attach-file-input", { type: "file", multiple: true, hidden: true, onchange: (e) => { uploadAll(e.target.files); e.target.value = ""; } });
  const camera = h("input#attach-photo-input", { type: "file", accept: "image/*", capture: "environment", hidden: true, onchange: (e) => { uploadAll(e.target.files); e.target.value = ""; } });
  const list = h("div.attachment-list#attachment-list");
  const progress = h("div.upload-list#upload-list");
  const limitNote = h("span.muted.small-text.attach-limit");
  const actions = h("div.attachment-actions",
    h("button.btn.small.secondary#attach-button", { type: "button", onclick: () => picker.click() }, icon("paperclip", { size: 14 }), "Add files"),
    h("button.btn.small.ghost#attach-photo-button", { type: "button", onclick: () => camera.click() }, icon("camera", { size: 14 }), "Photo"),
    h("span.muted.small-text.drop-hint", "or drop files here"),
    limitNote,
    picker, camera);
  const el = h("section.panel-attachments#item-attachments",
    h("h3.panel-section-title", "Files"),
    list, progress, actions);

  el.addEventListener("dragover", (e) => {
    if (!canEdit || !e.dataTransfer?.types?.includes("Files")) return;
    e.preventDefault();
    el.classList.add("dropping");
  });
  el.addEventListener("dragleave", () => el.classList.remove("dropping"));
  el.addEventListener("drop", (e) => {
    el.classList.remove("dropping");
    if (!canEdit || !e.dataTransfer?.files?.length) return;
    e.preventDefault();
    uploadAll(e.dataTransfer.files);
  });

  function uploadAll(files) {
    for (const file of files) upload(file);
  }

  /** The server's size limit for one file (from `settings`), or null before it is known. */
  function limit() {
    return app.sync.settings?.maxAttachmentBytes ?? null;
  }

  function upload(file) {
    const key = `${Date.now()}-${Math.random()}`;
    const entry = { name: file.name, sent: 0, total: file.size, error: null };
    uploads.set(key, entry);
    if (limit() !== null && file.size > limit()) {
      // Said before a byte is sent: the server would refuse it anyway, after the wait.
      entry.error = tooBig(file.size, limit());
      renderUploads();
      return;
    }
    renderUploads();
    const query = new URLSearchParams({ list: listId, item: itemId, name: file.name });
    const xhr = new XMLHttpRequest();
    xhr.open("PUT", `/attachments?${query}`);
    xhr.setRequestHeader("Authorization", `Bearer ${app.sync.session?.token || ""}`);
    xhr.setRequestHeader("Content-Type", file.type || "application/octet-stream");
    xhr.upload.onprogress = (e) => { entry.sent = e.loaded; renderUploads(); };
    xhr.onload = () => {
      if (xhr.status === 201) {
        uploads.delete(key);
        app.toast?.(`Attached “${file.name}”`);
      } else {
        entry.error = uploadError(xhr, file);
      }
      renderUploads();
    };
    xhr.onerror = () => { entry.error = "The connection failed before the file was stored; try again."; renderUploads(); };
    xhr.send(file);
  }

  function renderUploads() {
    progress.replaceChildren(...[...uploads.entries()].map(([key, entry]) => h(`div.upload-row${entry.error ? ".failed" : ""}`,
      h("span.upload-name", entry.name),
      entry.error
        ? h("span.upload-error", { role: "alert" }, entry.error)
        : h("div.progress.slim", { role: "progressbar", "aria-valuenow": String(Math.round((entry.sent / Math.max(1, entry.total)) * 100)), "aria-label": `Uploading ${entry.name}` },
          h("div.progress-fill", { style: { width: `${(entry.sent / Math.max(1, entry.total)) * 100}%` } })),
      entry.error ? h("button.icon-button", { type: "button", "aria-label": "Dismiss", onclick: () => { uploads.delete(key); renderUploads(); } }, icon("x", { size: 14 })) : null,
    )));
  }

  function openLightbox(attachment, url) {
    const dialog = h("dialog.lightbox#attachment-lightbox", { "aria-label": attachment.name },
      h("div.lightbox-head",
        h("span.lightbox-name", attachment.name),
        h("a.btn.small.ghost", { href: url, download: attachment.name }, "Download"),
        h("button.icon-button", { type: "button", "aria-label": "Close", onclick: () => dialog.close() }, icon("x", { size: 18 }))),
      h("img.lightbox-image", { src: url, alt: attachment.name }));
    dialog.addEventListener("click", (e) => { if (e.target === dialog) dialog.close(); });
    dialog.addEventListener("close", () => dialog.remove());
    document.body.appendChild(dialog);
    dialog.showModal();
  }

  function tile(attachment) {
    const isImage = attachment.type.startsWith("image/") && !attachment.type.startsWith("image/svg");
    const cancelled = attachment.status === "cancelled";
    const control = canEdit
      ? h("button.icon-button.attachment-toggle", {
        type: "button", "aria-label": cancelled ? `Restore ${attachment.name}` : `Cancel ${attachment.name}`, title: cancelled ? "Restore" : "Cancel (it can be restored)",
        onclick: () => app.op({ op: cancelled ? "restoreAttachment" : "cancelAttachment", list: listId, item: itemId, attachment: attachment.id }),
      }, icon(cancelled ? "undo" : "x", { size: 14 }))
      : null;
    if (isImage && !cancelled) {
      const img = h("img.attachment-thumb", { alt: attachment.name, loading: "lazy" });
      const button = h("button.attachment-image", { type: "button", title: `${attachment.name} · ${formatBytes(attachment.size)}`, "data-attachment-id": attachment.id }, img);
      attachmentURL(app, attachment.id).then((url) => {
        img.src = url;
        button.onclick = () => openLightbox(attachment, url);
      }).catch(() => { img.alt = `${attachment.name} (could not load)`; });
      return h("div.attachment-tile", button, control);
    }
    const link = h("a.attachment-chip", { href: "#", "data-attachment-id": attachment.id, title: `${attachment.name} · ${attachment.type}`, onclick: async (e) => {
      e.preventDefault();
      const url = await attachmentURL(app, attachment.id);
      const a = h("a", { href: url, download: attachment.name });
      document.body.appendChild(a);
      a.click();
      a.remove();
    } }, icon("note", { size: 14 }), h("span.attachment-name", attachment.name), h("span.muted", formatBytes(attachment.size)));
    return h(`div.attachment-tile.file${cancelled ? ".cancelled" : ""}`, link, control);
  }

  function render() {
    const all = item?.attachments || [];
    const active = all.filter((a) => a.status !== "cancelled");
    const cancelled = all.filter((a) => a.status === "cancelled");
    list.replaceChildren(
      ...(active.length ? [h("div.attachment-grid", active.map(tile))] : [h("p.muted.small-text", canEdit ? "No files yet." : "No files.")]),
      ...(cancelled.length ? [h("button.btn.small.ghost#attachments-cancelled-toggle", { type: "button", onclick: () => { showCancelled = !showCancelled; render(); } },
        `${showCancelled ? "Hide" : "Show"} cancelled (${cancelled.length})`)] : []),
      ...(showCancelled && cancelled.length ? [h("div.attachment-grid.cancelled-grid", cancelled.map(tile))] : []),
    );
    actions.hidden = !canEdit;
  }

  return {
    el,
    update(nextItem, editable) {
      const changed = nextItem !== item || editable !== canEdit;
      item = nextItem;
      canEdit = editable;
      if (changed) render();
      const note = limit() ? `Up to ${formatBytes(limit())} each` : "";
      if (limitNote.textContent !== note) limitNote.textContent = note; // the settings may come later
    },
  };
}

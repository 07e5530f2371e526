// This person's check-ins on each habit checklist, for the days the calendar shows: read with
// `history` (they are not in the snapshot) and read again when the checklist's seq moves or
// the range grows. `rows(listId)` answers from what was read (null before the first reply).
import { addDays } from "../../zone.js";

export function createHabitHistory(app, onLoaded) {
  const loaded = new Map(); // listId -> { seq, from, to, rows }
  const loading = new Set();

  async function load(summary, from, to) {
    const known = loaded.get(summary.id);
    if (loading.has(summary.id) || !app.sync.ready) return;
    if (known && known.seq === summary.seq && known.from <= from && known.to >= to) return;
    loading.add(summary.id);
    // Never past the 366 days one request may cover.
    const start = from < addDays(to, -365) ? addDays(to, -365) : from;
    try {
      const reply = await app.sync.connection.request({ type: "history", list: summary.id, from: start, to, username: app.user?.username });
      loaded.set(summary.id, { seq: summary.seq, from: start, to, rows: reply.days || [] });
      onLoaded();
    } catch {
      // Offline or refused: the past days show once it can be read.
    } finally {
      loading.delete(summary.id);
    }
  }

  return {
    /** Reads what is missing for `lists` (habit checklists' summaries) from `from` to `to`. */
    want(lists, from, to) {
      if (from > to) return;
      for (const summary of lists) load(summary, from, to);
    },
    rows(listId) {
      return loaded.get(listId)?.rows ?? null;
    },
  };
}

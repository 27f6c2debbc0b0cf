// The game in progress, kept in the browser's localStorage under one key for every
// language of the site (same origin): the engine's crescent-game/1 record, how many
// moves can be undone, and the seconds played. Nothing here judges a record: the
// engine reads it back, and a stored game it cannot read is discarded.

export const STORAGE_KEY = "crescent.play";
const KEY = STORAGE_KEY;
const FORMAT = "crescent-play/1";

function storage() {
  try {
    return window.localStorage;
  } catch {
    return null; // storage disabled (privacy settings, sandboxed frame)
  }
}

const MAX_ELAPSED = 100 * 24 * 3600;

/**
 * The stored game: null when there is none, else {record, undo, elapsed, code}.
 * `record` is whatever text was stored (the engine judges it); `code` is the deal's
 * code when it can be read, for comparing with a code in the page's address.
 */
export function readSaved() {
  let text;
  try {
    text = storage()?.getItem(KEY) ?? null;
  } catch {
    return null;
  }
  if (text === null) {
    return null;
  }
  let data;
  try {
    data = JSON.parse(text);
  } catch {
    return { record: text, undo: null, elapsed: 0, code: "" };
  }
  if (!data || data.format !== FORMAT || typeof data.record !== "string") {
    return { record: text, undo: null, elapsed: 0, code: "" };
  }
  // Seconds played; anything beyond a hundred days of play was not written by this page.
  const plausible = Number.isFinite(data.elapsed) && data.elapsed >= 0 && data.elapsed < MAX_ELAPSED;
  const elapsed = plausible ? data.elapsed : 0;
  const undo = Number.isInteger(data.undo) && data.undo >= 0 ? data.undo : null;
  let code;
  try {
    code = String(JSON.parse(data.record).code || "");
  } catch {
    code = "";
  }
  return { record: data.record, undo, elapsed, code };
}

/** Keep the game of `view` (an engine view with `record`) and its `elapsed` seconds. */
export function writeSaved(view, elapsed) {
  if (!view || typeof view.record !== "string") {
    return;
  }
  const data = { format: FORMAT, record: view.record, undo: view.undo_depth, elapsed };
  try {
    storage()?.setItem(KEY, JSON.stringify(data));
  } catch {
    // full or disabled: the game goes on, unsaved
  }
}

/** Forget the stored game. */
export function forgetSaved() {
  try {
    storage()?.removeItem(KEY);
  } catch {
    // nothing to forget
  }
}

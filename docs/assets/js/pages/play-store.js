// What the Play page keeps in the browser's localStorage, one key each for every
// language of the site (same origin):
// - `crescent.play`: the game in progress: the engine's crescent-game/1 record, how
//   many moves can be undone, the seconds played, and whether the game has been
//   counted as played and as finished (for the statistics);
// - `crescent.stats`: the statistics (games played and won, streaks, best win);
// - `crescent.games`: the last finished games, newest first.
// Nothing here judges a record: the engine reads it back, and a stored game it cannot
// read is discarded. Every stored value is checked as it is read: whatever another
// page or a person put there, the page gets numbers, known words and strings.

import { KEPT_GAMES } from "../shared/facts.js";

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
  const plausible =
    Number.isFinite(data.elapsed) && data.elapsed >= 0 && data.elapsed < MAX_ELAPSED;
  const elapsed = plausible ? data.elapsed : 0;
  const undo = Number.isInteger(data.undo) && data.undo >= 0 ? data.undo : null;
  let code;
  try {
    code = String(JSON.parse(data.record).code || "");
  } catch {
    code = "";
  }
  const tally = { counted: data.counted === true, finished: data.finished === true };
  return { record: data.record, undo, elapsed, code, tally };
}

/**
 * Keep the game of `view` (an engine view with `record`), its `elapsed` seconds and
 * its `tally` ({counted, finished}: already counted as played, as finished).
 */
export function writeSaved(view, elapsed, tally = {}) {
  if (!view || typeof view.record !== "string") {
    return;
  }
  const data = { format: FORMAT, record: view.record, undo: view.undo_depth, elapsed };
  data.counted = tally.counted === true;
  data.finished = tally.finished === true;
  write(KEY, data);
}

function write(key, data) {
  try {
    storage()?.setItem(key, JSON.stringify(data));
  } catch {
    // full or disabled: the game goes on, unsaved
  }
}

function read(key, format) {
  try {
    const data = JSON.parse(storage()?.getItem(key) ?? "null");
    return data && typeof data === "object" && data.format === format ? data : null;
  } catch {
    return null; // not JSON, or storage disabled: as if nothing were stored
  }
}

const STATS_KEY = "crescent.stats";
const STATS_FORMAT = "crescent-stats/1";
const GAMES_KEY = "crescent.games";
const GAMES_FORMAT = "crescent-games/1";
/** How many finished games are kept (crescent_site.play_page, written by the build). */
export const MAX_GAMES = KEPT_GAMES;
const MAX_RECORD = 64 * 1024;
const RESULTS = new Set(["won", "given-up"]);

const count = (value) => (Number.isSafeInteger(value) && value >= 0 ? value : 0);
const best = (value) => (Number.isSafeInteger(value) && value >= 0 ? value : null);

/**
 * The statistics: {played, won, streak, bestStreak} (counts) and {bestTime,
 * fewestMoves} (a win's seconds and moves, null before the first win).
 */
export function readStats() {
  const data = read(STATS_KEY, STATS_FORMAT) || {};
  return {
    played: count(data.played),
    won: count(data.won),
    streak: count(data.streak),
    bestStreak: count(data.bestStreak),
    bestTime: best(data.bestTime),
    fewestMoves: best(data.fewestMoves),
  };
}

/** Keep `stats` (as readStats gives them). */
export function writeStats(stats) {
  const { played, won, streak, bestStreak, bestTime, fewestMoves } = stats;
  const data = { played, won, streak, bestStreak, bestTime, fewestMoves };
  write(STATS_KEY, { format: STATS_FORMAT, ...data });
}

/** Forget the statistics. */
export function resetStats() {
  try {
    storage()?.removeItem(STATS_KEY);
  } catch {
    // nothing to forget
  }
}

/** The last finished games, newest first: [{record, result, moves, time, date}]. */
export function readGames() {
  const data = read(GAMES_KEY, GAMES_FORMAT);
  const games = data && Array.isArray(data.games) ? data.games : [];
  return games
    .filter(
      (game) =>
        game &&
        typeof game.record === "string" &&
        game.record.length <= MAX_RECORD &&
        RESULTS.has(game.result) &&
        Number.isFinite(game.date),
    )
    .slice(0, MAX_GAMES)
    .map((game) => ({
      record: game.record,
      result: game.result,
      moves: count(game.moves),
      time: count(game.time),
      date: game.date,
    }));
}

/** Add a finished game ({record, result, moves, time, date}) at the head of the list. */
export function addGame(game) {
  const games = [game, ...readGames()].slice(0, MAX_GAMES);
  write(GAMES_KEY, { format: GAMES_FORMAT, games });
}

/** Forget the stored game. */
export function forgetSaved() {
  try {
    storage()?.removeItem(KEY);
  } catch {
    // nothing to forget
  }
}

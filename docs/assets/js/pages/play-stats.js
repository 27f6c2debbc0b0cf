// The reader's statistics and last games on the Play page: what counts, and showing it.
//
// A game counts as played at its first move (or redeal) made on this page. It is
// finished when it is won, or when it is left unfinished: "New game", or another deal
// opened from a code or an example, on a game counted as played and not won is a game
// given up; a blocked game left so is given up too (until it is left, Undo may still
// save it). Each finished game goes into the list of the last 20, with its record, so
// that the Examples viewer can step through it. Every number is shown in the page's
// language; every word comes from the shell (crescent_site.play_page).

import { dateAndTime, formatTime } from "./play-clock.js";
import { addGame, readGames, readStats, resetStats, writeStats } from "./play-store.js";
import { viewerLink } from "./record-link.js";

/**
 * The statistics of the page `root` in `lang`, with the shell's `words`. `tally` is
 * the game in progress's {counted, finished}; the page saves it with the game.
 */
export function createStats(root, lang, words) {
  const numbers = new Intl.NumberFormat(lang);
  const moment = dateAndTime(lang);
  const viewer = root.querySelector("[data-current-link]");
  const examples = new URL(viewer.getAttribute("href"), window.location.href).href;
  const rows = root.querySelector("[data-games]");
  const table = rows.closest("table");
  const none = root.querySelector("[data-games-none]");
  let tally = { counted: false, finished: false };
  let moves = null; // the moves and redeals left of the last view, to see a player's move

  function showStats() {
    const stats = readStats();
    const shown = {
      played: numbers.format(stats.played),
      won: numbers.format(stats.won),
      streak: numbers.format(stats.streak),
      "best-streak": numbers.format(stats.bestStreak),
      "best-time": stats.bestTime === null ? words["stats-none"] : formatTime(stats.bestTime),
      "fewest-moves":
        stats.fewestMoves === null ? words["stats-none"] : numbers.format(stats.fewestMoves),
    };
    for (const [name, text] of Object.entries(shown)) {
      root.querySelector(`[data-stat="${name}"]`).textContent = text;
    }
  }

  async function showGames() {
    const games = readGames();
    const links = await Promise.all(games.map((game) => viewerLink(examples, game.record)));
    rows.replaceChildren(
      ...games.map((game, index) => {
        const row = document.createElement("tr");
        const cells = [
          moment(new Date(game.date)),
          words[`result-${game.result}`],
          numbers.format(game.moves),
          formatTime(game.time),
        ].map((text) => {
          const cell = document.createElement("td");
          cell.textContent = text;
          return cell;
        });
        const link = document.createElement("a");
        link.href = links[index];
        link.textContent = words["games-open"];
        const cell = document.createElement("td");
        cell.append(link);
        row.append(...cells, cell);
        return row;
      }),
    );
    table.hidden = games.length === 0;
    none.hidden = games.length > 0;
  }

  function show() {
    showStats();
    showGames().catch(() => {}); // a record the browser cannot compress keeps no link
  }

  function finish(view, seconds, result) {
    tally = { ...tally, finished: true };
    const stats = readStats();
    if (result === "won") {
      stats.won += 1;
      stats.streak += 1;
      stats.bestStreak = Math.max(stats.bestStreak, stats.streak);
      stats.bestTime = stats.bestTime === null ? seconds : Math.min(stats.bestTime, seconds);
      stats.fewestMoves =
        stats.fewestMoves === null ? view.moves : Math.min(stats.fewestMoves, view.moves);
    } else {
      stats.streak = 0;
    }
    writeStats(stats);
    addGame({ record: view.record, result, moves: view.moves, time: seconds, date: Date.now() });
    show();
  }

  return {
    /** The game in progress's {counted, finished}, to save with it. */
    get tally() {
      return tally;
    },
    /** A game was opened (`saved`: its stored tally, for a stored game) at `view`. */
    opened(view, saved = null) {
      tally = saved ? { ...saved } : { counted: false, finished: false };
      moves = view ? [view.moves, view.redeals_left] : null;
    },
    /** The view after a player's action, `seconds` into the game. */
    played(view, seconds) {
      const now = [view.moves, view.redeals_left];
      const moved = moves !== null && (now[0] > moves[0] || now[1] < moves[1]);
      moves = now;
      if (moved && !tally.counted) {
        tally = { ...tally, counted: true };
        const stats = readStats();
        stats.played += 1;
        writeStats(stats);
        showStats();
      }
      if (view.status === "won" && tally.counted && !tally.finished) {
        finish(view, seconds, "won");
      }
    },
    /** The game of `view` is left for another: given up if it was played and not won. */
    left(view, seconds) {
      if (view && tally.counted && !tally.finished && view.status !== "won") {
        finish(view, seconds, "given-up");
      }
    },
    /** Zero the statistics (the list of games stays). */
    reset() {
      resetStats();
      showStats();
    },
    show,
  };
}

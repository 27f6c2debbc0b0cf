// The Play page: the whole game on the engine in Pyodide. The build drew a shell
// (crescent_site.play_page): a deal, the controls labelled in the page's language, the
// counters, a status region, and the words this script shows. This script opens the
// reader's game (from the address, the browser's storage or a new deal: play-games.js),
// turns the drawing into a live board (board.js) and keeps the counters, the address
// and the stored game up to date. The board is sized to fill the screen (play-fit.js);
// the hint is play-hint.js; the reader's statistics and last games are kept and shown
// (play-stats.js). Every rule
// and every sentence about a move come from the engine (crescent.browser); text from
// the address or the code field is only ever set as text, never parsed as HTML.

import { createBoard } from "../board/board.js";
import { engine, reportFailure } from "../engine/client.js";
import { createClock, formatTime } from "./play-clock.js";
import { createFit } from "./play-fit.js";
import { arrowNavigation, shortcuts } from "./play-keys.js";
import { createGames } from "./play-games.js";
import { createHint } from "./play-hint.js";
import { mountReview } from "./play-review.js";
import { createStats } from "./play-stats.js";
import { STORAGE_KEY, readSaved, writeSaved } from "./play-store.js";
import { fill, whenParsed } from "./page.js";
import { viewerLink } from "./record-link.js";

const SAVE_EVERY_S = 5;

function start(root) {
  const words = JSON.parse(root.querySelector(".crescent-game-words").textContent);
  const lang = root.dataset.lang;
  const status = root.querySelector('[role="status"]');
  const surface = root.querySelector(".crescent-game-surface");
  const field = root.querySelector("[data-code]");
  const form = root.querySelector(".crescent-game-code");
  const button = (action) => root.querySelector(`[data-action="${action}"]`);
  const offer = (action) => root.querySelector(`[data-offer="${action}"]`);
  const end = root.querySelector(".crescent-game-end");
  const endText = root.querySelector(".crescent-game-end-text");
  const moves = root.querySelector("[data-moves]");
  const time = root.querySelector("[data-time]");
  const more = root.querySelector(".crescent-game-more");
  const current = root.querySelector("[data-current-link]");
  const fit = createFit(root);
  const stats = createStats(root, lang, words);

  // The page's state, one plain object: the engine, the game's session and board,
  // the engine's last view, when the game was last saved, and the arrangement of the
  // horseshoe last asked of the engine.
  const state = { api: null, session: null, board: null, view: null, lastSave: 0, drawn: null };

  const say = (text) => {
    status.textContent = text;
  };

  const clock = createClock((seconds) => {
    time.textContent = formatTime(seconds);
    if (seconds - state.lastSave >= SAVE_EVERY_S) {
      saveTime();
    }
  });

  function save() {
    state.lastSave = clock.seconds;
    writeSaved(state.view, state.lastSave, stats.tally);
  }

  /** Save the time played, unless another tab or page has saved a game of its own since. */
  function saveTime() {
    const saved = readSaved();
    if (state.view && (!saved || saved.record === state.view.record)) {
      save();
    }
  }

  function fail(error) {
    if (root.dataset.state === "error") {
      return;
    }
    const kind = reportFailure(error);
    clock.run(false);
    for (const control of root.querySelectorAll("button, input")) {
      control.disabled = true;
    }
    say(words[`error-${kind}`]);
    root.dataset.state = "error";
  }

  /** After every drawing: counters, buttons, state, end panel, address, storage. */
  function update(answer) {
    // The same game redrawn (a new arrangement for the screen) says nothing new.
    const sameGame = state.view !== null && state.view.record === answer.record;
    state.view = answer;
    moves.textContent = String(answer.moves);
    button("redeal").textContent = answer.redeal_label;
    const phase = answer.status === "won" || answer.status === "blocked" ? answer.status : "ready";
    root.dataset.state = phase;
    clock.run(phase === "ready");
    end.hidden = phase === "ready";
    offer("undo").hidden = phase !== "blocked" || !answer.can_undo;
    if (phase === "won") {
      const summary = fill(words.won, { moves: answer.moves, time: formatTime(clock.seconds) });
      endText.textContent = summary;
      say(answer.message ? `${answer.message}. ${summary}` : summary);
    } else if (phase === "blocked") {
      endText.textContent = answer.can_undo ? words["blocked-offer"] : words["blocked-new"];
      if (!answer.message && !sameGame) {
        say(endText.textContent); // a blocked game reopened: no move just said why
      }
      // Where did it go wrong: the review of a blocked game goes in its slot here.
    }
    stats.played(answer, clock.seconds);
    refit(); // the end panel came or went: the board makes room
    save();
    if (more.open) {
      linkCurrent();
    }
  }

  /** The link "step through this game" opens the game as it stands in the viewer. */
  function linkCurrent() {
    if (state.view && state.view.record) {
      const record = state.view.record;
      viewerLink(current.getAttribute("href"), record).then(
        (link) => {
          if (state.view && state.view.record === record) {
            current.href = link;
          }
        },
        () => {},
      );
    }
  }

  function download() {
    if (!state.view || !state.view.record) {
      return;
    }
    const url = URL.createObjectURL(new Blob([state.view.record], { type: "application/json" }));
    const link = document.createElement("a");
    link.href = url;
    link.download = `crescent-${state.view.code}.json`;
    document.body.append(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  }

  /** The screen changed: size the board again, and redraw it if its arrangement changed. */
  function refit() {
    const layout = fit.update();
    if (state.board && state.session !== null && layout !== state.drawn) {
      state.board.act({ action: "view" }).catch(() => {});
    }
  }

  const page = { root, state, lang, words, field, status, say, fail, fit, stats, clock };
  const games = createGames(page);
  const hint = createHint(page, button("hint"));

  function wire() {
    const act = (action) => () => state.board.act({ action }).catch(() => {});
    const guard = (task) => () => task().catch(fail);
    button("undo").addEventListener("click", act("undo"));
    button("redeal").addEventListener("click", act("redeal"));
    button("new").addEventListener("click", guard(games.newGame));
    button("hint").addEventListener("click", hint);
    offer("undo").addEventListener("click", act("undo"));
    offer("new").addEventListener("click", guard(games.newGame));
    button("copy").addEventListener("click", async () => {
      try {
        await navigator.clipboard.writeText(state.view.code);
        say(words.copied);
      } catch {
        field.focus();
        field.select();
        say(words["copy-selected"]);
      }
    });
    form.addEventListener("submit", (event) => {
      event.preventDefault();
      games.openCode(field.value, true).catch(fail);
    });
    arrowNavigation(surface);
    shortcuts({ KeyU: button("undo"), KeyR: button("redeal"), KeyH: button("hint") });
    button("download").addEventListener("click", download);
    button("reset-stats").addEventListener("click", () => {
      if (window.confirm(words["stats-confirm"])) {
        stats.reset();
        say(words["stats-reset-done"]);
      }
    });
    more.addEventListener("toggle", () => {
      if (more.open) {
        linkCurrent();
      }
    });
    window.addEventListener("pagehide", saveTime);
    window.addEventListener("storage", (event) => {
      if (event.key === STORAGE_KEY && event.newValue !== null) {
        games.adopt().catch(fail);
      }
    });
    document.addEventListener("visibilitychange", () => {
      if (document.visibilityState === "hidden") {
        saveTime();
      }
    });
  }

  stats.show();
  fit.update();
  fit.reveal();
  let resizing = false;
  const scheduleRefit = () => {
    if (!resizing) {
      resizing = true;
      requestAnimationFrame(() => {
        resizing = false;
        refit();
      });
    }
  };
  window.addEventListener("resize", scheduleRefit);
  // The end panel grows while a game is over (the review's progress and answer):
  // the board makes room for it so the status line stays on screen.
  new ResizeObserver(scheduleRefit).observe(root.querySelector(".crescent-game-end"));

  engine()
    .then(async (loaded) => {
      state.api = loaded;
      state.api.onFailure(fail);
      state.board = createBoard(surface, {
        send: (request) => {
          state.drawn = fit.layout;
          return state.api.call("act", { session: state.session, layout: state.drawn, ...request });
        },
        status,
        onView: update,
        onError: fail,
        tap: "auto",
        doubleTap: true,
        dropArea: true,
        cancelOutside: true,
      });
      wire();
      mountReview(root, () => state.session);
      for (const control of root.querySelectorAll("button, input")) {
        control.disabled = false;
      }
      const shown = status.textContent;
      await games.first();
      refit(); // the buttons' words may have changed (the redeals left): fit again
      fit.reveal();
      if (status.textContent === shown) {
        say(words.ready);
      }
      performance.mark("crescent:ready:play");
    }, fail)
    .catch(fail);
}

whenParsed(() => {
  const root = document.querySelector("[data-crescent-game]");
  if (root) {
    start(root);
  }
});

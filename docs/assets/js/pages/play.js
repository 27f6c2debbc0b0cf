// The Play page: the whole game on the engine in Pyodide. The build drew a shell
// (crescent_site.play_page): a deal, the controls labelled in the page's language, the
// counters, a status region, and the words this script shows. This script opens the
// reader's game (from the address, the browser's storage or a new deal), turns the
// drawing into a live board (board.js) and keeps the counters, the address and the
// stored game up to date. The board is sized to fill the screen (play-fit.js); the
// reader's statistics and last games are kept and shown (play-stats.js). Every rule
// and every sentence about a move come from the engine (crescent.browser); text from
// the address or the code field is only ever set as text, never parsed as HTML.

import { createBoard } from "../board/board.js";
import { engine, reportFailure } from "../engine/client.js";
import { createClock, formatTime } from "./play-clock.js";
import { createFit } from "./play-fit.js";
import { arrowNavigation, shortcuts } from "./play-keys.js";
import { mountReview } from "./play-review.js";
import { createStats } from "./play-stats.js";
import { STORAGE_KEY, forgetSaved, readSaved, writeSaved } from "./play-store.js";
import { fill, whenParsed } from "./page.js";
import { viewerLink } from "./record-link.js";

const EXAMPLE_NAME = /^[a-z0-9][a-z0-9-]{0,60}$/;
const SAVE_EVERY_S = 5;

const sameCode = (a, b) => a.trim().toUpperCase() === b.trim().toUpperCase();

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

  let api = null;
  let session = null;
  let board = null;
  let view = null;
  let thinking = false;
  let lastSave = 0;
  let drawn = null; // the arrangement of the horseshoe last asked of the engine

  const say = (text) => {
    status.textContent = text;
  };

  const clock = createClock((seconds) => {
    time.textContent = formatTime(seconds);
    if (seconds - lastSave >= SAVE_EVERY_S) {
      saveTime();
    }
  });

  function save() {
    lastSave = clock.seconds;
    writeSaved(view, lastSave, stats.tally);
  }

  /** Save the time played, unless another tab or page has saved a game of its own since. */
  function saveTime() {
    const saved = readSaved();
    if (view && (!saved || saved.record === view.record)) {
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
    view = answer;
    moves.textContent = String(answer.moves);
    button("redeal").textContent = answer.redeal_label;
    const state = answer.status === "won" || answer.status === "blocked" ? answer.status : "ready";
    root.dataset.state = state;
    clock.run(state === "ready");
    end.hidden = state === "ready";
    offer("undo").hidden = state !== "blocked" || !answer.can_undo;
    if (state === "won") {
      const summary = fill(words.won, { moves: answer.moves, time: formatTime(clock.seconds) });
      endText.textContent = summary;
      say(answer.message ? `${answer.message}. ${summary}` : summary);
    } else if (state === "blocked") {
      endText.textContent = answer.can_undo ? words["blocked-offer"] : words["blocked-new"];
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
    if (view && view.record) {
      const record = view.record;
      viewerLink(current.getAttribute("href"), record).then(
        (link) => {
          if (view && view.record === record) {
            current.href = link;
          }
        },
        () => {},
      );
    }
  }

  function download() {
    if (!view || !view.record) {
      return;
    }
    const url = URL.createObjectURL(new Blob([view.record], { type: "application/json" }));
    const link = document.createElement("a");
    link.href = url;
    link.download = `crescent-${view.code}.json`;
    document.body.append(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  }

  /** The screen changed: size the board again, and redraw it if its arrangement changed. */
  function refit() {
    const layout = fit.update();
    if (board && session !== null && layout !== drawn) {
      board.act({ action: "view" }).catch(() => {});
    }
  }

  /**
   * Open a game (`request` for the engine's open_game); resolves to the engine's answer.
   * `tally` is a stored game's {counted, finished}; a game opened with `leave` leaves
   * the one shown (given up if played and not won).
   */
  async function open(request, elapsed = 0, tally = null, leave = true) {
    drawn = fit.layout;
    const answer = await api.call("open_game", { lang, layout: drawn, ...request });
    if (typeof answer.svg !== "string") {
      return answer;
    }
    if (leave) {
      stats.left(view, clock.seconds);
    }
    stats.opened(answer, tally);
    if (session !== null && session !== answer.session) {
      api.call("close_game", { session }).catch(() => {});
    }
    session = answer.session;
    field.value = answer.code;
    field.removeAttribute("aria-invalid");
    const address = new URL(window.location.href);
    address.search = "";
    address.searchParams.set("code", answer.code);
    window.history.replaceState(window.history.state, "", address);
    clock.set(elapsed);
    board.show(answer);
    return answer;
  }

  async function newGame() {
    const answer = await open({ new: true });
    say(fill(words["new-done"], { code: answer.code }));
  }

  async function openCode(text) {
    const answer = await open({ code: text });
    if (answer.error) {
      field.value = view ? view.code : "";
      say(answer.message);
      return false;
    }
    say(fill(words.opened, { code: answer.code }));
    return true;
  }

  async function openExample(name, step) {
    if (!EXAMPLE_NAME.test(name)) {
      say(fill(words["bad-example"], { name }));
      return false;
    }
    const response = await fetch(new URL(`../../../examples/${name}.json`, import.meta.url));
    if (!response.ok) {
      say(fill(words["bad-example"], { name }));
      return false;
    }
    const answer = await open({ record: await response.text(), step: step || "start" });
    if (answer.error) {
      say(answer.message);
      return false;
    }
    return true;
  }

  async function restore(saved) {
    const request = { record: saved.record, undo: saved.undo };
    const answer = await open(request, saved.elapsed, saved.tally, false);
    if (answer.error) {
      forgetSaved();
      await newGame();
      say(fill(words.discarded, { detail: answer.message }));
      return;
    }
    if (answer.status === "in-play") {
      say(words.restored);
    }
  }

  /** The game the page opens with: the address's example or code, the stored game, or a new one. */
  async function first() {
    const params = new URLSearchParams(window.location.search);
    const saved = readSaved();
    let refused = null; // why the address's game could not be opened
    if (params.has("example")) {
      if (await openExample(params.get("example"), params.get("step"))) {
        return;
      }
      refused = status.textContent;
    }
    const code = params.get("code");
    if (code !== null && !(saved && saved.code && sameCode(saved.code, code))) {
      if (await openCode(code)) {
        return;
      }
      refused = status.textContent;
    }
    await (saved ? restore(saved) : newGame());
    if (refused) {
      say(refused); // then carry on with the reader's game
    }
  }

  /** Another tab or language saved a different game: carry on with it here too. */
  async function adopt() {
    const saved = readSaved();
    if (saved && view && saved.record !== view.record) {
      const request = { record: saved.record, undo: saved.undo };
      const answer = await open(request, saved.elapsed, saved.tally, false);
      if (!answer.error && answer.status === "in-play") {
        say(words.restored);
      }
    }
  }

  async function hint() {
    if (thinking || session === null) {
      return;
    }
    thinking = true;
    const asked = view;
    const control = button("hint");
    control.textContent = words.thinking;
    control.setAttribute("aria-busy", "true");
    root.dataset.hint = "thinking";
    say(words.searching);
    try {
      const answer = await api.call("hint", { session });
      if (answer.error) {
        return;
      }
      say(answer.message);
      if (answer.move && view === asked) {
        board.hint(answer.move);
      }
    } catch (error) {
      fail(error);
    } finally {
      thinking = false;
      control.textContent = words.hint;
      control.removeAttribute("aria-busy");
      delete root.dataset.hint;
    }
  }

  function wire() {
    const act = (action) => () => board.act({ action }).catch(() => {});
    const guard = (task) => () => task().catch(fail);
    button("undo").addEventListener("click", act("undo"));
    button("redeal").addEventListener("click", act("redeal"));
    button("new").addEventListener("click", guard(newGame));
    button("hint").addEventListener("click", hint);
    offer("undo").addEventListener("click", act("undo"));
    offer("new").addEventListener("click", guard(newGame));
    button("copy").addEventListener("click", async () => {
      try {
        await navigator.clipboard.writeText(view.code);
        say(words.copied);
      } catch {
        field.focus();
        field.select();
        say(words["copy-selected"]);
      }
    });
    form.addEventListener("submit", (event) => {
      event.preventDefault();
      openCode(field.value).catch(fail);
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
        adopt().catch(fail);
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
      api = loaded;
      api.onFailure(fail);
      board = createBoard(surface, {
        send: (request) => {
          drawn = fit.layout;
          return api.call("act", { session, layout: drawn, ...request });
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
      mountReview(root, () => session);
      for (const control of root.querySelectorAll("button, input")) {
        control.disabled = false;
      }
      const shown = status.textContent;
      await first();
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

// Opening a game on the Play page: a new deal, a typed code, an example from the
// address, the reader's stored game, or the game another tab saved. The engine opens
// it (open_game) and the page shows it; what the engine refuses is said in the
// page's words, and the game shown before stays.

import { fill } from "./page.js";
import { forgetSaved, readSaved } from "./play-store.js";

const EXAMPLE_NAME = /^[a-z0-9][a-z0-9-]{0,60}$/;

const sameCode = (a, b) => a.trim().toUpperCase() === b.trim().toUpperCase();

/**
 * The ways of opening a game for the Play page `page`: {root, state (play.js's), lang,
 * words, field (the code), status, say(text), fit, stats, clock}.
 */
export function createGames(page) {
  const { root, state, lang, words, field, status, say, fit, stats, clock } = page;
  const codeMessage = root.querySelector("[data-code-message]");

  /**
   * Open a game (`request` for the engine's open_game); resolves to the engine's answer.
   * `tally` is a stored game's {counted, finished}; a game opened with `leave` leaves
   * the one shown (given up if played and not won).
   */
  async function open(request, elapsed = 0, tally = null, leave = true) {
    const answer = await load(request);
    if (!opened(answer)) {
      return answer;
    }
    if (leave) {
      stats.left(state.view, clock.seconds);
    }
    take(answer, elapsed, tally);
    field.value = answer.code;
    refusedCode(null);
    const address = new URL(window.location.href);
    address.search = "";
    address.searchParams.set("code", answer.code);
    window.history.replaceState(window.history.state, "", address);
    state.board.show(answer);
    return answer;
  }

  /**
   * The engine's answer to `request` (open_game), drawn for the page's language and
   * screen, once what the board sent before is answered and drawn: a move answered
   * after the game opened would draw the game left over it.
   */
  async function load(request) {
    await state.board.settled();
    state.drawn = fit.layout;
    return state.api.call("open_game", { lang, layout: state.drawn, ...request });
  }

  /** Whether the engine's `answer` is an opened game (else it says why not). */
  const opened = (answer) => typeof answer.svg === "string";

  /** The opened game of `answer` becomes the page's (`elapsed` seconds, stored `tally`). */
  function take(answer, elapsed, tally) {
    stats.opened(answer, tally);
    if (state.session !== null && state.session !== answer.session) {
      state.api.call("close_game", { session: state.session }).catch(() => {});
    }
    state.session = answer.session;
    clock.set(elapsed);
  }

  async function newGame() {
    const answer = await open({ new: true });
    say(fill(words["new-done"], { code: answer.code }));
  }

  /**
   * Say under the field why the code it holds was refused (`message`), or nothing
   * (null): a code the reader typed stays there to be mended (a QA run: it went back to
   * the game's code, and in a phone's landscape the reason was off the screen).
   */
  function refusedCode(message) {
    const shown = message !== null;
    codeMessage.textContent = shown ? message : "";
    codeMessage.hidden = !shown;
    if (shown) {
      field.setAttribute("aria-invalid", "true");
      field.setAttribute("aria-describedby", codeMessage.id);
    } else {
      field.removeAttribute("aria-invalid");
      field.removeAttribute("aria-describedby");
    }
  }

  /** Open the game of `text`; `typed` by the reader in the field (else from the address). */
  async function openCode(text, typed = false) {
    const answer = await open({ code: text });
    if (answer.error) {
      if (typed) {
        refusedCode(answer.message);
      } else {
        field.value = state.view ? state.view.code : "";
      }
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
    const response = await fetch(new URL(`examples/${name}.json`, window.crescentRuntime().root));
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

  /**
   * The stored game, which the address's game replaces: opened first, so that the
   * address's game leaves it as any other game is left (given up and listed if it was
   * played and not won). Opened at once from the address, it was dropped unlisted
   * while the statistics had counted it (a QA run). It is not drawn: drawn, it came
   * alive a moment before the address's game replaced it, and a key pressed then went
   * to the game being left.
   */
  async function leaveSaved(saved) {
    if (saved) {
      const answer = await load({ record: saved.record, undo: saved.undo });
      if (opened(answer)) {
        take(answer, saved.elapsed, saved.tally);
        state.view = answer; // what the address's game leaves
      }
    }
  }

  /** The game the page opens with: the address's example or code, the stored game, or a new one. */
  async function first() {
    const params = new URLSearchParams(window.location.search);
    const saved = readSaved();
    let refused = null; // why the address's game could not be opened
    if (params.has("example")) {
      await leaveSaved(saved);
      if (await openExample(params.get("example"), params.get("step"))) {
        return;
      }
      refused = status.textContent;
    }
    const code = params.get("code");
    if (code !== null && !(saved && saved.code && sameCode(saved.code, code))) {
      if (!params.has("example")) {
        await leaveSaved(saved);
      }
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
    if (saved && state.view && saved.record !== state.view.record) {
      const request = { record: saved.record, undo: saved.undo };
      const answer = await open(request, saved.elapsed, saved.tally, false);
      if (!answer.error && answer.status === "in-play") {
        say(words.restored);
      }
    }
  }

  return { open, newGame, openCode, openExample, restore, first, adopt };
}

// The game the Examples viewer shows, and its steps: the engine replays a record once
// (`open_steps`) and draws any step of it (`show_step`); the board shows each step,
// a step forward or back played as motion (board/display.js). One call at a time:
// every request waits for the ones before it. The address follows the step shown
// (`#move-10`, or `#record=1.…&move-10` for the reader's own game).

import { stepChange } from "../board/anim.js";
import { createDisplay } from "../board/display.js";
import { engine } from "../engine/client.js";
import { fill } from "./page.js";

/** Each step button's step (its `data-action`), from step `index` of `count` steps. */
export const STEP_OF_BUTTON = {
  first: () => 0,
  previous: (index) => index - 1,
  next: (index) => index + 1,
  last: (index, count) => count - 1,
};

/**
 * The game shown in the viewer `root`; `onError(error)` when the engine fails.
 * Its fields: `game` (the engine's handle), `anchors` (each step's name), `carried`
 * (the address fragment carrying the reader's own record, or null for the page's
 * example) and `index` (the step shown).
 */
export function createViewerGame(root, onError) {
  const slider = root.querySelector('[data-action="slider"]');
  const bar = root.querySelector(".crescent-viewer-bar");
  const status = root.querySelector(".crescent-viewer-step");
  const play = root.querySelector(".crescent-viewer-play");
  const links = root.querySelector(".crescent-viewer-links");
  const own = root.querySelector(".crescent-viewer-own");
  const message = own.querySelector(".crescent-viewer-message");
  const summary = own.querySelector(".crescent-viewer-summary");
  const back = own.querySelector('[data-load="example"]');
  const display = createDisplay(root.querySelector(".crescent-viewer-board"));
  const lang = root.dataset.lang;
  const page = pageAround(root, own);
  let calls = Promise.resolve();

  const shown = { game: null, anchors: [], carried: null, index: 0 };

  /** The viewer's own words (`data-msg-<name>` of the shell), with `values` filled in. */
  const words = (name, values = {}) => fill(own.getAttribute(`data-msg-${name}`) || "", values);

  /** Queue `task` after the calls before it: the engine answers one at a time. */
  function queue(task) {
    calls = calls.then(task).catch(onError);
    return calls;
  }

  function address(anchor) {
    return shown.carried === null ? `#${anchor}` : `#${shown.carried}&${anchor}`;
  }

  /** Say why a game was refused; the game shown stays. */
  function refuse(problem) {
    message.textContent = words("refused", { problem });
    root.dataset.refused = "true";
    if (location.hash !== address(root.dataset.step)) {
      history.replaceState(null, "", address(root.dataset.step)); // not the refused link
    }
  }

  /** The step buttons that would go nowhere from step `index` of `count` say so. */
  function ends(index, count) {
    for (const button of bar.querySelectorAll("button[data-action]")) {
      const target = STEP_OF_BUTTON[button.dataset.action](index, count);
      const idle = Math.max(0, Math.min(target, count - 1)) === index;
      button.setAttribute("aria-disabled", String(idle));
    }
  }

  /** A game accepted (opened, or the one shown asked for again): no refusal stays said. */
  function accept() {
    message.textContent = "";
    delete root.dataset.refused;
  }

  /** Draw step `target` of the game shown; the address follows unless it led here. */
  async function draw(target, fromAddress) {
    const api = await engine();
    const wanted = Math.max(0, Math.min(target, shown.anchors.length - 1));
    const view = await api.call("show_step", { steps: shown.game, index: wanted });
    view.game = shown.game;
    const before = display.view && display.view.game === view.game ? display.view : null;
    shown.index = view.index;
    display.show(view, stepChange(before, view));
    status.textContent = view.description;
    slider.value = String(shown.index);
    root.dataset.step = view.anchor;
    root.dataset.won = String(view.won); // nothing to continue on Play (viewer.css)
    ends(shown.index, shown.anchors.length);
    play.href = `${play.dataset.play}&step=${view.anchor}`;
    const wantedAddress = address(view.anchor);
    if (!fromAddress && location.hash !== wantedAddress) {
      history.replaceState(null, "", wantedAddress);
    }
  }

  /**
   * Draw step `target`: a number, or a function of the step shown then (Next after a
   * paste means the step after the pasted game's start, whichever call lands first).
   * A motion under way ends at once: the new step does not wait for it.
   */
  function show(target, { fromAddress = false } = {}) {
    display.finish();
    return queue(() =>
      draw(typeof target === "function" ? target(shown.index) : target, fromAddress),
    );
  }

  /** Open `record` (text) as the game shown; false, with the reason said, if refused. */
  async function open(record, fragment) {
    const api = await engine();
    const opened = await api.call("open_steps", { lang, record });
    if (opened.error) {
      refuse(opened.message);
      return false;
    }
    shown.game = opened.steps;
    shown.anchors = opened.anchors;
    shown.carried = fragment;
    slider.max = String(shown.anchors.length - 1);
    accept();
    summary.hidden = fragment === null;
    summary.textContent = fragment === null ? "" : opened.summary;
    back.hidden = fragment === null;
    links.hidden = fragment !== null; // Play opens the example only
    root.dataset.game = fragment === null ? "example" : "own";
    page.show(fragment === null);
    return true;
  }

  return { shown, words, queue, refuse, accept, draw, show, open };
}

/**
 * The page around the viewer `root`: while the reader's own game is shown, the page's
 * words and diagrams of its example step aside (viewer.css) and its title names the
 * reader's game (the `own` panel's summary), so that nothing on screen describes
 * another game than the one shown (a QA run: "The won example game" over a game
 * given up after 42 moves).
 */
function pageAround(root, own) {
  const article = root.closest("article");
  const title = article?.querySelector("h1")?.firstChild;
  const exampleTitle = title?.textContent ?? "";
  const ownTitle = own.querySelector("summary")?.textContent.trim() ?? exampleTitle;
  return {
    show(example) {
      if (!article || !title || title.nodeType !== Node.TEXT_NODE) {
        return;
      }
      article.dataset.crescentViewing = example ? "example" : "own";
      title.textContent = example ? exampleTitle : ownTitle;
    },
  };
}

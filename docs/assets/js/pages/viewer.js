// The Examples viewer: steps through a recorded game with the engine drawing each
// step. First, previous, next, last, the slider and the arrow keys move; the play
// button (or Space on the board) steps on its own (viewer-autoplay.js); the page
// address follows the step (#move-10), and an address opens the viewer there.
//
// Any crescent-game/1 record can be shown, not only the page's example: from a link
// that carries it (#record=1.…&move-10, see record-link.js), pasted, or from a file
// (viewer-own.js). The reader's own game keeps its record and step in the address,
// so the address is a link to it. A record the link format or the engine refuses is
// said in the page's language, and the game shown before stays shown. Every word and
// drawing comes from the engine or the built page; the reader's text is only ever set
// as text. The game shown and its steps are viewer-game.js.

import { engine, reportFailure } from "../engine/client.js";
import { isRecordFragment, splitRecordFragment } from "./record-link.js";
import { createAutoplay } from "./viewer-autoplay.js";
import { STEP_OF_BUTTON, createViewerGame } from "./viewer-game.js";
import { createOwnGames } from "./viewer-own.js";

const KEYS_LTR = { ArrowLeft: -1, ArrowRight: 1 };
const KEYS_RTL = { ArrowLeft: 1, ArrowRight: -1 };
const STEP_ANCHOR = /^(start|move-\d+|redeal-\d+)$/;

/** The hash of the address without "#", percent escapes undone where they can be. */
function currentFragment() {
  const raw = location.hash.slice(1);
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw; // not ours (malformed escapes): as it is, it matches nothing
  }
}

function setUp(root) {
  const bar = root.querySelector(".crescent-viewer-bar");
  const auto = root.querySelector(".crescent-viewer-auto");
  const slider = root.querySelector('[data-action="slider"]');
  const speed = auto.querySelector('[data-action="speed"]');
  const board = root.querySelector(".crescent-viewer-board");
  const status = root.querySelector(".crescent-viewer-step");
  const own = root.querySelector(".crescent-viewer-own");
  const form = own.querySelector("form");
  const paste = own.querySelector("textarea");
  const file = own.querySelector('input[type="file"]');
  const example = root.querySelector(".crescent-viewer-record").textContent;
  const rtl = document.dir === "rtl" || document.body.dir === "rtl";

  function fail(error) {
    root.dataset.state = "error";
    status.textContent = root.getAttribute(`data-error-${reportFailure(error)}`) || "";
  }

  const viewer = createViewerGame(root, fail);
  const { shown, queue, show } = viewer;
  const games = createOwnGames(root, viewer, example);
  const autoplay = createAutoplay(auto.querySelector('[data-action="autoplay"]'), speed, {
    step: (index) => show(index),
    where: () => ({
      anchor: shown.anchors[shown.index],
      index: shown.index,
      count: shown.anchors.length,
    }),
  });

  /** The reader steps by hand: autoplay stops, the step is shown. */
  function step(target, options) {
    autoplay.stop();
    return show(target, options);
  }

  /** Open another game (or the example) by `task`: autoplay stops first. */
  function load(task) {
    autoplay.stop();
    return queue(task);
  }

  /** Follow the address: a record link, or a step of the game shown. */
  function fromAddress() {
    const fragment = currentFragment();
    if (isRecordFragment(fragment)) {
      const { record: part, step: anchor } = splitRecordFragment(fragment);
      if (part === shown.carried) {
        const found = shown.anchors.indexOf(anchor);
        if (found >= 0 && found !== shown.index) {
          step(found, { fromAddress: true });
        }
        return true;
      }
      load(() => games.openFragment(fragment));
      return true;
    }
    const found = shown.anchors.indexOf(fragment);
    if (shown.carried === null && found >= 0) {
      step(found, { fromAddress: true }).then(() => root.scrollIntoView({ block: "start" }));
      return true;
    }
    if (shown.carried !== null && fragment && STEP_ANCHOR.test(fragment)) {
      load(() => games.openExample(fragment)).then(() => root.scrollIntoView({ block: "start" }));
      return true;
    }
    return false;
  }

  /** The step of the button `action`, from the step shown when its turn comes. */
  const stepOf = (action) => (index) => STEP_OF_BUTTON[action](index, shown.anchors.length);
  bar.addEventListener("click", (event) => {
    const button = event.target.closest("button[data-action]");
    const known = button && button.dataset.action in STEP_OF_BUTTON;
    if (known && button.getAttribute("aria-disabled") !== "true") {
      step(stepOf(button.dataset.action));
    }
  });
  slider.addEventListener("input", () => step(Number(slider.value)));
  root.addEventListener("keydown", (event) => {
    if (event.target === slider || event.target === speed || own.contains(event.target)) {
      return;
    }
    const by = (rtl ? KEYS_RTL : KEYS_LTR)[event.key];
    if (by) {
      event.preventDefault();
      step((index) => index + by);
    } else if (event.key === "Home" || event.key === "End") {
      event.preventDefault();
      step(stepOf(event.key === "Home" ? "first" : "last"));
    } else if (event.key === " " && event.target === board) {
      event.preventDefault(); // Space on the board plays or pauses; the page stays
      autoplay.toggle();
    }
  });
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    load(() => games.openText(paste.value));
  });
  file.addEventListener("change", () => {
    const chosen = file.files && file.files[0];
    file.value = ""; // the same file chosen again is read again
    if (chosen) {
      load(() => games.openFile(chosen));
    }
  });
  own.querySelector('[data-load="example"]').addEventListener("click", () => {
    load(() => games.openExample());
  });

  engine()
    .then((api) => {
      api.onFailure(fail);
      return viewer.open(example, null);
    })
    .then((opened) => {
      if (!opened) {
        throw new Error(own.querySelector(".crescent-viewer-message").textContent);
      }
      bar.hidden = false;
      auto.hidden = false;
      own.hidden = false;
      root.dataset.state = "ready";
      window.addEventListener("hashchange", fromAddress);
      for (const link of document.querySelectorAll(".crescent-moves a[href^='#']")) {
        link.addEventListener("click", (event) => {
          const anchor = link.getAttribute("href").slice(1);
          if (shown.carried === null && shown.anchors.includes(anchor)) {
            event.preventDefault();
            // A link followed: Back returns to the list (the step buttons replace the
            // address instead, so that they do not fill the history).
            if (window.location.hash !== `#${anchor}`) {
              history.pushState(null, "", `#${anchor}`);
            }
            step(shown.anchors.indexOf(anchor)).then(() => root.scrollIntoView({ block: "start" }));
          } else if (shown.carried !== null) {
            event.preventDefault();
            load(() => games.openExample(anchor)).then(() =>
              root.scrollIntoView({ block: "start" }),
            );
          }
        });
      }
      if (!fromAddress()) {
        show(0, { fromAddress: true });
      }
    })
    .catch(fail);
}

for (const root of document.querySelectorAll("[data-crescent-viewer]")) {
  setUp(root);
}

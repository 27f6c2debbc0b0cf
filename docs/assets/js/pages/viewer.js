// The Examples viewer: steps through a recorded game with the engine drawing each
// step. First, previous, next, last, the slider and the arrow keys move; the page
// address follows the step (#move-10), and an address opens the viewer there.
// Every word and drawing comes from the engine or the built page.

import { engine, failureKind } from "../engine/client.js";

const KEYS_LTR = { ArrowLeft: -1, ArrowRight: 1 };
const KEYS_RTL = { ArrowLeft: 1, ArrowRight: -1 };

function setUp(root) {
  const bar = root.querySelector(".crescent-viewer-bar");
  const slider = root.querySelector('[data-action="slider"]');
  const board = root.querySelector(".crescent-viewer-board");
  const status = root.querySelector(".crescent-viewer-step");
  const play = root.querySelector(".crescent-viewer-play");
  const record = root.querySelector(".crescent-viewer-record").textContent;
  const rtl = document.dir === "rtl" || document.body.dir === "rtl";
  let anchors = [];
  let game = null;
  let index = 0;
  let calls = Promise.resolve();

  function fail(error) {
    root.dataset.state = "error";
    status.textContent = root.getAttribute(`data-error-${failureKind(error)}`) || "";
  }

  function show(target, { fromAddress = false } = {}) {
    const wanted = Math.max(0, Math.min(target, anchors.length - 1));
    calls = calls
      .then(async () => {
        const api = await engine();
        const view = await api.call("show_step", { steps: game, index: wanted });
        index = view.index;
        board.innerHTML = view.svg;
        status.textContent = view.description;
        slider.value = String(index);
        root.dataset.step = view.anchor;
        play.href = `${play.dataset.play}&step=${view.anchor}`;
        if (!fromAddress && location.hash !== `#${view.anchor}`) {
          history.replaceState(null, "", `#${view.anchor}`);
        }
      })
      .catch(fail);
    return calls;
  }

  function fromAddress() {
    let wanted = location.hash.slice(1);
    try {
      wanted = decodeURIComponent(wanted);
    } catch {
      // not an anchor of ours (malformed escapes): compared as it is, it matches none
    }
    const found = anchors.indexOf(wanted);
    if (found >= 0) {
      show(found, { fromAddress: true }).then(() => root.scrollIntoView({ block: "start" }));
      return true;
    }
    return false;
  }

  root.addEventListener("click", (event) => {
    const button = event.target.closest("button[data-action]");
    if (!button || !root.contains(button)) {
      return;
    }
    const moves = { first: -Infinity, previous: index - 1, next: index + 1, last: Infinity };
    const target = moves[button.dataset.action];
    show(target === -Infinity ? 0 : target === Infinity ? anchors.length - 1 : target);
  });
  slider.addEventListener("input", () => show(Number(slider.value)));
  root.addEventListener("keydown", (event) => {
    if (event.target === slider) {
      return;
    }
    const step = (rtl ? KEYS_RTL : KEYS_LTR)[event.key];
    if (step) {
      event.preventDefault();
      show(index + step);
    } else if (event.key === "Home" || event.key === "End") {
      event.preventDefault();
      show(event.key === "Home" ? 0 : anchors.length - 1);
    }
  });

  engine()
    .then((api) => {
      api.onFailure(fail);
      return api.call("open_steps", { lang: root.dataset.lang, record });
    })
    .then((opened) => {
      if (opened.error) {
        throw new Error(opened.message);
      }
      game = opened.steps;
      anchors = opened.anchors;
      bar.hidden = false;
      root.dataset.state = "ready";
      window.addEventListener("hashchange", fromAddress);
      for (const link of document.querySelectorAll(".crescent-moves a[href^='#']")) {
        link.addEventListener("click", (event) => {
          const found = anchors.indexOf(link.getAttribute("href").slice(1));
          if (found >= 0) {
            event.preventDefault();
            show(found).then(() => root.scrollIntoView({ block: "start" }));
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

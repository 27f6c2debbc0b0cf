// The rule demos: each `[data-crescent-demo]` shell the build drew (crescent_site.demo)
// becomes a live board (board.js) once the page's engine runs. Until then, and for good
// if the engine cannot start, the static drawing stays and the shell's own words say why.
// Every rule and every message come from the engine (crescent.browser).

import { createBoard } from "../board/board.js";
import { engine, reportFailure } from "../engine/client.js";
import { whenParsed } from "./page.js";

/** Show the shell's words for `error` (an EngineError's kind, else "load"); keep the drawing. */
function fail(root, error) {
  if (root.dataset.state === "error") {
    return;
  }
  const kind = reportFailure(error);
  const board = root.querySelector(".crescent-demo-board");
  if (root.crescentStatic !== undefined) {
    board.innerHTML = root.crescentStatic;
  }
  root.querySelector(".crescent-demo-controls").hidden = true;
  root.querySelector('[role="status"]').textContent = root.getAttribute(`data-error-${kind}`);
  root.dataset.state = "error";
}

async function open(api, root) {
  const scenario = JSON.parse(root.querySelector(".crescent-demo-scenario").textContent);
  const surface = root.querySelector(".crescent-demo-board");
  const status = root.querySelector('[role="status"]');
  const controls = root.querySelector(".crescent-demo-controls");
  const redeal = controls.querySelector('[data-action="redeal"]');
  root.crescentStatic = surface.innerHTML;
  const view = await api.call("open_game", { lang: root.dataset.lang, scenario });
  if (typeof view.svg !== "string") {
    throw new Error(view.error || "no view");
  }
  const board = createBoard(surface, {
    send: (request) => api.call("act", { session: view.session, ...request }),
    status,
    onView: (answer) => {
      if (redeal) {
        redeal.textContent = answer.redeal_label;
      }
    },
    onError: (error) => fail(root, error),
  });
  board.show(view);
  for (const button of controls.querySelectorAll("[data-action]")) {
    button.addEventListener("click", () => {
      board.act({ action: button.dataset.action }).catch(() => {});
    });
  }
  controls.hidden = false;
  status.textContent = root.dataset.ready;
  root.dataset.state = "ready";
  performance.mark(`crescent:ready:${root.dataset.crescentDemo}`);
}

function start() {
  // A build without drawings (CRESCENT_DIAGRAMS=off) leaves empty shells: skip them.
  const roots = [...document.querySelectorAll("[data-crescent-demo]")].filter((root) =>
    root.querySelector(".crescent-demo-scenario"),
  );
  if (roots.length === 0) {
    return;
  }
  engine().then(
    (api) => {
      api.onFailure((error) => roots.forEach((root) => fail(root, error)));
      for (const root of roots) {
        open(api, root).catch((error) => fail(root, error));
      }
    },
    (error) => {
      for (const root of roots) {
        fail(root, error);
      }
    },
  );
}

whenParsed(start);

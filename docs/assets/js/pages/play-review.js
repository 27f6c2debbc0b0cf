// "Where did it go wrong?" on the Play page: for a blocked game, the engine searches
// the game's positions backwards from the end for the last one it can still win
// from (crescent.browser.review). The search runs in the engine's worker in slices of
// about half a second, so the page stays responsive and moves still get answered;
// between slices a progress bar moves. The answer comes in the page's language; when
// a win was found, a link opens the Examples viewer on the game up to that step
// followed by the solver's winning line, at that step.
//
// play.js only calls mountReview(root, currentSession); this module adds its own
// panel to the end panel's review slot and shows it while the game is blocked
// (root's data-state).

import { engine } from "../engine/client.js";
import { viewerLink } from "./record-link.js";

/** Offer the review under the Play page `root`; `currentSession()` is the game's session id. */
export function mountReview(root, currentSession) {
  const lang = root.dataset.lang;
  const panel = document.createElement("div");
  panel.className = "crescent-review";
  panel.hidden = true;
  panel.dataset.review = "idle";
  const start = document.createElement("button");
  start.type = "button";
  start.className = "md-button crescent-review-start";
  const stop = document.createElement("button");
  stop.type = "button";
  stop.className = "md-button crescent-review-stop";
  stop.hidden = true;
  const progress = document.createElement("progress");
  progress.max = 1;
  progress.value = 0;
  progress.hidden = true;
  const meter = document.createElement("p");
  meter.className = "crescent-review-progress";
  const answer = document.createElement("p");
  answer.className = "crescent-review-answer";
  answer.setAttribute("aria-live", "polite"); // not role=status: that is the game's own region
  const open = document.createElement("a");
  open.className = "md-button crescent-review-open";
  open.hidden = true;
  // The link joins the panel only with an address: an <a> without href is no link
  // (search engines and Lighthouse's crawlable-anchors say so).
  panel.append(start, stop, progress, meter, answer);
  // In the end panel's slot, so the board's fit (play-fit.js) counts it.
  const slot = root.querySelector(".crescent-game-review[data-review]");
  if (slot) {
    slot.append(panel);
  } else {
    root.append(panel);
  }

  let words = null;
  let running = null; // {session, stopped} of the search under way
  let reviewed = null; // the session whose answer is shown

  function reset() {
    if (running) {
      running.stopped = true;
    }
    reviewed = null;
    panel.dataset.review = "idle";
    delete panel.dataset.finding;
    start.hidden = false;
    start.disabled = false;
    stop.hidden = true;
    stop.disabled = false;
    progress.hidden = true;
    meter.textContent = "";
    answer.textContent = "";
    open.hidden = true;
    open.removeAttribute("href");
    open.remove();
  }

  /** Shown while the game is blocked; a review of another game or position is dropped. */
  function refresh() {
    const blocked = root.dataset.state === "blocked" && words !== null;
    if (reviewed !== null && (!blocked || currentSession() !== reviewed)) {
      reset();
    }
    panel.hidden = !blocked;
  }

  async function search() {
    const session = currentSession();
    if (running || session === null) {
      return;
    }
    const api = await engine();
    const task = { session, stopped: false };
    running = task;
    reviewed = session;
    panel.dataset.review = "searching";
    start.disabled = true;
    stop.hidden = false;
    progress.hidden = false;
    progress.removeAttribute("value"); // indeterminate until the first slice answers
    answer.textContent = "";
    open.hidden = true;
    open.remove();
    let step = await api.call("review_start", { session, lang });
    try {
      while (!step.error && !step.done && !task.stopped) {
        progress.value = step.total ? step.searched / step.total : 0;
        meter.textContent = step.message;
        step = await api.call("review_step", { review: step.review });
      }
    } finally {
      running = null;
    }
    if (task.stopped || step.error) {
      if (step.review && !step.done) {
        api.call("review_stop", { review: step.review }).catch(() => {});
      }
      if (reviewed === session) {
        reset();
        answer.textContent = words.stopped;
      }
      return;
    }
    progress.hidden = true;
    stop.hidden = true;
    start.hidden = true;
    meter.textContent = "";
    answer.textContent = step.message;
    panel.dataset.finding = step.finding;
    panel.dataset.review = "done";
    if (step.record) {
      const examples = new URL("../examples/", window.location.href).href;
      open.href = await viewerLink(examples, step.record, step.anchor);
      open.hidden = false;
      panel.append(open);
    }
  }

  start.addEventListener("click", () => {
    search().catch(() => reset());
  });
  stop.addEventListener("click", () => {
    if (running) {
      running.stopped = true;
      stop.disabled = true;
    }
  });
  new MutationObserver(refresh).observe(root, {
    attributes: true,
    attributeFilter: ["data-state"],
  });

  engine()
    .then((api) => api.call("review_words", { lang }))
    .then((loaded) => {
      words = loaded;
      start.textContent = words.button;
      stop.textContent = words.stop;
      progress.setAttribute("aria-label", words.progress);
      open.textContent = words.open;
      refresh();
    })
    .catch(() => {}); // the page says itself when the engine fails
}

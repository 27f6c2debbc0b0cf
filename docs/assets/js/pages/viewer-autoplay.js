// The Examples viewer playing itself: a play/pause button steps through the game at
// the speed chosen beside it, pausing after each redeal (the new layout takes a
// moment to read) and at the end. The viewer stops it when the reader steps by hand.
// The button's words come from the built shell (crescent_site.viewer).

/** Milliseconds between two steps at speed 1; the speed divides it. */
export const STEP_MS = 1200;

/** The wait before the next step at `speed` (a number; anything else counts as 1). */
export function stepDelay(speed) {
  const value = Number(speed);
  return Math.round(STEP_MS / (Number.isFinite(value) && value > 0 ? value : 1));
}

/**
 * Why autoplay stops after showing the step `anchor` (index `index` of `count`
 * steps): "end" at the last step, "redeal" after a redeal, else null (go on).
 */
export function pauseAfter(anchor, index, count) {
  if (index >= count - 1) {
    return "end";
  }
  return /^redeal-\d+$/.test(anchor) ? "redeal" : null;
}

/**
 * Autoplay on the button `button` with the speed `select`: `step(index)` shows a
 * step and resolves once it is drawn, `where()` answers {anchor, index, count} of the
 * step shown. Resolves nothing; `stop()` and `toggle()` are for the viewer.
 */
export function createAutoplay(button, select, { step, where }) {
  const icon = button.querySelector(".crescent-viewer-autoplay-icon");
  const label = button.querySelector(".crescent-viewer-autoplay-label");
  let timer = null;
  let run = 0; // each start counts: a stopped run's late step does not carry on

  const playing = () => button.dataset.playing === "true";

  function show(on) {
    button.dataset.playing = String(on);
    label.textContent = button.dataset[on ? "pause" : "play"];
    icon.textContent = on ? "⏸" : "▶";
  }

  function stop() {
    run += 1;
    clearTimeout(timer);
    timer = null;
    if (playing()) {
      show(false);
    }
  }

  async function advance(mine) {
    timer = null;
    const { index, count } = where();
    await step(index >= count - 1 ? 0 : index + 1);
    if (mine !== run) {
      return;
    }
    const shown = where();
    if (pauseAfter(shown.anchor, shown.index, shown.count)) {
      stop();
      return;
    }
    timer = setTimeout(() => advance(mine), stepDelay(select.value));
  }

  function start() {
    stop();
    show(true);
    advance(run).catch(stop);
  }

  function toggle() {
    if (playing()) {
      stop();
    } else {
      start();
    }
  }

  button.addEventListener("click", toggle);
  show(false);
  return { stop, toggle, playing };
}

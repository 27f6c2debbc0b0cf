// What every live board shows while the engine loads: a bar and a percentage of the
// runtime's bytes received (the worker counts them, meter.js), and, when none have
// arrived for a while, that the connection seems stalled. The words come from the
// board's shell, in the page's language (crescent_site.demo, `loading_attributes`);
// numbers are written as the page's language writes them (Intl), a percent as its
// catalog does (`data-percent`: "42 %" in Bulgarian, where Intl writes "42%"). The
// bar fills in the reading direction, from the right in Hebrew: it is drawn with
// logical properties (assets/loading.css). Each board says where its bar goes
// (`data-progress`: the status line of a demo or of Play, beside its loading words, or
// the viewer's bar of buttons, whose place it holds, with the words of the attribute's
// value).
//
// The bars are not read aloud (aria-hidden) and the boards' own status lines keep
// their words: one visually hidden live region per page tells screen readers how far
// loading has got at a few points only (a quarter, half, three quarters), and when the
// connection stalls or comes back.

/** Percentages announced on the way, besides a stall and its end. */
const CHECKPOINTS = [25, 50, 75];
/** A load done sooner than this shows no bar at all (a start from the browser's caches). */
const SHOW_AFTER_MS = 300;

/** `template` with `{name}` replaced by `values[name]`. */
function fill(template, values) {
  return template.replace(/\{(\w+)\}/g, (whole, name) => (name in values ? values[name] : whole));
}

/** The live boards of this page: the elements whose shells carry loading words. */
export function liveBoards() {
  return [...document.querySelectorAll("[data-loading]")];
}

/**
 * `share` (0 to 1) written as a percentage in `lang` with `template`, the catalog's
 * number.percent: "42 %", "%42", "42%".
 */
export function percentText(share, lang, template) {
  const value = new Intl.NumberFormat(lang, { maximumFractionDigits: 0 }).format(share * 100);
  return fill(template, { value });
}

/** `bytes` written in megabytes in `lang`, to one decimal: "4.9 MB", "4,9 МБ". */
export function sizeText(bytes, lang) {
  const format = { style: "unit", unit: "megabyte", maximumFractionDigits: 1 };
  return new Intl.NumberFormat(lang, format).format(bytes / 1e6);
}

function langOf(element) {
  return element.closest("[lang]")?.lang || document.documentElement.lang || "en";
}

/** One board's bar and words, in its `[data-progress]` slot. */
function boardBar(board) {
  const slot = board.querySelector("[data-progress]");
  if (!slot) {
    return null;
  }
  const block = document.createElement("span");
  block.className = "crescent-loading";
  block.setAttribute("aria-hidden", "true");
  const track = document.createElement("span");
  track.className = "crescent-loading-bar";
  const fillBar = document.createElement("span");
  fillBar.className = "crescent-loading-fill";
  track.append(fillBar);
  const words = document.createElement("span");
  words.className = "crescent-loading-words";
  block.append(track, words);
  // A status line (its `data-progress` empty) holds two lines: when stalled, the stall's
  // words take the place of the board's own loading words, at their size, in that height.
  const statusLine = !slot.dataset.progress;
  if (statusLine) {
    const style = getComputedStyle(slot);
    block.style.setProperty("--crescent-line-size", style.fontSize);
    block.style.setProperty("--crescent-line-height", `${slot.getBoundingClientRect().height}px`);
  }
  slot.append(block);
  const lang = langOf(board);
  return {
    show(share, stalled) {
      const percent = percentText(share, lang, board.dataset.percent);
      block.style.setProperty("--crescent-loaded", `${(share * 100).toFixed(1)}%`);
      block.classList.toggle("crescent-loading-stalled", stalled);
      slot.classList.toggle("crescent-loading-line-stalled", statusLine && stalled);
      const template = (stalled ? board.dataset.stalled : slot.dataset.progress) || "{percent}";
      words.textContent = fill(template, { percent });
    },
    remove() {
      block.remove();
      slot.classList.remove("crescent-loading-line-stalled");
    },
  };
}

/**
 * Show the loading of the engine on every live board; returns {progress(share),
 * stalled(isStalled), finish()}: `share` of the bytes received (0 to 1).
 */
export function showLoading() {
  const boards = liveBoards();
  let bars = null;
  let announcer = null;
  let share = 0;
  let stalled = false;
  let finished = false;
  const passed = new Set();
  let frame = 0;

  const lang = boards.length ? langOf(boards[0]) : "en";
  const announce = (text) => {
    if (announcer === null) {
      announcer = document.createElement("p");
      announcer.className = "crescent-visually-hidden";
      announcer.setAttribute("role", "status");
      announcer.setAttribute("aria-live", "polite");
      boards[0].append(announcer); // inside the page's main landmark, as all its content
    }
    announcer.textContent = text;
  };
  const words = (key) => boards[0].dataset[key];

  const draw = () => {
    frame = 0;
    if (finished) {
      return;
    }
    if (bars === null) {
      bars = boards.map(boardBar).filter(Boolean);
    }
    for (const bar of bars) {
      bar.show(share, stalled);
    }
  };
  const redraw = () => {
    if (!frame && bars !== null) {
      frame = requestAnimationFrame(draw);
    }
  };
  const timer = setTimeout(draw, SHOW_AFTER_MS);

  return {
    progress(value) {
      if (finished) {
        return; // a download still under way when the start failed: the board says why
      }
      share = Math.max(share, Math.min(1, value));
      const percent = Math.floor(share * 100);
      const reached = CHECKPOINTS.filter((point) => percent >= point && !passed.has(point));
      reached.forEach((point) => passed.add(point));
      if (boards.length && reached.length && !stalled) {
        announce(fill(words("loading"), { percent: percentText(share, lang, words("percent")) }));
      }
      redraw();
    },
    stalled(now) {
      if (finished || now === stalled || !boards.length) {
        return;
      }
      stalled = now;
      const key = stalled ? "stalled" : "loading";
      announce(fill(words(key), { percent: percentText(share, lang, words("percent")) }));
      redraw();
    },
    finish() {
      finished = true;
      clearTimeout(timer);
      if (frame) {
        cancelAnimationFrame(frame);
      }
      for (const bar of bars || []) {
        bar.remove();
      }
      announcer?.remove();
    },
  };
}

// The board's size on the Play page: the whole game (buttons, counters, board, the end
// panel when the game is over, status line) fits the screen. The shell lists the live arrangements of the horseshoe and
// their drawing sizes (`data-layouts`: "wide", ten cards across; "tall", eight across
// with the side columns hanging below, for a phone held upright); this picks the one
// whose cards come out biggest in the room left, and gives the board that size.
// A phone on its side gets the buttons beside the board (play.css).

const GAP_PX = 6;
// The first arrangement ("wide", the horseshoe as the rules draw it) is kept unless
// another gives cards this much bigger.
const PREFER_FIRST = 1.2;

/**
 * The arrangement of `layouts` ({name: [width, height]} of their drawings, the first
 * preferred) whose cards come out biggest in `room` ({width, height}, CSS pixels),
 * and the board's whole-pixel size for it: {layout, width, height}. With no room at
 * all, the arrangement `current` stays.
 */
export function fitLayout(layouts, room, current = Object.keys(layouts)[0]) {
  const { width, height } = room;
  let layout = current;
  let bestScale = 0;
  for (const [index, [name, [w, h]]] of Object.entries(layouts).entries()) {
    const scale = Math.min(width / w, height / h) / (index ? PREFER_FIRST : 1);
    if (scale > bestScale) {
      bestScale = scale;
      layout = name;
    }
  }
  const [w, h] = layouts[layout];
  let scale = Math.min(width / w, height / h);
  if (scale <= 0) {
    scale = width / w; // no height left at all: as wide as the page
  }
  return { layout, width: Math.floor(w * scale), height: Math.floor(h * scale) };
}

export function createFit(root) {
  const play = root.querySelector(".crescent-game-play");
  const bar = root.querySelector(".crescent-game-bar");
  const board = root.querySelector(".crescent-game-board");
  const message = root.querySelector(".crescent-game-message");
  const end = root.querySelector(".crescent-game-end");
  const layouts = JSON.parse(root.dataset.layouts);
  let layout = Object.keys(layouts)[0];

  /** Material's header, when it stays on screen over the page. */
  function headerHeight() {
    const header = document.querySelector(".md-header");
    if (!header) {
      return 0;
    }
    const position = getComputedStyle(header).position;
    return position === "sticky" || position === "fixed"
      ? header.getBoundingClientRect().height
      : 0;
  }

  const beside = () => getComputedStyle(play).display === "grid";

  /** The room for the board: {width, height} in CSS pixels. */
  function room() {
    const height = window.innerHeight - headerHeight() - 2 * GAP_PX;
    if (beside()) {
      return { width: play.clientWidth - bar.offsetWidth - 2 * GAP_PX, height };
    }
    const panel = end.hidden ? 0 : end.offsetHeight + GAP_PX;
    const others = bar.offsetHeight + message.offsetHeight + panel + 2 * GAP_PX;
    return { width: play.clientWidth, height: height - others };
  }

  return {
    /** The arrangement shown: "wide" or "tall". */
    get layout() {
      return layout;
    },
    /** Pick the arrangement that fits best and size the board for it; answer its name. */
    update() {
      const fitted = fitLayout(layouts, room(), layout);
      layout = fitted.layout;
      board.style.width = `${fitted.width}px`;
      board.style.height = `${fitted.height}px`;
      board.dataset.fitted = layout;
      return layout;
    },
    /** Scroll the game into view when part of it is off the screen. */
    reveal() {
      const box = play.getBoundingClientRect();
      if (box.top < headerHeight() || box.bottom > window.innerHeight) {
        play.scrollIntoView({ block: "start" });
      }
    },
  };
}

// The board's state: one plain object, read and changed by the board's modules.

/**
 * A board's state for `options` (createBoard's, see board.js): its settings, the
 * card picked, the last tap (for a double tap), the drag under way, the engine's
 * last view, and how many requests await their answer.
 */
export function createState(options) {
  const { tap = "pick", doubleTap = false, dropArea = false, cancelOutside = false } = options;
  return {
    tap, // "pick": a first tap picks; "auto": the engine plays it where the only taker is
    doubleTap, // a second tap within DOUBLE_TAP_MS sends the card to its foundation
    dropArea, // a card let go over the foundations' area is a drop
    cancelOutside, // a press anywhere but on a place puts a picked card back
    picked: null, // the place whose card is picked, as the reader sees it
    lastTap: null, // {name, time} of the last tap, for a double tap
    hinted: null, // [source, target] of the hint marked on the drawing shown
    drag: null, // {group, name, id, x, y, moving, scale, origin, shift}
    last: null, // the engine's last view
    pending: 0, // requests sent and not yet answered
  };
}

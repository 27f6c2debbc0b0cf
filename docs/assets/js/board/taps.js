// What the reader's input means, as requests for the engine: pure functions of the
// board's state (state.js) and the place touched. Nothing here knows a rule: a tap
// picks, places or puts back a card, and the engine says whether that is allowed.

import { DOUBLE_TAP_MS, FOUNDATION_NAMES } from "../shared/facts.js";

/** Two taps on one place count as a double tap when the second comes within this. */
export { DOUBLE_TAP_MS };

/** True when a tap on `name` at `time` is the second of a double tap after `lastTap`. */
export function isDoubleTap(lastTap, name, time, within = DOUBLE_TAP_MS) {
  return lastTap !== null && lastTap.name === name && time - lastTap.time < within;
}

/**
 * A tap on `name` with `picked` (a place name or null) already picked: the request
 * to send and the place picked after it. With `tap: "auto"` a first tap lets the
 * engine play the card where the only taker is (`tap`), else it picks it (`pick`).
 */
export function tapRequest(picked, name, tap = "pick") {
  if (picked === null) {
    return { request: { action: tap === "auto" ? "tap" : "pick", place: name }, picked: name };
  }
  if (picked === name) {
    return { request: { action: "cancel" }, picked: null };
  }
  return { request: { action: "move", source: picked, target: name }, picked: null };
}

/**
 * The second tap of a double tap on `name`, once the first is answered (`last`, the
 * engine's view): the card still picked goes to its foundation (`drop`). When the first
 * tap already played the card (its only place), the second asks for nothing (null): it
 * was meant for that card, and played the one under it (a QA report: a double tap on
 * 4♦ sent Q♠ home too).
 */
export function secondTapRequest(last, name, tap = "pick") {
  if (last && last.picked === name) {
    return { action: "drop", source: name };
  }
  if (last) {
    return null;
  }
  return { action: tap === "auto" ? "tap" : "pick", place: name };
}

/**
 * A card dragged from `name` and let go: over the place `target` (a name or null),
 * `onFoundations` when it was let go over the foundations (a foundation or the area
 * around them) and the board takes drops there (`dropArea`). The request, or null
 * when the card goes back where it was.
 */
export function dragRequest(name, target, { onFoundations = false, dropArea = false } = {}) {
  if (dropArea && onFoundations) {
    const request = { action: "drop", source: name };
    if (FOUNDATION_NAMES.includes(target)) {
      request.target = target;
    }
    return request;
  }
  if (target === null || target === name) {
    return null;
  }
  return { action: "move", source: name, target };
}

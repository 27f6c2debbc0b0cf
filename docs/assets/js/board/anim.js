// The board's motion, planned: which card travels from which place to which, and which
// piles turn, computed from the view shown before, the view to show and what the
// engine says changed (`change`, crescent.browser.views.change_view). Pure functions
// of plain data; motion.js plays a plan in the page.
//
// A plan is {travels: [{card, from, to, vector}], turns: [{place, rise}]}:
// - a travel: the top card of `from` goes onto `to`; `vector` is [dx, dy] from `to`'s
//   place back to `from`'s, in the units of `origin` (the board's: the drawing's own);
//   the card starts there;
// - a turn: a pile whose bottom card rises to the top (a redeal; `rise: false`, the
//   top card sinks back to the bottom: the redeal played backwards).
// Two decks hold two of each card: the engine names the places, and the plan only
// checks that the views agree with it (counts and tops); when they do not, or nothing
// moved, there is no plan and the board simply shows the new view.

/** How long a card travels, and how long a pile turns (milliseconds). */
export const TRAVEL_MS = 200;
export const TURN_MS = 260;
/** Ease in and out (cubic), as chessground's board moves its pieces. */
export const EASING = "cubic-bezier(0.65, 0, 0.35, 1)";

/**
 * The change between two views of the Examples viewer: a step forward is the new
 * step's own change, a step back the change of the step left, taken back; a jump of
 * several steps has none (the board changes at once).
 */
export function stepChange(before, after) {
  if (!before || !after || !Number.isInteger(before.index) || !Number.isInteger(after.index)) {
    return null;
  }
  const step = after.index - before.index;
  if (step === 1) {
    return after.change || null;
  }
  if (step === -1 && before.change) {
    return { ...before.change, backwards: !before.change.backwards };
  }
  return null;
}

/**
 * The plan from view `before` to view `after` for `change`, or null. `origin(name)`
 * answers where a place is drawn ([x, y]), or null when it is not drawn.
 */
export function computePlan(before, after, change, origin = () => [0, 0]) {
  const was = before && before.places;
  const now = after && after.places;
  if (!was || !now || !change || !Array.isArray(change.places)) {
    return null;
  }
  if (change.kind === "move") {
    const [from, to] = change.backwards ? [...change.places].reverse() : change.places;
    if (!(from in was && from in now && to in was && to in now) || from === to) {
      return null;
    }
    const left = was[from].count - 1 === now[from].count;
    const reached = was[to].count + 1 === now[to].count;
    const card = now[to].top;
    if (!left || !reached || !card || was[from].top !== card) {
      return null;
    }
    const start = origin(from);
    const end = origin(to);
    if (!start || !end) {
      return null;
    }
    return { travels: [{ card, from, to, vector: vector(start, end) }], turns: [] };
  }
  if (change.kind === "redeal") {
    const turns = change.places
      .filter(
        (place) =>
          place in was &&
          place in now &&
          was[place].count === now[place].count &&
          now[place].count > 1,
      )
      .filter((place) => origin(place) !== null)
      .map((place) => ({ place, rise: !change.backwards }));
    return turns.length ? { travels: [], turns } : null;
  }
  return null;
}

/** The vector from point `to` back to point `from`. */
export function vector(from, to) {
  return [from[0] - to[0], from[1] - to[1]];
}

/** Motion is shown only to a visible page, without a wish for reduced motion, that can animate. */
export function motionAllowed({ visible, reduced, animates }) {
  return Boolean(visible && !reduced && animates);
}

/** A travel's keyframes: from the source's place to the target's (CSS pixels = SVG units). */
export function travelFrames([dx, dy]) {
  return [{ transform: `translate(${dx}px, ${dy}px)` }, { transform: "translate(0px, 0px)" }];
}

/**
 * A turn's keyframes for a card `height` tall: rising, it comes up from the bottom
 * of its place, cut off below the place, over the card that was on top; sinking (the
 * other way), the top card goes down and out of sight the same way.
 */
export function turnFrames(height, rise) {
  const below = {
    transform: `translate(0px, ${height}px)`,
    clipPath: `inset(0px 0px ${height}px 0px)`,
  };
  const home = { transform: "translate(0px, 0px)", clipPath: "inset(0px 0px 0px 0px)" };
  return rise ? [below, home] : [home, below];
}

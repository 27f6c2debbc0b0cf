// The board's motion, played (anim.js plans it): Web Animations on the cards' faces
// (`.cr-face`, one per place of the engine's drawing), never on the places' numbers
// and counts, which stay still and readable.
//
// A travel: the new drawing already shows the card on its target; a copy of it flies
// there from the source, while the target shows what it showed before. The copy is
// a small drawing of its own over the board (`.cr-flying-layer`, ignored by the
// pointer and by assistive technology), moved as a whole: the browser's compositor
// moves it, and the board is not drawn again at each frame. A turn: the pile's new
// top card rises from the bottom of its place over the old one (or, backwards, the
// old one sinks). Where the cards are is measured before the new drawing goes in,
// when the page's layout is already known, so motion costs the page no extra layout.
// Only one motion runs at a time: `finish()` ends it at once (the board calls it on
// any new input or view), so a second tap is never queued behind an animation and
// never lost.

import { TRAVEL_MS, TURN_MS, EASING, motionAllowed, travelFrames, turnFrames } from "./anim.js";

const SVG_NS = "http://www.w3.org/2000/svg";
const REDUCED = "(prefers-reduced-motion: reduce)";
const EDGE = 1; // the card's outline is drawn over its edge: the copy's drawing keeps it

export function createMotion(surface, find) {
  let running = null; // {animations, cleanup, started}
  const reduced = window.matchMedia ? window.matchMedia(REDUCED) : null;
  const faceOf = (name) => find(name)?.querySelector(".cr-face") || null;

  function allowed() {
    return motionAllowed({
      visible: document.visibilityState === "visible",
      reduced: Boolean(reduced && reduced.matches),
      animates: typeof Element.prototype.animate === "function",
    });
  }

  /** Where the card of place `name` is drawn: [x, y] in CSS pixels within the board, or null. */
  function origin(name) {
    const box = placed(name);
    return box ? [box.left, box.top] : null;
  }

  /** The box of the card of place `name` (CSS pixels, within the board), or null. */
  function placed(name) {
    const face = faceOf(name);
    if (!face) {
      return null;
    }
    const box = face.getBoundingClientRect();
    const holder = surface.getBoundingClientRect();
    return {
      left: box.left - holder.left - surface.clientLeft,
      top: box.top - holder.top - surface.clientTop,
      width: box.width,
      height: box.height,
    };
  }

  /** End the running motion now: every card in its place, the copies gone. */
  function finish() {
    if (!running) {
      return;
    }
    const ended = running;
    running = null;
    for (const animation of ended.animations) {
      animation.cancel();
    }
    ended.cleanup();
    measure(ended.started);
  }

  /** How long the motion ran, as a performance measure (bench/play.py counts frames in it). */
  function measure(started) {
    // Not `crescent:…`: those are the inputs' measures, one per input.
    performance.measure("crescent-motion", { start: started, end: performance.now() });
  }

  /**
   * What the plan's places show now, before the new drawing: a copy of each face (to
   * show under the new one, or over it as it sinks) and where it is drawn.
   */
  function capture(plan) {
    const names = [...plan.travels.map((travel) => travel.to), ...plan.turns.map((t) => t.place)];
    const found = new Map();
    for (const name of names) {
      const face = faceOf(name);
      if (face) {
        const copy = face.cloneNode(true);
        copy.classList.add("cr-ghost");
        found.set(name, { face: copy, box: placed(name) });
      }
    }
    return found;
  }

  /** Play `plan` on the new drawing; `captured` is what capture() took from the old one. */
  function play(plan, captured) {
    finish();
    const animations = [];
    const undo = [];
    for (const travel of plan.travels) {
      travelCard(travel, captured.get(travel.to), animations, undo);
    }
    for (const turn of plan.turns) {
      turnPile(turn, captured.get(turn.place), animations, undo);
    }
    if (animations.length === 0) {
      undo.forEach((step) => step());
      return;
    }
    const current = {
      animations,
      started: performance.now(),
      cleanup: () => undo.forEach((step) => step()),
    };
    running = current;
    Promise.all(animations.map((animation) => animation.finished)).then(
      () => {
        if (running === current) {
          running = null;
          current.cleanup();
          measure(current.started);
        }
      },
      () => {}, // cancelled: finish() has cleaned up
    );
  }

  function travelCard(travel, before, animations, undo) {
    const face = faceOf(travel.to);
    const board = face?.ownerSVGElement;
    const height = Number(face?.querySelector("rect")?.getAttribute("height"));
    const width = Number(face?.querySelector("rect")?.getAttribute("width"));
    if (!face || !board || !before || !before.box || !width || !height) {
      return;
    }
    face.before(before.face);
    face.classList.add("cr-away");
    const layer = flyingLayer(board, face, travel, before.box, width, height);
    board.after(layer);
    undo.push(() => {
      layer.remove();
      before.face.remove();
      face.classList.remove("cr-away");
    });
    const options = { duration: TRAVEL_MS, easing: EASING };
    animations.push(layer.animate(travelFrames(travel.vector), options));
  }

  /**
   * A drawing of the card of `face` alone (`width` x `height` units), laid over the
   * board at `box` (the card's place, CSS pixels), to fly there along the travel's
   * vector.
   */
  function flyingLayer(board, face, travel, box, width, height) {
    const layer = document.createElementNS(SVG_NS, "svg");
    const scale = box.width / width;
    layer.setAttribute("class", "crescent-svg cr-flying-layer");
    layer.setAttribute("aria-hidden", "true");
    layer.setAttribute("viewBox", `${-EDGE} ${-EDGE} ${width + 2 * EDGE} ${height + 2 * EDGE}`);
    for (const name of ["font-family", "direction"]) {
      layer.setAttribute(name, board.getAttribute(name) || "");
    }
    Object.assign(layer.style, {
      left: `${box.left - EDGE * scale}px`,
      top: `${box.top - EDGE * scale}px`,
      width: `${(width + 2 * EDGE) * scale}px`,
      height: `${(height + 2 * EDGE) * scale}px`,
    });
    const card = face.cloneNode(true);
    card.classList.remove("cr-away");
    card.classList.add("cr-flying");
    card.dataset.card = travel.card;
    card.dataset.from = travel.from;
    card.dataset.to = travel.to;
    layer.append(card);
    return layer;
  }

  function turnPile(turn, before, animations, undo) {
    const face = faceOf(turn.place);
    const height = Number(face?.querySelector("rect")?.getAttribute("height"));
    if (!face || !before || !height) {
      return;
    }
    // Rising, the new top card comes over the old one; sinking, the old one goes over it.
    if (turn.rise) {
      face.before(before.face);
    } else {
      face.after(before.face);
    }
    undo.push(() => before.face.remove());
    const moving = turn.rise ? face : before.face;
    const options = { duration: TURN_MS, easing: EASING, fill: "forwards" };
    const animation = moving.animate(turnFrames(height, turn.rise), options);
    undo.push(() => animation.cancel());
    animations.push(animation);
  }

  return {
    allowed,
    origin,
    capture,
    play,
    finish,
    /** True while a motion runs. */
    get running() {
      return running !== null;
    },
  };
}

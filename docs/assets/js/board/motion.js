// The board's motion, played (anim.js plans it): Web Animations on the cards' faces
// (`.cr-face`, one per place of the engine's drawing), never on the places' numbers
// and counts, which stay still and readable.
//
// A travel: the new drawing already shows the card on its target; a copy of it
// (`.cr-flying`, drawn last, so above every place; ignored by the pointer and by
// assistive technology) flies there from the source, while the target shows what it
// showed before. A turn: the pile's new top card rises from the bottom of its place
// over the old one (or, backwards, the old one sinks). Where a card is comes from the
// drawing's own coordinates, never from the page's layout, so motion makes the page
// lay nothing out before its next frame; and the copy lives in the drawing (a layer of
// its own over the board cost each move a layout of the page, measured). Only one
// motion runs at a time: `finish()` ends it at once (the board calls it on any new
// input or view), so a second tap is never queued behind an animation and never lost.

import { TRAVEL_MS, TURN_MS, EASING, motionAllowed, travelFrames, turnFrames } from "./anim.js";
import { parseTranslate } from "./hit.js";

const SVG_NS = "http://www.w3.org/2000/svg";
const REDUCED = "(prefers-reduced-motion: reduce)";

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

  /** Where place `name` is in the drawing: [x, y] in its units, or null. */
  function origin(name) {
    const place = find(name);
    return place ? parseTranslate(place.getAttribute("transform")) : null;
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

  /** What the plan's places show now, before the new drawing: a copy of each face. */
  function capture(plan) {
    const names = [...plan.travels.map((travel) => travel.to), ...plan.turns.map((t) => t.place)];
    const faces = new Map();
    for (const name of names) {
      const face = faceOf(name);
      if (face) {
        const copy = face.cloneNode(true);
        copy.classList.add("cr-ghost");
        faces.set(name, copy);
      }
    }
    return faces;
  }

  /** Play `plan` on the new drawing; `faces` are what capture() took from the old one. */
  function play(plan, faces) {
    finish();
    const animations = [];
    const undo = [];
    for (const travel of plan.travels) {
      travelCard(travel, faces.get(travel.to), animations, undo);
    }
    for (const turn of plan.turns) {
      turnPile(turn, faces.get(turn.place), animations, undo);
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
    const place = find(travel.to);
    const face = faceOf(travel.to);
    const board = face?.ownerSVGElement;
    if (!face || !board || !before) {
      return;
    }
    face.before(before);
    face.classList.add("cr-away");
    const flying = document.createElementNS(SVG_NS, "g");
    flying.setAttribute("class", "cr-flying");
    flying.setAttribute("aria-hidden", "true");
    flying.setAttribute("transform", place.getAttribute("transform") || "");
    flying.dataset.card = travel.card;
    flying.dataset.from = travel.from;
    flying.dataset.to = travel.to;
    const card = face.cloneNode(true);
    card.classList.remove("cr-away");
    flying.append(card);
    board.append(flying); // last: above every place
    undo.push(() => {
      flying.remove();
      before.remove();
      face.classList.remove("cr-away");
    });
    const options = { duration: TRAVEL_MS, easing: EASING };
    animations.push(card.animate(travelFrames(travel.vector), options));
  }

  function turnPile(turn, before, animations, undo) {
    const face = faceOf(turn.place);
    const height = Number(face?.querySelector("rect")?.getAttribute("height"));
    if (!face || !before || !height) {
      return;
    }
    // Rising, the new top card comes over the old one; sinking, the old one goes over it.
    if (turn.rise) {
      face.before(before);
    } else {
      face.after(before);
    }
    undo.push(() => before.remove());
    const moving = turn.rise ? face : before;
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

// What a board shows: the engine's views, one after another, each change played as
// motion when the reader's settings allow it (anim.js plans, motion.js plays,
// render.js draws). The rule demos and the Play page show it through board.js; the
// Examples viewer, which takes no input on its cards, uses it alone.
//
//   const display = createDisplay(surface);
//   display.show(view);             // the view, its `change` played (if any)
//   display.show(view, change);     // ... with the change given (the viewer's steps)
//   display.finish();               // any motion under way ends now

import { computePlan } from "./anim.js";
import { createMotion } from "./motion.js";
import { createRender } from "./render.js";

export function createDisplay(surface) {
  const render = createRender(surface);
  const motion = createMotion(surface, render.find);
  let shown = null;

  /** Draw `view` (its `svg` and `places`); play `change` from the view shown before. */
  function show(view, change = view.change) {
    motion.finish();
    // Planned on the drawing shown, whose faces go under (or over) the new ones.
    const board = surface.firstElementChild;
    const plan =
      shown && change && motion.allowed() ? computePlan(shown, view, change, motion.origin) : null;
    const captured = plan ? motion.capture(plan) : null;
    render.draw(view.svg);
    shown = view;
    // A new frame (the screen turned, another arrangement) moves the places: no motion.
    if (plan && surface.firstElementChild === board) {
      motion.play(plan, captured);
    }
  }

  return {
    show,
    finish: motion.finish,
    highlight: render.highlight,
    mark: render.mark,
    find: render.find,
    placeAt: render.placeAt,
    draw: render.draw,
    /** The view shown last (null before the first). */
    get view() {
      return shown;
    },
  };
}

// A live Crescent diagram: shows the SVG the engine draws and turns pointer, touch
// and keyboard input into engine actions. It knows no rule and no word: every
// request goes to `send`, and whatever the engine answers (the new SVG, a refusal,
// a message in the page's language) is shown as it is, a move played as motion.
//
//   const board = createBoard(surface, { send, status, onView, onError, tap });
//   board.show(view);                    // draw a view answered by crescent.browser
//   await board.act({ action: "reset" }); // forward an action, draw its answer
//
// `surface` holds the SVG; `status` is the element (role="status") that announces
// messages; `send(request)` returns a promise of the engine's view; `onView(view)`
// runs after each drawing, `onError(error)` when `send` fails. With `tap: "pick"`
// (the default) a first tap picks a card and a second one places it; with
// `tap: "auto"` a first tap lets the engine play the card where the only taker is.
// Places are the SVG groups of places.js.
//
// Three more options, off by default (the Play page turns them on):
// `doubleTap: true` sends a card tapped twice in a row to its foundation (the
// engine's `drop`); when the first tap has already played it, the second does
// nothing; `dropArea: true`
// makes a card dragged anywhere onto the foundations area a `drop` (the engine
// picks the foundation of its suit that takes it, the one it lands on if that
// one does); `cancelOutside: true` puts a picked card back when the pointer goes
// down anywhere but on a place.
//
// The board is built as chessground (lichess's board) is: its state is one plain
// object (state.js); what input means is pure functions (taps.js, hit.js); input
// becomes calls in events.js and drag.js; display.js draws each view, touching only
// what changed (render.js), and plays its change (anim.js plans, motion.js plays).
// This module queues the engine's calls and ties them together.

import { createDisplay } from "./display.js";
import { createDrag } from "./drag.js";
import { listen } from "./events.js";
import { foundationsArea, inside } from "./hit.js";
import { placeName } from "./places.js";
import { createState } from "./state.js";
import { dragRequest, isDoubleTap, secondTapRequest, tapRequest } from "./taps.js";

export { placeName };

export function createBoard(surface, options) {
  const { send, status = null, onView = () => {}, onError = () => {} } = options;
  const state = createState(options);
  const display = createDisplay(surface);
  const drag = createDrag(state, surface, display.find);
  let queue = Promise.resolve();

  function announce(message) {
    if (!status || !message) {
      return;
    }
    if (status.textContent === message) {
      // The same words again: empty the region first so that it is announced again.
      status.textContent = "";
      requestAnimationFrame(() => {
        status.textContent = message;
      });
    } else {
      status.textContent = message;
    }
  }

  const marks = (view) => (state.picked === view.picked ? view.targets || [] : []);

  /**
   * Draw `view` (an answer of crescent.browser), announce its message, mark a pick.
   * With `started` (the input's time), a performance measure `crescent:<action>`
   * records how long the input took to reach the redrawn diagram.
   */
  function show(view, started = null, action = "view") {
    if (!view || typeof view.svg !== "string") {
      onError(new Error((view && view.error) || "no view"));
      return;
    }
    state.last = view;
    state.hinted = null; // a new drawing has no hint marked
    display.show(view);
    drag.follow();
    if (started !== null) {
      performance.measure(`crescent:${action}`, { start: started, end: performance.now() });
    }
    if (state.pending === 0) {
      state.picked = view.picked || null;
    }
    display.highlight(state.picked, marks(view));
    announce(view.message);
    onView(view);
  }

  /** Put the drawing back as the last view had it (a drag let go nowhere). */
  function restore() {
    display.draw(state.last.svg);
    display.highlight(state.picked, marks(state.last));
  }

  /**
   * Run `step` (a promise of a view, or null when it asked for nothing) after the calls
   * before it; draw its answer, measured as `action()` names it, and resolve to it.
   */
  function enqueue(step, started, action) {
    state.pending += 1;
    const done = queue.then(step).then(
      (view) => {
        state.pending -= 1;
        if (view !== null) {
          show(view, started, action());
        }
        return view;
      },
      (error) => {
        state.pending -= 1;
        onError(error);
        throw error;
      },
    );
    queue = done.catch(() => {});
    return done;
  }

  /** Send `request` after the ones before it; draw its answer and resolve to it. */
  function act(request, started = null) {
    return enqueue(
      () => send(request),
      started,
      () => request.action,
    );
  }

  const forward = (request, started) => {
    act(request, started).catch(() => {});
  };

  /** A second tap on `name`: once the first one is answered, decide what it is. */
  function tappedTwice(name, started) {
    state.picked = null;
    display.highlight(null);
    let action = "drop";
    const step = () => {
      const request = secondTapRequest(state.last, name, state.tap);
      if (request === null) {
        return null; // the card already went: nothing to ask, nothing to redraw
      }
      action = request.action;
      return send(request);
    };
    enqueue(step, started, () => action).catch(() => {});
  }

  function choose(name, started, pointer = false) {
    if (state.doubleTap && pointer) {
      // `started`: when the tap happened, not when a busy page got to it.
      const again = isDoubleTap(state.lastTap, name, started);
      state.lastTap = again ? null : { name, time: started };
      if (again) {
        tappedTwice(name, started);
        return;
      }
    }
    if (state.picked === null && state.hinted && state.hinted[1] === name) {
      // The hint's marked target, tapped: the hinted move (its card was never picked,
      // and the tap took the target's own card, refused for a reason about that card).
      const [source] = state.hinted;
      state.hinted = null;
      forward({ action: "move", source, target: name }, started);
      return;
    }
    const { request, picked } = tapRequest(state.picked, name, state.tap);
    state.picked = picked;
    // A move's answer replaces the drawing: nothing to redraw before it comes.
    if (request.action !== "move") {
      display.highlight(picked);
    }
    forward(request, started);
  }

  function onRelease(event) {
    const ended = drag.release(event);
    if (!ended) {
      return;
    }
    const { group, name, moving } = ended;
    if (!moving) {
      choose(name, event.timeStamp, true);
      return;
    }
    // The place under the pointer, looking through the dragged card whatever the
    // stylesheet says; the foundations area is measured now, on the drawing shown.
    const found =
      document
        .elementsFromPoint(event.clientX, event.clientY)
        .map(display.placeAt)
        .find((place) => place && place !== group) || null;
    const boxes = [...surface.querySelectorAll("[data-foundation]")].map((place) =>
      place.getBoundingClientRect(),
    );
    const area = state.dropArea ? foundationsArea(boxes) : null;
    const target = found ? placeName(found) : null;
    const onFoundations = found
      ? Boolean(found.dataset.foundation)
      : inside(area, event.clientX, event.clientY);
    const request = dragRequest(name, target, { onFoundations, dropArea: area !== null });
    if (request === null) {
      // Let go where it was, or nowhere: the card goes back, and the status line says
      // so instead of keeping what it said before (an older refusal; a QA run).
      restore();
      state.picked = null;
      forward({ action: "cancel" }, event.timeStamp);
      return;
    }
    state.picked = null;
    forward(request, event.timeStamp);
  }

  listen(
    surface,
    {
      placeAt: display.placeAt,
      live: () => state.last !== null,
      finish: display.finish,
      cancelOutside: state.cancelOutside,
    },
    {
      press: (event, group) => drag.press(event, group, placeName(group)),
      move: drag.move,
      release: onRelease,
      cancel: () => {
        if (drag.cancel() && state.last) {
          restore();
        }
      },
      key: (event, group) => {
        if (event.key === "Enter" || event.key === " ") {
          event.preventDefault();
          choose(placeName(group), event.timeStamp);
        } else if (event.key === "Escape" && state.picked !== null) {
          event.preventDefault();
          choose(state.picked, event.timeStamp);
        }
      },
      outside: (event) => {
        if (state.picked !== null) {
          state.picked = null;
          display.highlight(null);
          forward({ action: "cancel" }, event.timeStamp);
        }
      },
    },
  );

  return {
    show,
    /** A request from outside the board (a button): a tap after it starts afresh. */
    act: (request) => {
      state.lastTap = null;
      return act(request, performance.now());
    },
    /** Resolves once every request sent before is answered and drawn. */
    settled: () => queue,
    /** Mark the places of a hint: its source, then its target. */
    hint: (places) => {
      state.hinted = places;
      display.mark(places, ["cr-hint", "cr-hint-target"]);
    },
    get view() {
      return state.last;
    },
    /** The place picked as the reader sees it (at once, before the engine answers). */
    get picked() {
      return state.picked;
    },
  };
}

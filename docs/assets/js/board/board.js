// A live Crescent diagram: shows the SVG the engine draws and turns pointer, touch
// and keyboard input into engine actions. It knows no rule and no word: every
// request goes to `send`, and whatever the engine answers (the new SVG, a refusal,
// a message in the page's language) is shown as it is.
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
// engine's `drop`); when the first tap has already played it, the second is a tap
// of the card now on top; `dropArea: true`
// makes a card dragged anywhere onto the foundations area a `drop` (the engine
// picks the foundation of its suit that takes it, the one it lands on if that
// one does); `cancelOutside: true` puts a picked card back when the pointer goes
// down anywhere but on a place.

import { PLACE, placeName, placeSelector } from "./places.js";

export { placeName };

const DRAG_START_PX = 6;
const DOUBLE_TAP_MS = 350;

export function createBoard(surface, options) {
  const { send, status = null, onView = () => {}, onError = () => {}, tap = "pick" } = options;
  const { doubleTap = false, dropArea = false, cancelOutside = false } = options;
  let lastTap = null;
  let picked = null;
  let last = null;
  let pending = 0;
  let queue = Promise.resolve();
  let drag = null;

  const find = (name) => surface.querySelector(placeSelector(name));
  const placeAt = (node) => {
    const group = node && node.closest ? node.closest(PLACE) : null;
    return group && surface.contains(group) ? group : null;
  };

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

  function highlight(name, targets = []) {
    for (const group of surface.querySelectorAll(".cr-picked, .cr-target")) {
      group.classList.remove("cr-picked", "cr-target");
      group.removeAttribute("aria-pressed");
    }
    if (name === null) {
      return;
    }
    const group = find(name);
    if (group) {
      group.classList.add("cr-picked");
      group.setAttribute("aria-pressed", "true");
    }
    for (const target of targets) {
      find(target)?.classList.add("cr-target");
    }
  }

  function draw(svg) {
    const focused = placeAt(document.activeElement);
    const keep = focused ? placeName(focused) : null;
    surface.innerHTML = svg;
    if (keep) {
      find(keep)?.focus({ preventScroll: true });
    }
    if (drag) {
      follow();
    }
  }

  /**
   * Carry the pointer's drag over to a new drawing: an answer (to an earlier input)
   * that arrives while the pointer is down replaces every group, and a drag left on
   * a group no longer in the page would never start, or would end as a tap.
   */
  function follow() {
    const group = find(drag.name);
    if (!group) {
      drag = null;
      return;
    }
    drag.group = group;
    if (drag.moving) {
      group.classList.add("cr-dragging");
      group.parentNode.appendChild(group);
      const transform = group.getAttribute("transform") || "";
      drag.origin = (transform.match(/-?[\d.]+/g) || [0, 0]).map(Number);
      if (drag.shift) {
        shiftCard(drag.shift);
      }
    }
  }

  /** Put the dragged card `shift` (screen pixels) away from its place. */
  function shiftCard(shift) {
    const [x, y] = drag.origin;
    drag.shift = shift;
    drag.group.setAttribute(
      "transform",
      `translate(${x + shift.dx * drag.scale} ${y + shift.dy * drag.scale})`,
    );
  }

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
    last = view;
    draw(view.svg);
    if (started !== null) {
      performance.measure(`crescent:${action}`, { start: started, end: performance.now() });
    }
    if (pending === 0) {
      picked = view.picked || null;
    }
    highlight(picked, picked === view.picked ? view.targets || [] : []);
    announce(view.message);
    onView(view);
  }

  /**
   * Run `step` (a promise of a view) after the calls before it; draw its answer,
   * measured as `action()` names it, and resolve to it.
   */
  function enqueue(step, started, action) {
    pending += 1;
    const done = queue.then(step).then(
      (view) => {
        pending -= 1;
        show(view, started, action());
        return view;
      },
      (error) => {
        pending -= 1;
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

  /**
   * A second tap on `name`: once the first one is answered, `drop` the card if it is
   * still picked; if the first tap played it, this tap is a tap of the next card.
   */
  function tappedTwice(name, started) {
    picked = null;
    highlight(null);
    let action = "drop";
    const step = () => {
      if (last && last.picked === name) {
        return send({ action, source: name });
      }
      action = tap === "auto" ? "tap" : "pick";
      return send({ action, place: name });
    };
    enqueue(step, started, () => action).catch(() => {});
  }

  function choose(name, started, pointer = false) {
    if (doubleTap && pointer) {
      const now = started; // when the tap happened, not when a busy page got to it
      const again = lastTap !== null && lastTap.name === name && now - lastTap.time < DOUBLE_TAP_MS;
      lastTap = again ? null : { name, time: now };
      if (again) {
        tappedTwice(name, started);
        return;
      }
    }
    if (picked === null) {
      picked = name;
      highlight(name);
      forward({ action: tap === "auto" ? "tap" : "pick", place: name }, started);
    } else if (picked === name) {
      picked = null;
      highlight(null);
      forward({ action: "cancel" }, started);
    } else {
      // The engine's answer replaces the drawing: nothing to redraw before it comes.
      const source = picked;
      picked = null;
      forward({ action: "move", source, target: name }, started);
    }
  }

  function onPointerDown(event) {
    const group = placeAt(event.target);
    if (!group || event.button !== 0 || !last) {
      return;
    }
    drag = {
      group,
      name: placeName(group),
      id: event.pointerId,
      x: event.clientX,
      y: event.clientY,
    };
  }

  function onMouseDown(event) {
    // A pointer needs no keyboard focus on the card: moving it costs a restyle per tap.
    if (placeAt(event.target)) {
      event.preventDefault();
    }
  }

  function onTouchStart(event) {
    // Browsers ignore `touch-action` on the shapes inside an SVG, so a finger that
    // begins on a card would scroll the page and the drag be cancelled. A touch on a
    // place keeps the page still; off the places the page scrolls (and zooms) as ever.
    if (last && event.touches.length === 1 && placeAt(event.target)) {
      event.preventDefault();
    }
  }

  function onPointerMove(event) {
    if (!drag || event.pointerId !== drag.id) {
      return;
    }
    const dx = event.clientX - drag.x;
    const dy = event.clientY - drag.y;
    if (!drag.moving) {
      if (Math.hypot(dx, dy) < DRAG_START_PX) {
        return;
      }
      const svg = drag.group.ownerSVGElement;
      const matrix = svg && svg.getScreenCTM();
      if (!matrix) {
        return;
      }
      drag.moving = true;
      drag.scale = 1 / matrix.a;
      drag.origin = (drag.group.getAttribute("transform") || "").match(/-?[\d.]+/g).map(Number);
      try {
        surface.setPointerCapture(event.pointerId);
      } catch {
        // The pointer is already up (its pointerup is on the way): nothing to capture.
      }
      drag.group.classList.add("cr-dragging");
      drag.group.parentNode.appendChild(drag.group);
    }
    event.preventDefault();
    shiftCard({ dx, dy });
  }

  function onPointerUp(event) {
    if (!drag || event.pointerId !== drag.id) {
      return;
    }
    const { group, name, moving } = drag;
    drag = null;
    if (!moving) {
      choose(name, event.timeStamp, true);
      return;
    }
    // The place under the pointer, looking through the dragged card whatever the
    // stylesheet says; the foundations area is measured now, on the drawing shown.
    const target =
      document
        .elementsFromPoint(event.clientX, event.clientY)
        .map(placeAt)
        .find((found) => found && found !== group) || null;
    const area = dropArea ? foundationsArea() : null;
    const onFoundations = target ? Boolean(target.dataset.foundation) : inside(area, event);
    if (area && onFoundations) {
      picked = null;
      const request = { action: "drop", source: name };
      if (target && target.dataset.foundation) {
        request.target = placeName(target);
      }
      forward(request, event.timeStamp);
      return;
    }
    if (!target) {
      draw(last.svg);
      highlight(picked, picked === last.picked ? last.targets || [] : []);
      return;
    }
    picked = null;
    forward({ action: "move", source: name, target: placeName(target) }, event.timeStamp);
  }

  /** The screen rectangle around the foundations (and their row labels), or null. */
  function foundationsArea() {
    const boxes = [...surface.querySelectorAll("[data-foundation]")].map((group) =>
      group.getBoundingClientRect(),
    );
    if (boxes.length === 0) {
      return null;
    }
    const pad = boxes[0].width / 2;
    return {
      left: Math.min(...boxes.map((box) => box.left)) - pad,
      top: Math.min(...boxes.map((box) => box.top)) - pad,
      right: Math.max(...boxes.map((box) => box.right)) + pad,
      bottom: Math.max(...boxes.map((box) => box.bottom)) + pad,
    };
  }

  const inside = (area, event) =>
    Boolean(area) &&
    event.clientX >= area.left &&
    event.clientX <= area.right &&
    event.clientY >= area.top &&
    event.clientY <= area.bottom;

  function onDocumentPointerDown(event) {
    if (picked !== null && event.button === 0 && !placeAt(event.target)) {
      picked = null;
      highlight(null);
      forward({ action: "cancel" }, event.timeStamp);
    }
  }

  function onPointerCancel() {
    if (drag && drag.moving && last) {
      draw(last.svg);
    }
    drag = null;
  }

  function onKeyDown(event) {
    const group = placeAt(event.target);
    if (!group || event.altKey || event.ctrlKey || event.metaKey) {
      return;
    }
    if (event.key === "Enter" || event.key === " ") {
      event.preventDefault();
      choose(placeName(group), event.timeStamp);
    } else if (event.key === "Escape" && picked !== null) {
      event.preventDefault();
      choose(picked, event.timeStamp);
    }
  }

  const listeners = {
    pointerdown: onPointerDown,
    mousedown: onMouseDown,
    pointermove: onPointerMove,
    pointerup: onPointerUp,
    pointercancel: onPointerCancel,
    keydown: onKeyDown,
  };
  for (const [type, listener] of Object.entries(listeners)) {
    surface.addEventListener(type, listener);
  }
  surface.addEventListener("touchstart", onTouchStart, { passive: false });
  if (cancelOutside) {
    document.addEventListener("pointerdown", onDocumentPointerDown);
  }

  return {
    show,
    act: (request) => act(request, performance.now()),
    get view() {
      return last;
    },
  };
}

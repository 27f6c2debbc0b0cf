// Input to calls: the pointer, touch and keyboard listeners of a live board. Each
// listener finds the place touched and hands it to the board (`handlers`); any new
// press or key first finishes a motion under way, so input never waits behind one.

/**
 * Listen on `surface` (and on the document, for Esc and a press outside the board) and
 * call `handlers`: {press(event, group), move(event), release(event), cancel(event),
 * key(event, group), outside(event)}; `outside` is Esc, or a press outside the board
 * with `cancelOutside`. `placeAt(node)` is the place group of a node (or null),
 * `live()` whether the board shows the engine's view yet, `finish()` ends the running
 * motion.
 */
export function listen(surface, { placeAt, live, finish, cancelOutside }, handlers) {
  function onPointerDown(event) {
    // The place first: the press may land on a card a motion shows for now (the one
    // under a card on its way), which finishing the motion takes away.
    const group = placeAt(event.target);
    finish();
    if (group && event.button === 0 && live()) {
      handlers.press(event, group);
    }
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
    if (live() && event.touches.length === 1 && placeAt(event.target)) {
      event.preventDefault();
    }
  }

  function onPointerMove(event) {
    if (handlers.move(event)) {
      event.preventDefault();
    }
  }

  function onKeyDown(event) {
    const group = placeAt(event.target);
    if (!group || event.altKey || event.ctrlKey || event.metaKey) {
      return;
    }
    finish();
    handlers.key(event, group);
  }

  const listeners = {
    pointerdown: onPointerDown,
    mousedown: onMouseDown,
    pointermove: onPointerMove,
    pointerup: handlers.release,
    pointercancel: handlers.cancel,
    keydown: onKeyDown,
  };
  for (const [type, listener] of Object.entries(listeners)) {
    surface.addEventListener(type, listener);
  }
  surface.addEventListener("touchstart", onTouchStart, { passive: false });
  // Esc puts a picked card back wherever the focus is (a card picked with the pointer
  // has none, see onMouseDown); on a focused place, `handlers.key` has it first. A text
  // field or an open dialog keeps its own Esc.
  document.addEventListener("keydown", (event) => {
    const target = event.target instanceof Element ? event.target : null;
    if (
      event.key === "Escape" &&
      !event.defaultPrevented &&
      !placeAt(target) &&
      !target?.closest("input, textarea, select, dialog, [contenteditable]")
    ) {
      handlers.outside(event);
    }
  });
  if (cancelOutside) {
    // Captured: before the board's own listener ends a motion and takes its cards away.
    document.addEventListener(
      "pointerdown",
      (event) => {
        if (event.button === 0 && !placeAt(event.target)) {
          handlers.outside(event);
        }
      },
      true,
    );
  }
}

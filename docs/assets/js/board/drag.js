// A card dragged by a pointer: past a few pixels a press becomes a drag, and the card
// follows the pointer above the other cards; an answer to an earlier input that
// redraws the board while the pointer is down does not drop it.

import { isDrag, parseTranslate } from "./hit.js";

export function createDrag(state, surface, find) {
  /** A press on the place `group` (its name `name`) by the pointer of `event`. */
  function press(event, group, name) {
    state.drag = { group, name, id: event.pointerId, x: event.clientX, y: event.clientY };
  }

  function lift(group) {
    group.classList.add("cr-dragging");
    group.parentNode.appendChild(group); // above every other place
    state.drag.origin = parseTranslate(group.getAttribute("transform"));
  }

  /** Put the dragged card `shift` (screen pixels) away from its place. */
  function shiftCard(shift) {
    const { drag } = state;
    const [x, y] = drag.origin;
    drag.shift = shift;
    drag.group.setAttribute(
      "transform",
      `translate(${x + shift.dx * drag.scale} ${y + shift.dy * drag.scale})`,
    );
  }

  /** The pointer moved: true when it drags a card (the page should not scroll). */
  function move(event) {
    const { drag } = state;
    if (!drag || event.pointerId !== drag.id) {
      return false;
    }
    const dx = event.clientX - drag.x;
    const dy = event.clientY - drag.y;
    if (!drag.moving) {
      if (!isDrag(dx, dy)) {
        return false;
      }
      const svg = drag.group.ownerSVGElement;
      const matrix = svg && svg.getScreenCTM();
      if (!matrix) {
        return false;
      }
      drag.moving = true;
      drag.scale = 1 / matrix.a;
      try {
        surface.setPointerCapture(event.pointerId);
      } catch {
        // The pointer is already up (its pointerup is on the way): nothing to capture.
      }
      lift(drag.group);
    }
    shiftCard({ dx, dy });
    return true;
  }

  /**
   * Carry the drag over to a new drawing: an answer (to an earlier input) that arrives
   * while the pointer is down may replace the dragged place, and a drag left on a
   * group no longer in the page would never start, or would end as a tap.
   */
  function follow() {
    const { drag } = state;
    if (!drag) {
      return;
    }
    const group = find(drag.name);
    if (!group) {
      state.drag = null;
      return;
    }
    drag.group = group;
    if (drag.moving) {
      lift(group);
      if (drag.shift) {
        shiftCard(drag.shift);
      }
    }
  }

  /** The pointer of `event` went up: the drag it ends ({group, name, moving}), or null. */
  function release(event) {
    const { drag } = state;
    if (!drag || event.pointerId !== drag.id) {
      return null;
    }
    state.drag = null;
    return drag;
  }

  /** The drag is over without a drop: true when a card was moving (put it back). */
  function cancel() {
    const moving = Boolean(state.drag && state.drag.moving);
    state.drag = null;
    return moving;
  }

  return { press, move, follow, release, cancel };
}

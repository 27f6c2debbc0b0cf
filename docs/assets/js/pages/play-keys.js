// The keyboard on the Play page: arrow keys go from place to place in the direction
// pressed (the horseshoe is the same in every language), and single keys press the
// game's buttons. Keys are physical (`event.code`), so U, R and H work whatever the
// keyboard's language; they are ignored while a text field has the focus.

import { nearestAhead, parseTranslate } from "../board/hit.js";
import { PLACE } from "../board/places.js";

const DIRECTIONS = {
  ArrowLeft: [-1, 0],
  ArrowRight: [1, 0],
  ArrowUp: [0, -1],
  ArrowDown: [0, 1],
};

/**
 * Where the place is in the horseshoe's layout (its `translate`): every place is one
 * card's size, so its corner stands for it. Its box on screen would not: a marked
 * place is drawn a little larger, and ArrowUp in the top row went sideways to it.
 */
function position(element) {
  return parseTranslate(element.getAttribute("transform"));
}

/** The place nearest to `from` in direction [dx, dy], or null. */
export function nextPlace(surface, from, direction) {
  const places = [...surface.querySelectorAll(PLACE)].filter((place) => place !== from);
  const found = nearestAhead(places.map(position), position(from), direction);
  return found < 0 ? null : places[found];
}

/** Arrow keys on a focused place move the focus to the next place that way. */
export function arrowNavigation(surface) {
  surface.addEventListener("keydown", (event) => {
    const direction = DIRECTIONS[event.key];
    const from = event.target.closest ? event.target.closest(PLACE) : null;
    if (!direction || !from || event.altKey || event.ctrlKey || event.metaKey) {
      return;
    }
    event.preventDefault();
    nextPlace(surface, from, direction)?.focus();
  });
}

function typing(target) {
  return (
    target instanceof HTMLElement &&
    (target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName))
  );
}

/** Keys `KeyU`... press the button `buttons[code]` (an element with `aria-keyshortcuts`). */
export function shortcuts(buttons) {
  document.addEventListener("keydown", (event) => {
    if (event.altKey || event.ctrlKey || event.metaKey || event.repeat || typing(event.target)) {
      return;
    }
    const button = buttons[event.code];
    if (button && !button.disabled) {
      event.preventDefault();
      button.click();
    }
  });
}

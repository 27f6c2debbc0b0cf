// The board's drawing: the engine's SVG put in the page, touching only what changed.
// Each answer carries the whole drawing; where the new one has the same frame as the
// one shown (viewBox, size, parts), only the places whose markup changed are
// replaced, so a move redraws two places, not twenty-four, and the others keep their
// nodes (and the keyboard focus). The marks the page adds (a picked card, its
// targets, a hint) are classes on the places, set here and cleared by the next view.

import { PLACE, placeName, placeSelector } from "./places.js";

const MARKS = ["cr-picked", "cr-target", "cr-hint", "cr-hint-target", "cr-dragging"];
const KEY = Symbol("drawn"); // on each place's node: the engine's markup of its own attributes

/** The engine's attributes of an element, as one string (what identifies a drawn place). */
function attributesOf(element) {
  return [...element.attributes]
    .map((attribute) => `${attribute.name}=${attribute.value}`)
    .join(" ");
}

function isPlace(element) {
  return element.matches(PLACE);
}

function sameNode(shown, fresh) {
  if (isPlace(fresh)) {
    // A dragged card's place moved: its transform is no longer the engine's.
    const still = shown.getAttribute("transform") === fresh.getAttribute("transform");
    return isPlace(shown) && shown[KEY] === fresh[KEY] && still;
  }
  return shown.isEqualNode(fresh);
}

/** True when the two drawings have the same frame: only their parts may differ. */
function sameFrame(shown, fresh) {
  if (
    !shown ||
    shown.tagName !== fresh.tagName ||
    shown.children.length !== fresh.children.length
  ) {
    return false;
  }
  for (const name of ["viewBox", "width", "height"]) {
    if (shown.getAttribute(name) !== fresh.getAttribute(name)) {
      return false;
    }
  }
  return [...shown.children].every((child, index) => {
    const other = fresh.children[index];
    return (
      isPlace(child) === isPlace(other) &&
      (!isPlace(child) || placeName(child) === placeName(other))
    );
  });
}

export function createRender(surface) {
  const find = (name) => surface.querySelector(placeSelector(name));
  const placeAt = (node) => {
    const group = node && node.closest ? node.closest(PLACE) : null;
    return group && surface.contains(group) ? group : null;
  };

  /** Put the engine's drawing `svg` (text) in the page, keeping the focused place focused. */
  function draw(svg) {
    const focused = placeAt(document.activeElement);
    const keep = focused ? placeName(focused) : null;
    const template = document.createElement("template");
    template.innerHTML = svg;
    const fresh = template.content.firstElementChild;
    if (!fresh) {
      surface.replaceChildren();
      return;
    }
    for (const group of fresh.querySelectorAll(PLACE)) {
      group[KEY] = attributesOf(group);
    }
    const shown = surface.firstElementChild;
    if (surface.children.length !== 1 || !sameFrame(shown, fresh)) {
      surface.replaceChildren(fresh);
    } else {
      patch(shown, fresh);
    }
    if (keep && document.activeElement !== find(keep)) {
      find(keep)?.focus({ preventScroll: true });
    }
  }

  function patch(shown, fresh) {
    for (const attribute of fresh.attributes) {
      if (shown.getAttribute(attribute.name) !== attribute.value) {
        shown.setAttribute(attribute.name, attribute.value);
      }
    }
    const old = [...shown.children];
    const now = [...fresh.children];
    now.forEach((child, index) => {
      if (!sameNode(old[index], child)) {
        old[index].replaceWith(child);
      } else {
        old[index].classList.remove(...MARKS);
        old[index].removeAttribute("aria-pressed");
      }
    });
  }

  /** Mark the picked place `name` (null: none) and the places it may go to. */
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

  /** Mark `places` with `kinds` (a class each, in order: a hint's source and target). */
  function mark(places, kinds) {
    places.forEach((place, index) =>
      find(place)?.classList.add(kinds[Math.min(index, kinds.length - 1)]),
    );
  }

  return { draw, highlight, mark, find, placeAt };
}

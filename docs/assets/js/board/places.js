// The places of a drawn position: the SVG groups `[data-pile]` and `[data-foundation]`,
// which the engine names `p1` ... `p16` and `up-S` ... `down-C` (PILE_NAMES and
// FOUNDATION_NAMES, written by the build from crescent.places).

import { PILE_NAMES } from "../shared/facts.js";

/** Every place group of a drawing. */
export const PLACE = "[data-pile],[data-foundation]";

/** The engine's name of a place group: `p10`, `up-S`. */
export function placeName(group) {
  return group.dataset.pile ? `p${group.dataset.pile}` : group.dataset.foundation;
}

/** The selector of the group of the place the engine names `name`. */
export function placeSelector(name) {
  return PILE_NAMES.includes(name)
    ? `[data-pile="${name.slice(1)}"]`
    : `[data-foundation="${name}"]`;
}

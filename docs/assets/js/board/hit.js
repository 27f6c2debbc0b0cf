// Hit-testing in screen pixels: the area around the foundations that takes a drop,
// whether a point falls in it, how far a pointer went before a press becomes a drag,
// the place an arrow key leads to, and where the drawing puts a place. Pure
// functions of rectangles, points and attributes.

/** A press becomes a drag once the pointer has gone this far (CSS pixels). */
export const DRAG_START_PX = 6;

/** True once a pointer moved by (dx, dy) from where it went down. */
export function isDrag(dx, dy, threshold = DRAG_START_PX) {
  return Math.hypot(dx, dy) >= threshold;
}

/**
 * The rectangle around `boxes` (the foundations' {left, top, right, bottom, width}),
 * half a card wider on every side so the row labels and gaps take a drop too; null
 * when there is no box.
 */
export function foundationsArea(boxes) {
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

/** True when the point (x, y) is inside `area` (edges included); false for no area. */
export function inside(area, x, y) {
  return Boolean(area) && x >= area.left && x <= area.right && y >= area.top && y <= area.bottom;
}

/**
 * The index of the point of `centres` nearest to `from` in direction [dx, dy] (an
 * arrow key's), or -1: the distance along the direction counts once, the distance
 * across it twice, and points not ahead are left out.
 */
export function nearestAhead(centres, from, [dx, dy]) {
  const [x, y] = from;
  let best = -1;
  let bestScore = Infinity;
  centres.forEach(([px, py], index) => {
    const along = (px - x) * dx + (py - y) * dy;
    if (along <= 1) {
      return;
    }
    const across = Math.abs((px - x) * dy + (py - y) * dx);
    const score = along + 2 * across;
    if (score < bestScore) {
      bestScore = score;
      best = index;
    }
  });
  return best;
}

/** The [x, y] of an SVG `transform="translate(x y)"` attribute; [0, 0] when there is none. */
export function parseTranslate(text) {
  const numbers = String(text || "").match(/-?\d+(?:\.\d+)?(?:e-?\d+)?/gi) || [];
  return [Number(numbers[0] || 0), Number(numbers[1] || 0)];
}

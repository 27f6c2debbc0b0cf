// What input means (board/taps.js) and where it lands (board/hit.js).
import { test } from "node:test";
import assert from "node:assert/strict";

import {
  DOUBLE_TAP_MS,
  dragRequest,
  isDoubleTap,
  secondTapRequest,
  tapRequest,
} from "../../docs/assets/js/board/taps.js";
import {
  DRAG_START_PX,
  foundationsArea,
  inside,
  isDrag,
  nearestAhead,
  parseTranslate,
} from "../../docs/assets/js/board/hit.js";

test("a first tap picks (or lets the engine play), a second places or puts back", () => {
  assert.deepEqual(tapRequest(null, "p3"), {
    request: { action: "pick", place: "p3" },
    picked: "p3",
  });
  assert.deepEqual(tapRequest(null, "p3", "auto").request, { action: "tap", place: "p3" });
  assert.deepEqual(tapRequest("p3", "p3"), { request: { action: "cancel" }, picked: null });
  assert.deepEqual(tapRequest("p3", "up-H"), {
    request: { action: "move", source: "p3", target: "up-H" },
    picked: null,
  });
});

test("a double tap is the same place again, soon enough", () => {
  const first = { name: "p5", time: 1000 };
  assert.equal(isDoubleTap(first, "p5", 1000 + DOUBLE_TAP_MS - 1), true);
  assert.equal(isDoubleTap(first, "p5", 1000 + DOUBLE_TAP_MS), false);
  assert.equal(isDoubleTap(first, "p6", 1010), false);
  assert.equal(isDoubleTap(null, "p5", 1010), false);
});

test("the second tap drops the card still picked, and never plays the one the first uncovered", () => {
  assert.deepEqual(secondTapRequest({ picked: "p5" }, "p5", "auto"), {
    action: "drop",
    source: "p5",
  });
  assert.equal(secondTapRequest({ picked: null }, "p5", "auto"), null);
  assert.equal(secondTapRequest({ picked: "p7" }, "p5", "auto"), null);
  assert.deepEqual(secondTapRequest(null, "p5"), { action: "pick", place: "p5" });
});

test("a card let go: on a place it moves there, over the foundations it drops, else it goes back", () => {
  assert.deepEqual(dragRequest("p2", "p9"), { action: "move", source: "p2", target: "p9" });
  assert.equal(dragRequest("p2", null), null);
  assert.equal(dragRequest("p2", "p2"), null);
  assert.deepEqual(dragRequest("p2", null, { onFoundations: true, dropArea: true }), {
    action: "drop",
    source: "p2",
  });
  assert.deepEqual(dragRequest("p2", "down-C", { onFoundations: true, dropArea: true }), {
    action: "drop",
    source: "p2",
    target: "down-C",
  });
  // Over the foundations' area but on a pile's box: a drop, the engine picks the foundation.
  assert.deepEqual(dragRequest("p2", "p9", { onFoundations: true, dropArea: true }), {
    action: "drop",
    source: "p2",
  });
  assert.deepEqual(dragRequest("p2", "down-C", { onFoundations: true }), {
    action: "move",
    source: "p2",
    target: "down-C",
  });
});

test("the foundations' area takes the gaps and half a card around them", () => {
  const boxes = [
    { left: 100, top: 50, right: 140, bottom: 110, width: 40 },
    { left: 160, top: 130, right: 200, bottom: 190, width: 40 },
  ];
  const area = foundationsArea(boxes);
  assert.deepEqual(area, { left: 80, top: 30, right: 220, bottom: 210 });
  assert.equal(inside(area, 150, 120), true, "between two foundations");
  assert.equal(inside(area, 80, 30), true, "on the edge");
  assert.equal(inside(area, 79, 30), false);
  assert.equal(inside(null, 150, 120), false);
  assert.equal(foundationsArea([]), null);
});

test("a press becomes a drag past a few pixels", () => {
  assert.equal(isDrag(DRAG_START_PX - 1, 0), false);
  assert.equal(isDrag(3, 4, 5), true);
});

test("an arrow key leads to the nearest place ahead, off-line places cost twice", () => {
  const centres = [
    [100, 0], // 0: right, on the line
    [60, 40], // 1: right and down
    [-50, 0], // 2: behind
    [0, 80], // 3: below
  ];
  assert.equal(nearestAhead(centres, [0, 0], [1, 0]), 0, "100 ahead beats 60 ahead, 40 off");
  assert.equal(nearestAhead([...centres, [30, 20]], [0, 0], [1, 0]), 4, "30 + 2 * 20 < 100");
  assert.equal(nearestAhead(centres, [0, 0], [0, 1]), 3);
  assert.equal(nearestAhead(centres, [0, 0], [-1, 0]), 2);
  assert.equal(nearestAhead(centres, [0, 0], [0, -1]), -1);
});

test("a place's position comes from its transform attribute", () => {
  assert.deepEqual(parseTranslate("translate(12 -34.5)"), [12, -34.5]);
  assert.deepEqual(parseTranslate("translate(7,8)"), [7, 8]);
  assert.deepEqual(parseTranslate(null), [0, 0]);
});

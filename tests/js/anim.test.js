// The board's motion planning (board/anim.js): which card travels where, which piles
// turn, from two views of the engine and what it says changed.
import { test } from "node:test";
import assert from "node:assert/strict";

import {
  computePlan,
  motionAllowed,
  stepChange,
  travelFrames,
  turnFrames,
  vector,
} from "../../docs/assets/js/board/anim.js";

const places = (entries) =>
  Object.fromEntries(entries.map(([name, count, top]) => [name, { count, top }]));
const origins = { p1: [10, 500], p2: [10, 380], p14: [800, 260], "up-S": [280, 240] };
const origin = (name) => origins[name] || null;

// Two decks: J♦ on pile 1 and on pile 2 alike.
const before = {
  places: places([
    ["p1", 4, "JD"],
    ["p2", 3, "JD"],
    ["p14", 2, "KS"],
    ["up-S", 1, "AS"],
  ]),
};
const afterMove = {
  places: places([
    ["p1", 3, "JD"],
    ["p2", 3, "JD"],
    ["p14", 3, "JD"],
    ["up-S", 1, "AS"],
  ]),
};

test("a move travels the card from its source's place to its target's", () => {
  const change = { kind: "move", places: ["p1", "p14"], backwards: false };
  const plan = computePlan(before, afterMove, change, origin);
  assert.deepEqual(plan, {
    travels: [{ card: "JD", from: "p1", to: "p14", vector: [10 - 800, 500 - 260] }],
    turns: [],
  });
});

test("of two equal cards, the one the engine moved travels, not its twin", () => {
  const change = { kind: "move", places: ["p2", "p14"], backwards: false };
  const after = {
    places: places([
      ["p1", 4, "JD"],
      ["p2", 2, "9C"],
      ["p14", 3, "JD"],
      ["up-S", 1, "AS"],
    ]),
  };
  const plan = computePlan(before, after, change, origin);
  assert.equal(plan.travels.length, 1);
  assert.equal(plan.travels[0].from, "p2");
  assert.deepEqual(plan.travels[0].vector, [10 - 800, 380 - 260]);
});

test("an undo plays the move backwards: the card goes home", () => {
  const change = { kind: "move", places: ["p1", "p14"], backwards: true };
  const plan = computePlan(afterMove, before, change, origin);
  assert.deepEqual(plan.travels, [
    { card: "JD", from: "p14", to: "p1", vector: [800 - 10, 260 - 500] },
  ]);
});

test("views that disagree with the change get no plan: the board just changes", () => {
  const change = { kind: "move", places: ["p1", "p14"], backwards: false };
  assert.equal(computePlan(before, before, change, origin), null, "nothing moved");
  assert.equal(computePlan(before, afterMove, { ...change, places: ["p2", "p14"] }, origin), null);
  assert.equal(computePlan(before, afterMove, { ...change, places: ["p1", "nowhere"] }), null);
  assert.equal(
    computePlan(before, afterMove, change, () => null),
    null,
    "not drawn",
  );
  assert.equal(computePlan(null, afterMove, change, origin), null);
  assert.equal(computePlan(before, afterMove, null, origin), null);
  assert.equal(computePlan(before, afterMove, { kind: "shuffle", places: [] }, origin), null);
});

test("a redeal turns every pile it names, even one that shows the same card again", () => {
  const after = {
    places: places([
      ["p1", 4, "2H"],
      ["p2", 3, "JD"],
      ["p14", 2, "KS"],
      ["up-S", 1, "AS"],
    ]),
  };
  const change = { kind: "redeal", places: ["p1", "p2", "p14"], backwards: false };
  const plan = computePlan(before, after, change, origin);
  assert.deepEqual(plan, {
    travels: [],
    turns: [
      { place: "p1", rise: true },
      { place: "p2", rise: true },
      { place: "p14", rise: true },
    ],
  });
  const back = computePlan(after, before, { ...change, backwards: true }, origin);
  assert.deepEqual(
    back.turns.map((turn) => turn.rise),
    [false, false, false],
    "taken back, the top cards sink",
  );
});

test("a step of the viewer: forward its own change, back the change it leaves, taken back", () => {
  const move = { kind: "move", places: ["p10", "p14"], backwards: false };
  const redeal = { kind: "redeal", places: ["p1"], backwards: false };
  assert.deepEqual(stepChange({ index: 9, change: redeal }, { index: 10, change: move }), move);
  assert.deepEqual(stepChange({ index: 10, change: move }, { index: 9, change: redeal }), {
    ...move,
    backwards: true,
  });
  assert.equal(stepChange({ index: 0, change: null }, { index: 5, change: move }), null);
  assert.equal(stepChange({ index: 1, change: move }, { index: 0, change: null }).backwards, true);
  assert.equal(stepChange({ index: 0, change: null }, { index: 0, change: null }), null);
  assert.equal(stepChange(null, { index: 1, change: move }), null);
});

test("keyframes: vectors, travels and turns", () => {
  assert.deepEqual(vector([1, 2], [4, 8]), [-3, -6]);
  assert.deepEqual(travelFrames([-3, 5]), [
    { transform: "translate(-3px, 5px)" },
    { transform: "translate(0px, 0px)" },
  ]);
  const [first, last] = turnFrames(100, true);
  assert.equal(first.transform, "translate(0px, 100px)");
  assert.equal(first.clipPath, "inset(0px 0px 100px 0px)", "below its place: out of sight");
  assert.equal(last.clipPath, "inset(0px 0px 0px 0px)");
  assert.deepEqual(turnFrames(100, false), [last, first]);
});

test("motion only for a visible page that may and can animate", () => {
  assert.equal(motionAllowed({ visible: true, reduced: false, animates: true }), true);
  assert.equal(motionAllowed({ visible: true, reduced: true, animates: true }), false);
  assert.equal(motionAllowed({ visible: false, reduced: false, animates: true }), false);
  assert.equal(motionAllowed({ visible: true, reduced: false, animates: false }), false);
});

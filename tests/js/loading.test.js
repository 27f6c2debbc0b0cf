// The loading bar's share (engine/loading.js): the number in the page's language, the
// percent as the catalog writes it, not as Intl does (Intl writes "42%" in Bulgarian).
import { test } from "node:test";
import assert from "node:assert/strict";

import { percentText } from "../../docs/assets/js/engine/loading.js";

test("a share is written with the catalog's percent, rounded to a whole number", () => {
  assert.equal(percentText(0.424, "bg", "{value}\u00a0%"), "42\u00a0%");
  assert.equal(percentText(0.425, "tr", "%{value}"), "%43");
  assert.equal(percentText(1, "he", "{value}%"), "100%");
});

// How the search matches a word with what a reader typed (docs/assets/js/shared/fold.js),
// which its worker and the page a result opens share.
import { test } from "node:test";
import assert from "node:assert/strict";

import { STEM_LETTERS, fold, stem, unprefixed } from "../../docs/assets/js/shared/fold.js";

test("a word loses its accents and marks, and a Hebrew final letter is its letter", () => {
  assert.equal(fold("sütun"), "sutun");
  assert.equal(fold("бо́льшим"), "большим");
  assert.equal(fold("ещё"), "еще");
  assert.equal(fold("kız"), "kiz");
  assert.equal(fold("קרן"), "קרנ");
  assert.equal(fold("pile"), "pile");
});

test("a suffix after an apostrophe joins its word, as a reader types it", () => {
  assert.equal(fold("as'lar"), "aslar");
  assert.equal(fold("as'ının"), "asinin");
  assert.equal(fold("crescent’in"), "crescentin");
  assert.equal(fold("king's"), "kings");
});

test("a Hebrew word without one to four prefix letters, while two letters are left", () => {
  assert.deepEqual(unprefixed("בערימה", "הבלמשוכ"), ["ערימה"]);
  assert.deepEqual(unprefixed("ומהערימה", "הבלמשוכ"), ["מהערימה", "הערימה", "ערימה"]);
  assert.deepEqual(unprefixed("של", "הבלמשוכ"), []);
});

test("a word loses the longest ending that leaves it three letters", () => {
  const endings = ["ите", "ата", "та", "а", "и"]; // longest first, as the index lists them
  assert.equal(STEM_LETTERS, 3);
  assert.equal(stem("колоната", endings), "колон");
  assert.equal(stem("колони", endings), "колон");
  assert.equal(stem("колона", endings), "колон");
  assert.equal(stem("дама", endings), "дам"); // "ата" would leave two letters: "а" goes
  assert.equal(stem("ход", endings), "ход");
  assert.equal(stem("пата", endings), "пат");
  assert.equal(stem("колона", []), "колона");
});

// How the search matches a word with what a reader typed, in every language: the search's
// worker folds the index's words and the query's terms with it (hooks/search.py appends
// this file, without its exports, to Material's worker), and the page a result opens marks
// the words searched for with it (pages/search.js).
//
// A word is found however a reader types it: in either case, Turkish included; without
// its accents and marks; and in Hebrew, with or without its one-letter prefixes and
// whatever form its last letter takes. JavaScript's toLowerCase is not Turkish-aware:
// "İyi" became "i̇yi" (an i and a combining dot) and "KIZ" became "kiz", so "iyi" did not
// find "İyi oynamak", nor "KIZ" "Kız"; "sutun", typed without ü, did not find "sütun";
// "большим" did not find "бо́льшим", written with a stress mark; "קרן" did not find
// "הקרנות" (ן is written נ inside a word, and ה is a prefix).
//
// A suffix written after an apostrophe is part of its word: "aslar" or "asların", as a
// Turkish reader types them, did not find "As'lar" and "As'ın", which the index held with
// their apostrophes ("as'lar"); now neither side has one.
//
// A word typed in one form finds its other forms: the search asks for it without the
// longest ending its language's glossary lists (`endings`), and Material asks for any word
// that starts with what is left. "пересдачу" did not find "Пересдача", nor "колоната"
// every page "колона" finds.

const ASCII = /^[\u0020-\u007e]*$/;
/** The apostrophes a word may hold before its suffix ("As'lar", "Crescent’in"). */
const APOSTROPHES = /['‘’ʼ]/g;
/** The fewest letters a word keeps when the search drops its ending ("ход" of "ходы"). */
export const STEM_LETTERS = 3;
const FINAL = Object.freeze({ ך: "כ", ם: "מ", ן: "נ", ף: "פ", ץ: "צ", ı: "i" });

/** `text` folded: apostrophes go ("as'lar" is "aslar"), letters lose their accents and
 * marks (ü is u, ё is е, Hebrew points go), the dotless ı is i, and a Hebrew final letter
 * is its letter inside a word. */
export function fold(text) {
  const joined = text.replace(APOSTROPHES, "");
  if (ASCII.test(joined)) {
    return joined; // nothing more to fold: most of the words the index builds on each page
  }
  return joined
    .normalize("NFD")
    .replace(/\p{Mn}/gu, "")
    .normalize("NFC")
    .replace(/[ךםןףץı]/gu, (letter) => FINAL[letter]);
}

/** The folded `word` without one to four of the letters of `prefixes` ("וכשה…") at its
 * start, while two letters are left: "בערימה" gives "ערימה". */
export function unprefixed(word, prefixes) {
  const found = [];
  let text = word;
  while (found.length < 4 && text.length > 2 && prefixes.includes(text[0])) {
    text = text.slice(1);
    found.push(text);
  }
  return found;
}

/** The folded `word` without the longest of `endings` (folded, longest first) that it ends
 * with and that leaves `STEM_LETTERS` letters: "пересдачу" gives "пересдач". */
export function stem(word, endings) {
  for (const ending of endings) {
    if (word.length - ending.length >= STEM_LETTERS && word.endsWith(ending)) {
      return word.slice(0, word.length - ending.length);
    }
  }
  return word;
}

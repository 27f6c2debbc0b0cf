// Appended to Material's search worker by hooks/search.py, which publishes the result
// under a new content-hashed name: it runs once lunr is set up, before the worker's first
// message. A word is found however a reader types it: in either case, in every language,
// Turkish included; without its accents and marks; and in Hebrew, with or without its
// one-letter prefixes and whatever form its last letter takes. JavaScript's toLowerCase
// is not Turkish-aware: "İyi" became "i̇yi" (an i and a combining dot) and "KIZ" became
// "kiz", so "iyi" did not find "İyi oynamak", nor "KIZ" "Kız"; "sutun", typed without
// ü, did not find "sütun"; "большим" did not find "бо́льшим", written with a stress mark;
// "קרן" did not find "הקרנות" (ן is written נ inside a word, and ה is a prefix).
// The index's words and the query's terms are folded alike: letters lose their accents
// and marks (ü is u, ş is s, ё is е, Hebrew points and a stress mark go), the dotless ı
// is matched as i, and a final letter (ך ם ן ף ץ) as its letter inside a word. The index
// also holds each word without the prefix letters its language's glossary declares
// (`prefixes`, which hooks/search.py writes before this script as
// `self.crescentPrefixes`): "ערימה" finds "בערימה". Highlighting is unchanged: it marks
// the text as written, by position.
(() => {
  const lunr = self.lunr;
  const FINAL = { ך: "כ", ם: "מ", ן: "נ", ף: "פ", ץ: "צ", ı: "i" };
  const prefixes = self.crescentPrefixes ?? "";
  const fold = (text) =>
    text
      .normalize("NFD")
      .replace(/\p{Mn}/gu, "")
      .normalize("NFC")
      .replace(/[ךםןףץı]/gu, (letter) => FINAL[letter]);

  // The word without one to four prefix letters ("וכשה…"), while two letters are left.
  function unprefixed(token) {
    const found = [];
    let text = token.toString();
    while (found.length < 4 && text.length > 2 && prefixes.includes(text[0])) {
      const rest = text.slice(1);
      found.push(token.clone(() => rest));
      text = rest;
    }
    return found;
  }

  // The index's words and a query's terms with no wildcard pass through a pipeline.
  const run = lunr.Pipeline.prototype.run;
  lunr.Pipeline.prototype.run = function (tokens) {
    const folded = tokens.flatMap((token) => [token.update(fold), ...unprefixed(token)]);
    return run.call(this, folded);
  };

  // Terms with a wildcard, which Material adds to each term, skip the pipeline.
  const parseTerm = lunr.QueryParser.parseTerm;
  lunr.QueryParser.parseTerm = (parser) => {
    const clause = parser.currentClause;
    const next = parseTerm(parser);
    if (typeof clause.term === "string") clause.term = fold(clause.term);
    return next;
  };
})();

// Appended to Material's search worker by hooks/search.py, which publishes the result
// under a new content-hashed name: it runs once lunr is set up, before the worker's first
// message. Words are matched without regard to case in every language, Turkish included,
// nor to the marks a reader does not type. JavaScript's toLowerCase is not Turkish-aware:
// "İyi" became "i̇yi" (an i and a combining dot) and "KIZ" became "kiz", so "iyi" did not
// find "İyi oynamak", nor "KIZ" "Kız"; and "большим" did not find "бо́льшим", written
// with a stress mark. The index's words and the query's terms are now folded alike: the
// combining marks left once letters are composed (NFC) go, which keeps ü, ş and й but
// drops a stress mark, Hebrew points and the dot of a lowercased İ; and the dotless ı is
// matched as i. Highlighting is unchanged: it marks the text as written, by position.
(() => {
  const lunr = self.lunr;
  const fold = (text) =>
    text
      .normalize("NFC")
      .replace(/\p{Mn}/gu, "")
      .replace(/ı/gu, "i");

  // The index's words and a query's terms with no wildcard pass through a pipeline.
  const run = lunr.Pipeline.prototype.run;
  lunr.Pipeline.prototype.run = function (tokens) {
    for (const token of tokens) token.update(fold);
    return run.call(this, tokens);
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

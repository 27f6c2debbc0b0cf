// Appended to Material's search worker by hooks/search.py, after `fold` and `unprefixed`
// (docs/assets/js/shared/fold.js, which says why) and `self.crescentPrefixes` (the prefix
// letters the languages' glossaries declare): it runs once lunr is set up, before the
// worker's first message. The index's words and the query's terms are folded alike, and
// the index also holds each word without its prefixes: "ערימה" finds "בערימה".
// Highlighting is unchanged: it marks the text as written, by position.
/* global fold, unprefixed */
(() => {
  const lunr = self.lunr;
  const prefixes = self.crescentPrefixes ?? "";

  // The index's words and a query's terms with no wildcard pass through a pipeline.
  const run = lunr.Pipeline.prototype.run;
  lunr.Pipeline.prototype.run = function (tokens) {
    const folded = [];
    for (const token of tokens) {
      token.update(fold);
      folded.push(token);
      const text = token.toString();
      if (prefixes.includes(text[0])) {
        for (const rest of unprefixed(text, prefixes)) {
          folded.push(token.clone(() => rest));
        }
      }
    }
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

// Appended to Material's search worker by hooks/search.py, after `fold`, `unprefixed` and
// `stem` (docs/assets/js/shared/fold.js, which says why) and `self.crescentPrefixes` (the
// prefix letters the languages' glossaries declare): it runs once lunr is set up, before
// the worker's first message. The index's words and the query's terms are folded alike,
// and the index also holds each word without its prefixes: "ערימה" finds "בערימה". A
// term Material asks for as the start of a word is asked for without its ending too: the
// endings are those of the index's language (its `config.endings`, from the glossary),
// which the worker learns from the index it is set up with.
// Highlighting is unchanged: it marks the text as written, by position.
/* global fold, unprefixed, stem */
(() => {
  const lunr = self.lunr;
  const prefixes = self.crescentPrefixes ?? "";
  let endings = [];

  // Material's own listener, added before this one, builds the index from the same message.
  addEventListener("message", (event) => {
    const config = event.data?.data?.config;
    if (config) endings = config.endings ?? [];
  });

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

  // Terms with a wildcard, which Material adds to each term, skip the pipeline. A term
  // that asks for the start of a word ("пересдачу*") asks without its ending ("пересдач*").
  const parseTerm = lunr.QueryParser.parseTerm;
  lunr.QueryParser.parseTerm = (parser) => {
    const clause = parser.currentClause;
    const next = parseTerm(parser);
    if (typeof clause.term === "string") {
      const term = fold(clause.term);
      const start = term.length > 1 && term.endsWith("*") ? term.slice(0, -1) : null;
      clause.term = start === null || start.includes("*") ? term : `${stem(start, endings)}*`;
    }
    return next;
  };
})();

// Material's search asks its index on key presses (keyup) only, so a word pasted,
// dropped, dictated or taken from a phone keyboard's suggestions changed the field
// and found nothing until another key was pressed. Any change of the field now asks,
// as a key would (Material searches once per new value, so typing still searches once).
//
// The page a result opens marks the words searched for (`?h=`). Material marks them by a
// regular expression that ignores case but knows nothing of the search's folding, so a
// word found as the reader typed it went unmarked: "tıkandı" for "tikandi", "Kız" for
// "KIZ", "בערימה" for "ערימה" (a QA run). Once the page has loaded, the words Material
// left unmarked that the search matched (shared/fold.js) are marked as it marks its own.

import { fold, unprefixed } from "../shared/fold.js";
import { SEARCH_PREFIXES } from "../shared/facts.js";

const field = document.querySelector('[data-md-component="search-query"]');
field?.addEventListener("input", () => {
  field.dispatchEvent(new KeyboardEvent("keyup"));
});

const WORD = /[\p{L}\p{M}\p{N}_'’]+/gu;
const SKIPPED = "mark, script, style, svg, code, pre, textarea, [hidden]";

/** Whether `word` (as written) is one the search found for the folded `terms`. */
function searched(word, terms) {
  const folded = fold(word.toLowerCase());
  const forms = [folded, ...unprefixed(folded, SEARCH_PREFIXES)];
  return forms.some((form) => terms.some((term) => form.startsWith(term)));
}

/** Whether Material's own expression (a term, ignoring case as it does) marks
 * something of `word`: then the word is left to it. */
function markedByMaterial(word, asked) {
  return asked.some((term) =>
    new RegExp(term.replace(/[|\\{}()[\]^$+*?.-]/g, "\\$&"), "i").test(word),
  );
}

/** Mark, in the page's content, the words the search found for the query `query`. */
function markSearched(query) {
  const asked = query.split(/[\s*+\-:~^]+/).filter(Boolean);
  const terms = asked.map((term) => fold(term.toLowerCase()));
  const content = document.querySelector(".md-content");
  if (!terms.length || content === null) {
    return;
  }
  const nodes = [];
  const walker = document.createTreeWalker(content, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    if (node.parentElement?.offsetHeight && !node.parentElement.closest(SKIPPED)) {
      nodes.push(node);
    }
  }
  for (const node of nodes) {
    const text = node.textContent;
    const parts = [];
    let last = 0;
    for (const match of text.matchAll(WORD)) {
      const word = match[0];
      if (searched(word, terms) && !markedByMaterial(word, asked)) {
        parts.push(text.slice(last, match.index));
        const mark = document.createElement("mark");
        mark.setAttribute("data-md-highlight", "");
        mark.textContent = word;
        parts.push(mark);
        last = match.index + word.length;
      }
    }
    if (parts.length) {
      parts.push(text.slice(last));
      node.replaceWith(...parts.filter((part) => part !== ""));
    }
  }
}

const query = new URL(location.href).searchParams.get("h");
if (query) {
  if (document.readyState === "complete") {
    markSearched(query);
  } else {
    addEventListener("load", () => markSearched(query), { once: true });
  }
}

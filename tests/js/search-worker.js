// Runs a built site's search worker (Material's, as the site publishes it) under Node, as
// a browser would: `node tests/js/search-worker.js WORKER INDEX` reads a JSON list of
// queries on its standard input and writes, for each, the locations of the documents found
// and whether the query is a stop word, which the search leaves out on purpose
// (tests/site/test_search_words.py).
import { readFileSync } from "node:fs";
import { runInNewContext } from "node:vm";

const [worker, index] = process.argv.slice(2);
const listeners = [];
const replies = [];
const scope = {
  console,
  addEventListener: (_type, listener) => listeners.push(listener),
  postMessage: (message) => replies.push(message),
  importScripts: () => {
    throw new Error("the worker asked for another script");
  },
};
scope.self = scope;
runInNewContext(readFileSync(worker, "utf8"), scope);

async function ask(type, data) {
  replies.length = 0;
  for (const listener of listeners) await listener({ data: { type, data } });
  while (!replies.length) await new Promise((resolve) => setTimeout(resolve, 1));
  return replies[0];
}

const SETUP = 0;
const QUERY = 2;
await ask(SETUP, { ...JSON.parse(readFileSync(index, "utf8")), options: { suggest: false } });
const queries = JSON.parse(readFileSync(0, "utf8"));
const found = [];
for (const query of queries) {
  const reply = await ask(QUERY, query);
  const locations = reply.data.items.flat().map((item) => item.location);
  const stop = !scope.lunr.stopWordFilter(new scope.lunr.Token(query.toLowerCase()));
  found.push({ locations, stop });
}
process.stdout.write(JSON.stringify(found));

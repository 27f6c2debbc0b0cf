// What the engine's worker tells its pages (engine/announcer.js): a page that connects
// after the start hears how it ended, even when bytes were still counted after that.
import { test } from "node:test";
import assert from "node:assert/strict";

import { announcer } from "../../docs/assets/js/engine/announcer.js";

const progress = (received, complete = false) => ({
  type: "progress",
  received,
  total: 100,
  complete,
});
const ready = { type: "ready", from: "fresh", wasm: "compiled-early" };

test("a page that comes while the engine loads hears the progress so far", () => {
  const news = announcer();
  assert.deepEqual(news.greeting(), []);
  assert.ok(news.admit(progress(40)));
  assert.deepEqual(news.greeting(), [progress(40)]);
});

test("a page that comes once the engine runs hears ready, from running", () => {
  const news = announcer();
  news.admit(progress(100, true));
  assert.ok(news.admit(ready));
  assert.deepEqual(news.greeting(), [{ ...ready, from: "running" }]);
});

test("bytes counted after the start ended are not told and leave the greeting", () => {
  // A response's copy read after Python was ready: told then, it replaced `ready`, and
  // the next page heard "every byte in" and waited for a ready already said (a Play
  // page failed after 60 s in a loaded test run).
  const news = announcer();
  news.admit(progress(90));
  news.admit(ready);
  assert.equal(news.admit(progress(100, true)), false);
  assert.deepEqual(news.greeting(), [{ ...ready, from: "running" }]);
});

test("a failed or crashed engine stays so for the pages that come", () => {
  for (const end of [
    { type: "failed", detail: "no wasm" },
    { type: "crashed", detail: "boom" },
  ]) {
    const news = announcer();
    news.admit(progress(30));
    if (end.type === "crashed") {
      news.admit(ready);
    }
    assert.ok(news.admit(end));
    assert.equal(news.admit(progress(100, true)), false);
    assert.deepEqual(news.greeting(), [end]);
  }
});

test("a note on the kept snapshot is told but is no greeting", () => {
  const news = announcer();
  news.admit(ready);
  assert.ok(news.admit({ type: "kept", kept: true }));
  assert.deepEqual(news.greeting(), [{ ...ready, from: "running" }]);
});

test("the page whose connection came after the start it caused hears how it started", () => {
  // Chromium may hand a new shared worker its first page's `connect` after a start from
  // the snapshot has ended: that page heard "running" from the engine it had just started
  // (test_offline, a loaded CI run).
  const news = announcer();
  const snapshot = { ...ready, from: "snapshot" };
  news.admit(progress(60), false);
  news.admit(progress(100, true), false);
  assert.ok(news.admit(snapshot, false));
  assert.ok(news.admit({ type: "kept", kept: true }, false));
  assert.deepEqual(news.greeting(), [snapshot, { type: "kept", kept: true }]);
  assert.deepEqual(news.greeting(), [{ ...snapshot, from: "running" }]);
});

test("a page that connected late while the engine loads hears the progress so far", () => {
  const news = announcer();
  news.admit(progress(20), false);
  news.admit(progress(50), false);
  assert.deepEqual(news.greeting(), [progress(50)]);
  assert.ok(news.admit(ready));
  assert.deepEqual(news.greeting(), [{ ...ready, from: "running" }]);
});

test("a note on the snapshot told after every page left hides nothing from the next", () => {
  // The first page heard `ready` and left; the snapshot was kept while no page listened.
  // The next page must still hear that the engine runs (heard only `kept`, it waited).
  const news = announcer();
  news.admit(progress(100, true));
  news.admit(ready);
  assert.ok(news.admit({ type: "kept", kept: true }, false));
  assert.deepEqual(news.greeting(), [{ ...ready, from: "running" }]);
});

// The pure parts of the page scripts: the record link, the stored game, the fit of the
// Play page's board, the clock's format and the viewer's autoplay.
import { test, beforeEach } from "node:test";
import assert from "node:assert/strict";
import { deflateRawSync } from "node:zlib";

import {
  RECORD_LINK_MAX_BYTES,
  RecordLinkError,
  decodeRecordFragment,
  encodeRecordFragment,
  isRecordFragment,
  splitRecordFragment,
  viewerLink,
} from "../../docs/assets/js/pages/record-link.js";
import {
  MAX_GAMES,
  addGame,
  forgetSaved,
  readGames,
  readSaved,
  readStats,
  writeSaved,
  writeStats,
} from "../../docs/assets/js/pages/play-store.js";
import { fitLayout } from "../../docs/assets/js/pages/play-fit.js";
import { dateAndTime, formatTime } from "../../docs/assets/js/pages/play-clock.js";
import { STEP_MS, pauseAfter, stepDelay } from "../../docs/assets/js/pages/viewer-autoplay.js";

const RECORD = JSON.stringify({
  format: "crescent-game/1",
  code: "CR1-N-AAAAAAB",
  moves: ["p10 p14", "redeal", "p3 down-C"],
  note: "Ход, מהלך, hamle: ♠♥♦♣",
});

test("a record link round-trips the record's text, step apart", async () => {
  const fragment = await encodeRecordFragment(RECORD);
  assert.match(fragment, /^record=1\.[A-Za-z0-9_-]+$/, "base64url, no padding");
  assert.equal(isRecordFragment(fragment), true);
  assert.equal(await decodeRecordFragment(`${fragment}&move-37`), RECORD);
  assert.deepEqual(splitRecordFragment(`${fragment}&move-37`), {
    record: fragment,
    step: "move-37",
  });
  assert.equal(
    await viewerLink("https://example.org/examples/#old", RECORD, "redeal-1"),
    `https://example.org/examples/#${fragment}&redeal-1`,
  );
});

test("a record link packed elsewhere (zlib's raw DEFLATE) opens too", async () => {
  const packed = deflateRawSync(Buffer.from(RECORD), { level: 9 }).toString("base64url");
  assert.equal(await decodeRecordFragment(`record=1.${packed}`), RECORD);
});

test("bad record links are refused by kind, never thrown as anything else", async () => {
  const kind = async (fragment) => {
    try {
      await decodeRecordFragment(fragment);
    } catch (error) {
      assert.ok(error instanceof RecordLinkError);
      return error.kind;
    }
    return "read";
  };
  assert.equal(await kind("record=2.abcd"), "version");
  assert.equal(await kind("record=abcd"), "malformed");
  assert.equal(await kind("record=1.!!!"), "malformed");
  assert.equal(await kind("record=1.a"), "malformed", "a length no base64 has");
  assert.equal(await kind("record=1.AAAA"), "malformed", "not DEFLATE");
  const huge = deflateRawSync(Buffer.alloc(RECORD_LINK_MAX_BYTES + 1, 32)).toString("base64url");
  assert.equal(await kind(`record=1.${huge}`), "too-large");
  const latin = deflateRawSync(Buffer.from([0xff, 0xfe])).toString("base64url");
  assert.equal(await kind(`record=1.${latin}`), "malformed", "not UTF-8");
  assert.equal(isRecordFragment("move-10"), false);
});

/** The browser's localStorage, as the Web Storage standard has it: strings by key. */
class MemoryStorage {
  #items = new Map();
  getItem(key) {
    return this.#items.has(key) ? this.#items.get(key) : null;
  }
  setItem(key, value) {
    this.#items.set(key, String(value));
  }
  removeItem(key) {
    this.#items.delete(key);
  }
}

beforeEach(() => {
  globalThis.window = { localStorage: new MemoryStorage() };
});

test("the stored game comes back as it was written", () => {
  assert.equal(readSaved(), null);
  writeSaved({ record: RECORD, undo_depth: 3 }, 42, { counted: true, finished: false });
  assert.deepEqual(readSaved(), {
    record: RECORD,
    undo: 3,
    elapsed: 42,
    code: "CR1-N-AAAAAAB",
    tally: { counted: true, finished: false },
  });
  forgetSaved();
  assert.equal(readSaved(), null);
});

test("whatever else is stored is read as numbers, known words and strings", () => {
  const storage = globalThis.window.localStorage;
  storage.setItem("crescent.play", "not json");
  assert.deepEqual(readSaved(), { record: "not json", undo: null, elapsed: 0, code: "" });
  storage.setItem(
    "crescent.play",
    JSON.stringify({ format: "crescent-play/1", record: "{", undo: -1, elapsed: 1e12 }),
  );
  const saved = readSaved();
  assert.deepEqual([saved.undo, saved.elapsed, saved.code], [null, 0, ""]);
  storage.setItem(
    "crescent.stats",
    JSON.stringify({ format: "crescent-stats/1", played: -5, won: "7", bestTime: 61 }),
  );
  assert.deepEqual(readStats(), {
    played: 0,
    won: 0,
    streak: 0,
    bestStreak: 0,
    bestTime: 61,
    fewestMoves: null,
  });
  storage.setItem(
    "crescent.games",
    JSON.stringify({ format: "crescent-games/1", games: [{ record: 1 }, null] }),
  );
  assert.deepEqual(readGames(), []);
});

test("the statistics and the last games are kept, the newest first, at most twenty", () => {
  writeStats({ played: 3, won: 2, streak: 1, bestStreak: 2, bestTime: 300, fewestMoves: 170 });
  assert.equal(readStats().fewestMoves, 170);
  for (let n = 0; n < MAX_GAMES + 3; n += 1) {
    addGame({ record: RECORD, result: n % 2 ? "won" : "given-up", moves: n, time: n, date: n });
  }
  const games = readGames();
  assert.equal(games.length, MAX_GAMES);
  assert.equal(games[0].moves, MAX_GAMES + 2);
});

test("storage that refuses to work loses the game quietly, never the page", () => {
  globalThis.window = {
    get localStorage() {
      throw new Error("SecurityError");
    },
  };
  writeSaved({ record: RECORD, undo_depth: 0 }, 1);
  assert.equal(readSaved(), null);
  assert.equal(readStats().played, 0);
});

const LAYOUTS = { wide: [1000, 700], tall: [800, 1000] };

test("the board takes the arrangement whose cards come out biggest", () => {
  assert.deepEqual(fitLayout(LAYOUTS, { width: 1280, height: 700 }), {
    layout: "wide",
    width: 1000,
    height: 700,
  });
  // A phone held upright: the tall arrangement, as wide as the screen.
  assert.deepEqual(fitLayout(LAYOUTS, { width: 390, height: 700 }), {
    layout: "tall",
    width: 390,
    height: 487,
  });
});

test("the wide arrangement stays unless another is 20% bigger; no room keeps the last", () => {
  // tall: min(800/800, 1000/1000) = 1; wide: min(800/1000, 1000/700) = 0.8; 1 / 1.2 < 0.8? no.
  assert.equal(fitLayout(LAYOUTS, { width: 800, height: 1000 }).layout, "tall");
  // tall 0.9 / 1.2 = 0.75 < wide 0.8: wide stays.
  assert.equal(fitLayout(LAYOUTS, { width: 800, height: 900 }).layout, "wide");
  assert.deepEqual(fitLayout(LAYOUTS, { width: 500, height: -10 }, "tall"), {
    layout: "tall",
    width: 500,
    height: 625,
  });
});

test("the clock reads minutes and seconds, hours once there are any", () => {
  assert.equal(formatTime(0), "0:00");
  assert.equal(formatTime(7.9), "0:07");
  assert.equal(formatTime(754), "12:34");
  assert.equal(formatTime(3723), "1:02:03");
  assert.equal(formatTime(-5), "0:00");
});

test("autoplay: a step a speed's share of the pace, a pause after a redeal and at the end", () => {
  assert.equal(stepDelay("1"), STEP_MS);
  assert.equal(stepDelay("2"), STEP_MS / 2);
  assert.equal(stepDelay("0.5"), STEP_MS * 2);
  assert.equal(stepDelay("fast"), STEP_MS);
  assert.equal(pauseAfter("move-9", 12, 170), null);
  assert.equal(pauseAfter("redeal-1", 13, 170), "redeal");
  assert.equal(pauseAfter("move-164", 169, 170), "end");
  assert.equal(pauseAfter("start", 0, 1), "end");
});

test("a date and time break only between the date and the time", () => {
  const when = new Date(2026, 11, 6, 9, 52);
  const nbsp = "\u00a0";
  assert.equal(dateAndTime("bg")(when), `6.12.26${nbsp}г., 9:52`);
  assert.equal(dateAndTime("en")(when), `12/6/26, 9:52${nbsp}AM`);
  for (const lang of ["he", "ru", "tr", "ja", "ar"]) {
    const text = dateAndTime(lang)(when);
    const both = new Intl.DateTimeFormat(lang, { dateStyle: "short", timeStyle: "short" });
    assert.equal(text.replace(/\u00a0/g, " "), both.format(when).replace(/\u00a0/g, " "), lang);
    assert.equal(text.split(" ").length, 2, `${lang}: one place to break, "${text}"`);
  }
});

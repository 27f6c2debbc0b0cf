// The engine in the browser: a module Web Worker running Pyodide with the crescent
// wheel (one shared by every page of the site where the browser can, see boot.js),
// behind one loading promise. Every rule stays in Python; this
// module only starts the worker (boot.js, which a page may already have run from its
// head) and forwards JSON calls to the table of crescent.browser (worker.js). With the browser's data saver
// on (Save-Data), the runtime's megabytes wait for the reader's first tap, click or key
// on a live board; each live board says so meanwhile, and how much will be downloaded,
// in words the build wrote into its `data-saver` attributes. While the runtime loads,
// every live board shows how far it has got (loading.js). Once the engine runs, the page
// offers the site's service worker (offline.js), so that the runtime is not fetched again.
//
// Loading is judged by its bytes, not by a clock: it goes on for as long as bytes
// arrive, however slow the link. When none has arrived for STALL_MS (a fact the build
// writes from crescent_site.demo into shared/facts.js) the boards say the
// connection seems stalled, and go on waiting. A download that breaks off (the link
// dropped) starts the engine again once the browser is online (RESTARTS). Only a start
// that never ends once every byte is in (START_MS) fails, as "timeout"; a runtime that
// cannot load fails at once.

import "./boot.js";
import { liveBoards, showLoading, sizeText } from "./loading.js";
import { offerOffline } from "./offline.js";
import { ERROR_KINDS, STALL_MS } from "../shared/facts.js";

/** Every byte in, and still no engine after this long: it will not start ("timeout"). */
const START_MS = 60000;
/**
 * Starts after the first that downloads breaking off may cost: the link dropped for a
 * moment, and the engine starts again once it is back (a QA run on a slow link saw a
 * 5-second drop end the loading for good). Each start that breaks off counts, however
 * long the browser then stays offline; a runtime that breaks off this often is not
 * coming ("load").
 */
const RESTARTS = 4;
/** The first wait before starting again, doubled each time (ms). */
const RESTART_MS = 1000;

/** Resolves once the browser is online and `RESTART_MS` × 2^`tries` have passed. */
async function linkBack(tries) {
  await new Promise((resolve) => setTimeout(resolve, RESTART_MS * 2 ** tries));
  while (!navigator.onLine) {
    await new Promise((resolve) => window.addEventListener("online", resolve, { once: true }));
  }
}
const CALL_TIMEOUT_MS = 30000; // far beyond any call (a hint thinks 3 s): the worker is gone

/**
 * How the engine can fail (ERROR_KINDS, written by the build from crescent_site.demo,
 * whose shells carry words for each): "no-wasm", "timeout" or "load" while starting
 * (any other failure to start is "load"); "crash" once running (the worker died, went
 * silent, or a call threw).
 */
export { ERROR_KINDS };

/**
 * Log `error` to the console, for whoever finds out why the engine failed; return the
 * kind of failure to tell the reader about: `error`'s kind, else "load".
 */
export function reportFailure(error) {
  console.error("Crescent:", error);
  return error && ERROR_KINDS.includes(error.kind) ? error.kind : "load";
}

export class EngineError extends Error {
  // kind: one of ERROR_KINDS
  constructor(kind, detail = "") {
    super(`${kind}${detail ? ": " + detail : ""}`);
    this.kind = kind;
    this.detail = detail;
  }
}

let loading = null;
/** Keys that move the focus or are held for another: they start nothing. */
const MOVING_KEYS = new Set(["Tab", "Shift", "Alt", "Control", "Meta"]);

/** The page's engine: resolves to {call(method, payload)} or rejects with EngineError. */
export function engine() {
  if (loading === null) {
    loading = start();
    loading.then(offerOffline, () => {});
  }
  return loading;
}

/**
 * The bytes a start would download: those of the runtime's files not in the browser's
 * Cache Storage (where the service worker keeps them), as a host sends them.
 */
async function toDownload() {
  const runtime = window.crescentRuntime();
  const sizes = Object.entries((runtime && runtime.sizes) || {});
  const kept = await Promise.all(
    sizes.map(([url]) =>
      typeof caches === "object" ? caches.match(url).then(Boolean, () => false) : false,
    ),
  );
  return sizes.reduce((sum, [, [, sent]], index) => (kept[index] ? sum : sum + sent), 0);
}

/** The words a board shows while data saver holds the engine back, with what it would cost. */
function saverWords(board, bytes) {
  if (bytes === 0) {
    return board.dataset.saverKept;
  }
  const lang = board.closest("[lang]")?.lang || document.documentElement.lang;
  return board.dataset.saver.replace("{size}", sizeText(bytes, lang));
}

/** Resolves at once, or with data saver on at the first tap, click or key on a live board. */
async function wanted() {
  const boards = liveBoards();
  if (!(navigator.connection && navigator.connection.saveData) || boards.length === 0) {
    return;
  }
  const bytes = await toDownload();
  await new Promise((resolve) => {
    const shown = new Map();
    const begin = (event) => {
      if (event.type === "keydown" && MOVING_KEYS.has(event.key)) {
        return;
      }
      for (const [board, { status, text, focusable }] of shown) {
        board.removeEventListener("pointerdown", begin, true);
        board.removeEventListener("keydown", begin, true);
        if (status && status.textContent === saverWords(board, bytes)) {
          status.textContent = text;
        }
        if (!focusable && board === document.activeElement) {
          board.tabIndex = -1; // out of the Tab order, but the focus stays where it is
        } else if (!focusable) {
          board.removeAttribute("tabindex");
        }
      }
      resolve();
    };
    for (const board of boards) {
      const status = board.querySelector('[role="status"]');
      shown.set(board, {
        status,
        text: status ? status.textContent : "",
        focusable: board.hasAttribute("tabindex"),
      });
      if (status) {
        status.textContent = saverWords(board, bytes);
      }
      if (!board.hasAttribute("tabindex")) {
        board.tabIndex = 0; // so that a key can start it too
      }
      board.addEventListener("pointerdown", begin, true);
      board.addEventListener("keydown", begin, true);
    }
  });
}

/**
 * Call `fail` as soon as the shared engine's worker is gone without a word (the browser
 * or the system ended it): the worker holds its lock (`worker.lock`) while it lives, and
 * the page asks for the same lock, which it gets only then. A page's own worker dies
 * with the page, and a worker that hangs holds its lock: a call's time-out tells those.
 */
function watchLifetime(worker, fail) {
  if (!worker.lock || !(navigator.locks && navigator.locks.request)) {
    return;
  }
  navigator.locks
    .request(worker.lock, () => fail(new EngineError("crash", "the engine's worker is gone")))
    .catch(() => {});
}

async function start() {
  await wanted();
  const boot = window.crescentEngineBoot();
  if (boot.error === "no-wasm") {
    throw new EngineError("no-wasm");
  }
  if (boot.error) {
    throw new EngineError("load", boot.error);
  }
  let worker = boot.worker;
  const pending = new Map();
  let failure = null;
  let nextId = 1;
  const watchers = new Set();

  const fail = (error) => {
    const first = failure === null;
    failure = failure || error;
    for (const call of pending.values()) {
      clearTimeout(call.timer);
      call.reject(failure);
    }
    pending.clear();
    worker?.terminate();
    if (first) {
      for (const watch of watchers) {
        watch(failure);
      }
    }
  };

  const loadingShown = showLoading();
  const ready = new Promise((resolve, reject) => {
    let received = -1;
    let lastByte = performance.now();
    let complete = false;
    let shownShare = 0; // the bar never goes back when a new start counts from nothing
    let tries = 0;
    const watch = setInterval(() => {
      const quiet = performance.now() - lastByte;
      if (complete && quiet >= START_MS) {
        settle(new EngineError("timeout", "every byte arrived, but the engine did not start"));
      } else if (!complete) {
        loadingShown.stalled(quiet >= STALL_MS);
      }
    }, 1000);
    const settle = (error) => {
      clearInterval(watch);
      loadingShown.finish();
      if (error) {
        fail(error);
        reject(error);
      } else {
        resolve();
      }
    };
    /** A download broke off: start again once the link is back, the bar where it was. */
    const again = async () => {
      if (worker === null) {
        return; // a start is already on its way
      }
      const failed = worker;
      worker = null; // until the next start: its news, even kept from before, is not heard
      failed.removeEventListener("message", onMessage);
      failed.removeEventListener("error", onError);
      // The failed start's last errors are its own: not the page's uncaught ones.
      failed.addEventListener("error", (event) => event.preventDefault());
      failed.terminate();
      loadingShown.stalled(true);
      await linkBack(tries);
      tries += 1;
      const next = window.crescentEngineReboot();
      if (next.error) {
        settle(new EngineError("load", next.error));
        return;
      }
      worker = next.worker;
      received = -1;
      complete = false;
      lastByte = performance.now();
      listen(next);
    };
    const onMessage = (event) => {
      const message = event.data;
      if (message.type === "progress") {
        if (message.received > received || message.complete) {
          received = message.received;
          lastByte = performance.now();
          complete = message.complete;
          shownShare = Math.max(shownShare, message.total ? message.received / message.total : 0);
          loadingShown.stalled(false);
          loadingShown.progress(shownShare);
        }
      } else if (message.type === "ready") {
        performance.mark(`crescent:engine:${message.from}`);
        performance.mark(`crescent:wasm:${message.wasm}`);
        performance.mark(`crescent:archives:${message.archives}`);
        performance.mark(`crescent:wasm-from:${message.wasmFrom}`);
        if (tries > 0) {
          performance.mark(`crescent:engine-starts:${tries + 1}`);
        }
        settle(null);
      } else if (message.type === "kept") {
        performance.mark(`crescent:engine:${message.kept ? "kept" : "not-kept"}`);
      } else if (message.type === "failed") {
        if (message.network && tries < RESTARTS) {
          again().catch(settle);
        } else {
          settle(new EngineError("load", message.detail));
        }
      } else if (message.type === "crashed") {
        // a shared worker's uncaught error: a page's own worker fires `error` instead
        settle(new EngineError("crash", message.detail));
      } else if (message.type === "result") {
        const call = pending.get(message.id);
        pending.delete(message.id);
        if (!call) {
          return;
        }
        clearTimeout(call.timer);
        if (message.error) {
          call.reject(new EngineError("crash", message.error));
        } else {
          call.resolve(JSON.parse(message.result));
        }
      }
    };
    const onError = (event) => {
      settle(new EngineError("crash", event.message || "worker error"));
    };
    const listen = (started) => {
      const early = started.release();
      started.worker.addEventListener("message", onMessage);
      started.worker.addEventListener("error", onError);
      for (const event of early) {
        if (worker !== started.worker) {
          break; // its failure already started another: the rest of its news is old
        }
        (event.type === "message" ? onMessage : onError)(event);
      }
    };
    listen(boot);
  });
  await ready;
  watchLifetime(worker, fail);
  return {
    call(method, payload) {
      if (failure) {
        return Promise.reject(failure);
      }
      return new Promise((resolve, reject) => {
        const id = nextId++;
        const silent = () => fail(new EngineError("crash", "no answer"));
        const timer = setTimeout(silent, CALL_TIMEOUT_MS);
        pending.set(id, { resolve, reject, timer });
        // The page's language by default: even a refusal about a closed game is in its words.
        const request = { lang: document.documentElement.lang, ...payload };
        worker.postMessage({ type: "call", id, method, payload: JSON.stringify(request) });
      });
    },
    get failure() {
      return failure;
    },
    /** Call `listener(error)` once if the running engine fails (its worker died or went silent). */
    onFailure(listener) {
      if (failure) {
        queueMicrotask(() => listener(failure));
      } else {
        watchers.add(listener);
      }
    },
  };
}

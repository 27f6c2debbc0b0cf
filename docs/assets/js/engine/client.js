// The engine in the browser: one module Web Worker per page running Pyodide with
// the crescent wheel, behind one loading promise. Every rule stays in Python; this
// module only starts the worker (boot.js, which a page may already have run from its
// head) and forwards JSON calls to the table of crescent.browser (worker.js). With the browser's data saver
// on (Save-Data), the runtime's megabytes wait for the reader's first tap, click or key
// on a live board; each live board says so meanwhile, in words the build wrote into its
// `data-saver` attribute. Once the engine runs, the page offers the site's service
// worker (offline.js), so that the runtime is not fetched again.

import "./boot.js";
import { offerOffline } from "./offline.js";
import { ERROR_KINDS } from "../shared/facts.js";

const LOAD_TIMEOUT_MS = 45000;
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

/** Resolves at once, or with data saver on at the first tap, click or key on a live board. */
function wanted() {
  const boards = [...document.querySelectorAll("[data-saver]")];
  if (!(navigator.connection && navigator.connection.saveData) || boards.length === 0) {
    return Promise.resolve();
  }
  return new Promise((resolve) => {
    const shown = new Map();
    const begin = (event) => {
      if (event.type === "keydown" && MOVING_KEYS.has(event.key)) {
        return;
      }
      for (const [board, { status, text, focusable }] of shown) {
        board.removeEventListener("pointerdown", begin, true);
        board.removeEventListener("keydown", begin, true);
        if (status && status.textContent === board.dataset.saver) {
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
        status.textContent = board.dataset.saver;
      }
      if (!board.hasAttribute("tabindex")) {
        board.tabIndex = 0; // so that a key can start it too
      }
      board.addEventListener("pointerdown", begin, true);
      board.addEventListener("keydown", begin, true);
    }
  });
}

async function start() {
  await wanted();
  const boot = window.crescentEngineBoot(new URL("./worker.js", import.meta.url).href);
  if (boot.error === "no-wasm") {
    throw new EngineError("no-wasm");
  }
  if (boot.error) {
    throw new EngineError("load", boot.error);
  }
  const worker = boot.worker;
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
    worker.terminate();
    if (first) {
      for (const watch of watchers) {
        watch(failure);
      }
    }
  };

  const ready = new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      const error = new EngineError("timeout");
      fail(error);
      reject(error);
    }, LOAD_TIMEOUT_MS);
    const onMessage = (event) => {
      const message = event.data;
      if (message.type === "ready") {
        clearTimeout(timer);
        resolve();
      } else if (message.type === "failed") {
        clearTimeout(timer);
        const error = new EngineError("load", message.detail);
        fail(error);
        reject(error);
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
      clearTimeout(timer);
      const error = new EngineError("crash", event.message || "worker error");
      fail(error);
      reject(error);
    };
    const early = boot.release();
    worker.addEventListener("message", onMessage);
    worker.addEventListener("error", onError);
    for (const event of early) {
      (event.type === "message" ? onMessage : onError)(event);
    }
  });
  await ready;
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

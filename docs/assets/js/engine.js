// The engine in the browser: one module Web Worker per page running Pyodide with
// the crescent wheel, behind one loading promise. Every rule stays in Python; this
// module only starts the worker (engine-boot.js, which a page may already have run
// from its head) and forwards JSON calls to crescent.web.

import "./engine-boot.js";

const LOAD_TIMEOUT_MS = 45000;

export class EngineError extends Error {
  // kind: "no-wasm" | "timeout" | "load" | "crash" | "call"
  constructor(kind, detail = "") {
    super(`${kind}${detail ? ": " + detail : ""}`);
    this.kind = kind;
    this.detail = detail;
  }
}

let loading = null;

/** The page's engine: resolves to {call(method, payload)} or rejects with EngineError. */
export function engine() {
  if (loading === null) {
    loading = start();
  }
  return loading;
}

async function start() {
  const boot = window.crescentEngineBoot(new URL("./engine-worker.js", import.meta.url).href);
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

  const fail = (error) => {
    failure = failure || error;
    for (const call of pending.values()) {
      call.reject(failure);
    }
    pending.clear();
    worker.terminate();
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
        if (message.error) {
          call.reject(new EngineError("call", message.error));
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
        pending.set(id, { resolve, reject });
        worker.postMessage({ type: "call", id, method, payload: JSON.stringify(payload) });
      });
    },
    get failure() {
      return failure;
    },
  };
}

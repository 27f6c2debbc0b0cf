// Module worker: loads the self-hosted Pyodide and the crescent wheel, then answers
// calls to the engine's browser API (JSON text in, JSON text out) through its one
// table of methods, `crescent.browser.call(method, payload)`: a name missing from that
// table is refused there. The site ships it bundled with the modules it imports, one
// script beside the wheel of its build (crescent_site/worker_script.py), which the
// service worker precaches. Where the runtime lives comes in the worker's name (JSON
// `{pyodide, wheel, stdlib, worker, root, sizes, epoch}`, see boot.js), so loading starts as
// soon as this module runs. `stdlib` is the build's precompiled python_stdlib.zip (crescent_site/bytecode.mjs):
// with it Pyodide starts in about a quarter of the time (bench/demos.py). The build
// sends it and the wheel as zips compressed whole with gzip (hooks/runtime.py,
// `shipped`), some 100 kB less than zips compressed one entry at a time: both
// download from the start, and are unpacked here. A later visit finds them unpacked
// beside the kept snapshot, in the same entry of Cache Storage (snapshot-store.js),
// and reads nothing else of the precache but Pyodide's own files.
//
// While the runtime downloads, the worker tells the page how many of its bytes have
// arrived (`progress` messages, meter.js). Once the engine is imported, the first start
// copies Python's memory (snapshot.js) and keeps it in the browser (snapshot-store.js);
// a later visit of the same build starts from that copy, which skips Python's own start
// and the engine's imports: the page's first board is ready in a fraction of the time
// (bench/start.py). A copy that cannot be read or used is forgotten, and the engine
// starts as on a first visit, keeping a new one. `ready` says which start it was.
//
// A wasm that fails to load makes loadPyodide log and never settle, so the first
// "failed" log line is reported at once (or, while trying a snapshot, ends the try).
//
// Where the browser has them, the site runs this worker as a shared worker that outlives
// its last page for a while (boot.js, `extendedLifetime`): every page of the site open at
// once, and the next page a reader opens, talks to one running engine, whose first
// board is ready without a start. Each page is a client with its own number
// (`crescent.browser.call(..., client)`: what a page opens is its own); a page that goes
// says `bye` and the engine lets go of what it held. A page that comes once the engine
// runs is told `ready` with `from: "running"`; one that comes while it loads gets the
// progress so far; the first one to come after news no page heard (its `connect` came
// late) hears that news (announcer.js). An uncaught error, which no page would hear of from a shared worker,
// is told to every page as `crashed`. The first page's `hello` names the language a
// fresh start warms up in before its snapshot.

import { answering, download, once, precached } from "./files.js";
import { announcer } from "./announcer.js";
import { meter } from "./meter.js";
import { compileEarly } from "./wasm.js";
import { making, restored, restoring, snapshot } from "./snapshot.js";
import { forgetSnapshot, keepSnapshot, keptSnapshot, snapshotKey } from "./snapshot-store.js";

let api = null;
/** Whether this runs as a shared worker, each page a port, or a page's own worker. */
const shared =
  typeof self.SharedWorkerGlobalScope === "function" &&
  self instanceof self.SharedWorkerGlobalScope;
/** The pages connected to a shared worker, a port each. */
const ports = new Set();
let nextClient = 1;
/** What the pages are told, and what a page that comes now must hear first. */
const news = announcer();
/** The language of the first page that spoke: the one a fresh start warms up in. */
let firstLang = null;

/**
 * Whether a download of the runtime broke off (a request failed, or a body stopped
 * arriving): a start that fails then says `network: true`, and the page starts the
 * engine again once the link is back (client.js), rather than giving up on the reader.
 */
let linkBroke = false;
const brokeLink = (error) => {
  if (!linkBroke && api === null) {
    // Said at once: what Python logs next of the missing file (a fatal error of its
    // start) would reach the page first and read as a crash.
    linkBroke = true;
    tell({ type: "failed", detail: `a download broke off: ${String(error).slice(0, 200)}` });
  }
};

// Once a download broke off, the promises that waited for it reject one after another:
// the failure is said (`failed`), and they are not each a page's uncaught error.
self.addEventListener("unhandledrejection", (event) => {
  if (linkBroke) {
    event.preventDefault();
  }
});

/** Tell every page: progress, ready, failed, kept, crashed. */
function tell(message) {
  if (message.type === "failed") {
    message.network = linkBroke || !navigator.onLine;
  }
  if (!news.admit(message, !shared || ports.size > 0)) {
    return;
  }
  if (shared) {
    for (const port of ports) {
      port.postMessage(message);
    }
  } else {
    self.postMessage(message);
  }
}
/** A warning for whoever looks at the console, never taken for a failed load. */
const note = console.warn.bind(console);
/** When the page last called the engine, or the engine became ready (performance.now()). */
let lastCall = 0;
/** Keeping a snapshot waits for a pause this long in the page's calls. */
const IDLE_MS = 500;

/** Run `task` once the page has made no call for IDLE_MS: its first boards come first. */
function whenIdle(task) {
  const wait = IDLE_MS - (performance.now() - lastCall);
  if (wait <= 0) {
    task();
  } else {
    setTimeout(() => whenIdle(task), wait);
  }
}
/** Marks a phase of the start in the worker's timeline (bench/start.py reads them). */
const phase = (name) => performance.mark(`crescent:worker:${name}`);
/** `promise`, marking `name` when it settles. */
const marked = (name, promise) => {
  promise.then(
    () => phase(name),
    () => {},
  );
  return promise;
};
/** While a snapshot is tried, a "failed" log line ends the try instead of the start. */
let onFailureLine = null;

// Only a line saying "failed" counts: Pyodide also logs errors it recovers from (a home
// directory it cannot make: "Error occurred while making a home directory", then it
// goes on with "/"), and the engine must not stop for those.
function reportLoadFailure(...args) {
  const text = args.map(String).join(" ");
  if (api === null && /fail/i.test(text)) {
    if (onFailureLine) {
      onFailureLine(new Error(text.slice(0, 300)));
    } else {
      tell({ type: "failed", detail: text.slice(0, 300) });
    }
  }
}

/** `start` raced against a "failed" log line, which makes it reject. */
async function unlessFailed(start) {
  const failed = new Promise((_, reject) => {
    onFailureLine = reject;
  });
  try {
    return await Promise.race([start(), failed]);
  } finally {
    onFailureLine = null;
  }
}

/** The wheel's path in Python's file system: the same at every start (snapshots rely on it). */
function wheelPath(message) {
  return "/lib/" + new URL(message.wheel).pathname.split("/").pop().replace(/\.gz$/, "");
}

/** Python from the snapshot `memory` (a promise of its bytes), the wheel in place; or null. */
async function fromSnapshot(message, load, memory, wheel) {
  try {
    const pyodide = await unlessFailed(() => load(restoring(memory)));
    pyodide.FS.writeFile(wheelPath(message), await wheel);
    restored(pyodide);
    return pyodide;
  } catch (error) {
    note("Crescent: the kept engine snapshot could not be used; starting afresh:", error);
    return null;
  }
}

/**
 * Python code that opens a game in `lang` and closes it: the first game costs Python
 * its first reading of the language's words and of the drawing code, which the page's
 * first board pays otherwise; made before a snapshot, it costs no later start anything.
 * It leaves nothing behind but those.
 */
function warmUp(lang) {
  const request = JSON.stringify(JSON.stringify({ lang, new: true }));
  return [
    "def _crescent_warm_up():",
    "    import json, crescent.browser as engine",
    `    view = json.loads(engine.call("open_game", ${request}))`,
    '    engine.call("close_game", json.dumps({"session": view["session"]}))',
    "_crescent_warm_up()",
    "del _crescent_warm_up",
  ].join("\n");
}

/** Python started afresh with the engine imported; its snapshot too if `keep`. */
async function fresh(message, load, keep, wheel) {
  const pyodide = await load(keep ? making() : {});
  const path = wheelPath(message);
  pyodide.FS.writeFile(path, await wheel);
  pyodide.runPython(`import sys\nsys.path.insert(0, ${JSON.stringify(path)})`);
  pyodide.runPython("import crescent.browser");
  let copy = null;
  if (keep) {
    try {
      if (firstLang) {
        pyodide.runPython(warmUp(firstLang));
      }
      copy = snapshot(pyodide);
    } catch (error) {
      note("Crescent: no engine snapshot this time:", error);
    }
  }
  return { pyodide, copy };
}

async function init(message) {
  phase("start");
  // Pyodide 314 reports a wasm that cannot load with console.warn ("wasm instantiation
  // failed!"), others with error.
  const originals = { error: console.error, warn: console.warn, fetch: self.fetch };
  for (const level of ["error", "warn"]) {
    console[level] = (...args) => {
      reportLoadFailure(...args);
      originals[level](...args);
    };
  }
  const counted = meter(
    message.sizes || {},
    (progress) => tell({ type: "progress", ...progress }),
    brokeLink,
  );
  const fetching = originals.fetch.bind(self);
  const network = counted.counting((resource, options) =>
    fetching(resource, options).catch((error) => {
      brokeLink(error);
      throw error;
    }),
  );
  self.fetch = network;
  const key = snapshotKey(message);
  const kept = keptSnapshot(key); // first in the browser's queue of Cache Storage requests
  // The runtime's addresses are versioned: what the service worker keeps of them is
  // read straight from its precache; anything else comes from the network.
  const cached = precached();
  const get = (url) =>
    cached(url).then((found) => {
      if (found) {
        counted.whole(url);
        return found;
      }
      return network(url);
    });
  // The wasm is asked of the service worker rather than read from its precache: Chromium
  // keeps V8's compiled code of a wasm that the service worker answers from Cache
  // Storage beside that entry once enough of it runs optimised (a game or two played),
  // and a later visit's compile finds it there: no optimising compile again, some
  // 0.9-1.9 s of CPU. A Response the worker reads from Cache Storage itself never gets
  // such a cache (Chromium 156, traced: v8.wasm.cachedModule, v8.wasm.moduleCacheHit).
  let wasmFrom = "network";
  const viaServiceWorker = (url) =>
    cached(url).then((found) => {
      if (found) {
        counted.whole(url);
        wasmFrom = "service-worker";
        return originals.fetch.call(self, url);
      }
      return network(url);
    });
  /** The unpacked archive at `url`, `part` of the kept snapshot's files, else downloaded. */
  const fromKept = new Set();
  const archive = (url, part) =>
    kept
      .then(({ files }) => files && files.then((found) => found[part]))
      .catch(() => null)
      .then((bytes) => {
        if (bytes) {
          counted.whole(url);
          fromKept.add(part);
          return bytes;
        }
        return download(url, get);
      });
  let wasm = null;
  try {
    // The wheel downloads while Pyodide starts (unless the snapshot's files hold it). It
    // goes on sys.path as it is (a pure-Python wheel is a zip of the package) and Python
    // imports from it the bytecode the build compiled beside each module: nothing to
    // unpack or compile.
    const wheel = marked("wheel", archive(message.wheel, "wheel"));
    const stdlib = marked("stdlib", archive(message.stdlib, "stdlib"));
    wheel.catch(() => {});
    stdlib.catch(() => {});
    // Pyodide asks for its wasm and lock file only once its scripts have run: ask now,
    // and compile the wasm as it arrives (wasm.js).
    const wasmUrl = new URL("pyodide.asm.wasm", message.pyodide).href;
    wasm = compileEarly(viaServiceWorker(wasmUrl));
    const lockUrl = new URL("pyodide-lock.json", message.pyodide).href;
    const early = [
      [wasmUrl, () => wasm.forPyodide() || network(wasmUrl)],
      [lockUrl, once(get(lockUrl), lockUrl, network)],
    ];
    // Pyodide imports its 1.2 MB pyodide.asm.mjs only once pyodide.mjs has run:
    // start both now (an import of the same address is the same module).
    const asm = new URL("pyodide.asm.mjs", message.pyodide).href;
    counted.imported(asm, import(asm)).catch(() => {});
    const script = new URL("pyodide.mjs", message.pyodide).href;
    const { loadPyodide } = await counted.imported(script, import(script));
    phase("script");
    const fromStdlib = () => stdlib.then((body) => new Response(body));
    self.fetch = answering(new Map([...early, [message.stdlib, fromStdlib]]), network);
    const load = (options) =>
      loadPyodide({ indexURL: message.pyodide, stdLibURL: message.stdlib, ...options });
    const { storage, files } = await kept;
    phase("looked");
    const memory =
      files &&
      marked(
        "snapshot-read",
        files.then((found) => found.memory),
      );
    let pyodide = memory && (await fromSnapshot(message, load, memory, wheel));
    let copy = null;
    if (memory && !pyodide) {
      await forgetSnapshot(key);
    }
    const from = pyodide ? "snapshot" : "fresh";
    if (!pyodide) {
      ({ pyodide, copy } = await fresh(message, load, storage, wheel));
    }
    phase("python");
    api = pyodide.pyimport("crescent.browser");
    lastCall = performance.now();
    tell({
      type: "ready",
      from,
      wasm: wasm.used ? "compiled-early" : "pyodide",
      archives: fromKept.size === 2 ? "kept" : "fetched",
      wasmFrom,
    });
    if (copy) {
      const files = { memory: copy, wheel: await wheel, stdlib: await stdlib };
      whenIdle(() => keepSnapshot(key, files).then((kept) => tell({ type: "kept", kept })));
    }
  } catch (error) {
    tell({ type: "failed", detail: String(error).slice(0, 300) });
  } finally {
    Object.assign(console, { error: originals.error, warn: originals.warn });
    self.fetch = originals.fetch;
    wasm?.release();
  }
}

const named = (() => {
  try {
    return JSON.parse(self.name);
  } catch {
    return null;
  }
})();
if (named && ["pyodide", "wheel", "stdlib"].every((key) => typeof named[key] === "string")) {
  init(named);
}

/** Answer `message` from page `client`; `reply` posts to that page. */
function receive(message, reply, client) {
  if (message.type === "hello") {
    firstLang = firstLang || message.lang;
  } else if (message.type === "call") {
    lastCall = performance.now();
    try {
      const result = api.call(message.method, message.payload, client);
      reply({ type: "result", id: message.id, result });
    } catch (error) {
      reply({ type: "result", id: message.id, error: String(error).slice(0, 500) });
    }
  }
}

if (shared) {
  // Held for as long as this worker lives: a page waiting for it learns that it is gone
  // (client.js, watchLifetime; boot.js names it the same way).
  if (self.navigator.locks) {
    self.navigator.locks.request(`crescent-engine ${self.name}`, () => new Promise(() => {}));
  }
  self.addEventListener("connect", (event) => {
    const port = event.ports[0];
    const client = nextClient++;
    port.addEventListener("message", (message) => {
      if (message.data.type === "bye") {
        ports.delete(port);
        api?.forget_client(client);
      } else {
        receive(message.data, (answer) => port.postMessage(answer), client);
      }
    });
    port.start();
    ports.add(port);
    for (const message of news.greeting()) {
      port.postMessage(message);
    }
  });
  // As a page's own worker's `error` event: an uncaught error, not a rejection unheard.
  self.addEventListener("error", (event) => {
    const detail = String(event.message || event.error).slice(0, 300);
    tell({ type: "crashed", detail });
  });
} else {
  self.addEventListener("message", (event) => receive(event.data, self.postMessage.bind(self), 0));
}

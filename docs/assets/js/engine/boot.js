// Starts the engine's worker as early as a page can (a shared one where the browser has
// them: startWorker). Pages with live diagrams run this file as a classic script from
// their head (with `data-start`, see overrides/main.html), so that Pyodide loads while
// the rest of the page is still being parsed; client.js imports it and adopts that
// worker, or starts one itself. Messages that arrive before
// client.js listens are kept for it. With the browser's data saver on, nothing starts
// here: client.js waits for the reader's first tap on a live board. Written to run both
// as a classic script and as a module.

(function () {
  if (window.crescentEngineBoot) {
    return;
  }
  let boot = null;

  /**
   * Where the runtime lives, from the page's `crescent-runtime` meta tag (hooks/runtime.py):
   * {pyodide, wheel, stdlib, worker, root, sizes}, absolute addresses (`root`: the site's
   * root, where examples/ is), `sizes` by address the
   * files the worker loads, each `[size, sent]` (its bytes, and those a host sends); null
   * without it. `worker` is the engine's worker of this page's build, bundled
   * (crescent_site/worker_script.py).
   */
  window.crescentRuntime = function () {
    const meta = document.querySelector('meta[name="crescent-runtime"]');
    if (!meta) {
      return null;
    }
    const address = (path) => new URL(path, document.baseURI).href;
    const runtime = {
      pyodide: address(meta.dataset.pyodide),
      wheel: address(meta.dataset.engine),
      stdlib: address(meta.dataset.stdlib),
      worker: address(meta.dataset.worker),
      root: address(meta.dataset.root),
      sizes: {},
    };
    const named = { engine: runtime.wheel, stdlib: runtime.stdlib };
    for (const [name, size] of Object.entries(JSON.parse(meta.dataset.sizes || "{}"))) {
      runtime.sizes[named[name] || new URL(name, runtime.pyodide).href] = size;
    }
    return runtime;
  };

  const EPOCH = "crescent-engine-epoch";

  /** The number of the shared engine pages use now (0 where storage is refused). */
  function engineEpoch() {
    try {
      return Number(localStorage.getItem(EPOCH)) || 0;
    } catch {
      return 0;
    }
  }

  /**
   * The engine's worker at `url`, as a Worker-like object ({postMessage, addEventListener,
   * removeEventListener, terminate}; a shared one also names the `lock` it holds while
   * it lives, as worker.js asks for it). Where the browser has shared workers, the
   * one of every page of the site, kept alive a while after its last page goes
   * (`extendedLifetime`, ignored where unknown): the next page finds the engine running.
   * Ending it ends this page's part (`bye`: the engine lets go of what the page held)
   * and retires the engine for later pages, which start another. A page that goes says
   * `bye` too, unless the browser keeps it to come back to (the back-forward cache).
   */
  function startWorker(url, name) {
    if (typeof SharedWorker !== "function") {
      return new Worker(url, { type: "module", name });
    }
    const engine = new SharedWorker(url, { type: "module", name, extendedLifetime: true });
    const port = engine.port;
    const target = (type) => (type === "error" ? engine : port);
    let open = true;
    const bye = () => {
      if (open) {
        open = false;
        port.postMessage({ type: "bye" });
        port.close();
      }
    };
    window.addEventListener("pagehide", (event) => event.persisted || bye());
    port.start();
    return {
      lock: `crescent-engine ${name}`,
      postMessage: (message) => port.postMessage(message),
      addEventListener: (type, listener) => target(type).addEventListener(type, listener),
      removeEventListener: (type, listener) => target(type).removeEventListener(type, listener),
      terminate() {
        bye();
        try {
          localStorage.setItem(EPOCH, String(engineEpoch() + 1));
        } catch {
          // no storage: the next page may meet the same engine, and says so if it fails
        }
      },
    };
  }

  /** The page's one worker, started on first call: {worker, early, release} or {error}. */
  window.crescentEngineBoot = function () {
    if (boot !== null) {
      return boot;
    }
    const runtime = window.crescentRuntime();
    if (typeof WebAssembly !== "object" || typeof WebAssembly.instantiate !== "function") {
      boot = { error: "no-wasm" };
    } else if (!runtime) {
      boot = { error: "no runtime on this page" };
    } else {
      // The worker reads where the runtime lives from its name and starts at once: a
      // message posted now would wait for this page's busy main thread to hand it over
      // once the worker runs (some 70 ms while a long page is being parsed). The name is
      // the same on every page of a build, so that they share one engine; `epoch` is
      // raised when a shared engine failed, so that the next page starts another.
      const name = JSON.stringify({ ...runtime, epoch: engineEpoch() });
      const worker = startWorker(runtime.worker, name);
      worker.postMessage({ type: "hello", lang: document.documentElement.lang });
      const early = [];
      const keep = (event) => early.push(event);
      worker.addEventListener("message", keep);
      worker.addEventListener("error", keep);
      const release = () => {
        worker.removeEventListener("message", keep);
        worker.removeEventListener("error", keep);
        return early;
      };
      boot = { worker, release };
    }
    return boot;
  };

  /**
   * The page's worker, started again after the last one failed (client.js ended it):
   * a download broke off, and the link is back.
   */
  window.crescentEngineReboot = function () {
    boot = null;
    return window.crescentEngineBoot();
  };

  const script = document.currentScript;
  const savingData = Boolean(navigator.connection && navigator.connection.saveData);
  if (script && script.hasAttribute("data-start") && !savingData) {
    window.crescentEngineBoot();
  }
})();

// Starts the engine's worker as early as a page can. Pages with live diagrams run this
// file as a classic script from their head (with `data-start`, see overrides/main.html),
// so that Pyodide loads while the rest of the page is still being parsed; client.js
// imports it and adopts that worker, or starts one itself. Messages that arrive before
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
      // once the worker runs (some 70 ms while a long page is being parsed).
      const name = JSON.stringify({ ...runtime, lang: document.documentElement.lang });
      const worker = new Worker(runtime.worker, { type: "module", name });
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

  const script = document.currentScript;
  const savingData = Boolean(navigator.connection && navigator.connection.saveData);
  if (script && script.hasAttribute("data-start") && !savingData) {
    window.crescentEngineBoot();
  }
})();

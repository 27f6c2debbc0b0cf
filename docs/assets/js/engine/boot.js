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

  /** The page's one worker, started on first call: {worker, early, release} or {error}. */
  window.crescentEngineBoot = function (workerUrl) {
    if (boot !== null) {
      return boot;
    }
    const meta = document.querySelector('meta[name="crescent-runtime"]');
    if (typeof WebAssembly !== "object" || typeof WebAssembly.instantiate !== "function") {
      boot = { error: "no-wasm" };
    } else if (!meta) {
      boot = { error: "no runtime on this page" };
    } else {
      // The worker reads where the runtime lives from its name and starts at once: a
      // message posted now would wait for this page's busy main thread to hand it over
      // once the worker runs (some 70 ms while a long page is being parsed).
      const name = JSON.stringify({
        pyodide: new URL(meta.dataset.pyodide, document.baseURI).href,
        wheel: new URL(meta.dataset.engine, document.baseURI).href,
        stdlib: new URL(meta.dataset.stdlib, document.baseURI).href,
      });
      const worker = new Worker(workerUrl, { type: "module", name });
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
    window.crescentEngineBoot(new URL("worker.js", script.src).href);
  }
})();

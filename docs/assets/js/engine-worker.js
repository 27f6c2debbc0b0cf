// Module worker: loads the self-hosted Pyodide and the crescent wheel, then answers
// calls to crescent.web (JSON text in, JSON text out). A wasm that fails to load makes
// loadPyodide log and never settle, so the first "failed" log line is reported at once.
// Where the runtime lives comes in the worker's name (JSON `{pyodide, wheel}`, see
// engine-boot.js), so loading starts as soon as this module runs; an `init` message
// with the same two fields does for a worker started without them.

let api = null;
let started = false;

function reportLoadFailure(...args) {
  const text = args.map(String).join(" ");
  if (api === null && /fail|error/i.test(text)) {
    self.postMessage({ type: "failed", detail: text.slice(0, 300) });
  }
}

async function init(message) {
  if (started) {
    return;
  }
  started = true;
  // Pyodide 314 reports a wasm that cannot load with console.warn, others with error.
  const originals = { error: console.error, warn: console.warn };
  for (const level of Object.keys(originals)) {
    console[level] = (...args) => {
      reportLoadFailure(...args);
      originals[level](...args);
    };
  }
  try {
    // The wheel downloads while Pyodide starts, and unpacks without loadPackage's
    // installer machinery (a pure-Python wheel is a zip of the package).
    const wheel = fetch(message.wheel).then((response) => {
      if (!response.ok) {
        throw new Error(`${response.status} ${response.statusText}: ${message.wheel}`);
      }
      return response.arrayBuffer();
    });
    wheel.catch(() => {});
    const { loadPyodide } = await import(new URL("pyodide.mjs", message.pyodide).href);
    const pyodide = await loadPyodide({ indexURL: message.pyodide });
    const sitePackages = pyodide.runPython("__import__('site').getsitepackages()[0]");
    pyodide.unpackArchive(await wheel, "wheel", { extractDir: sitePackages });
    api = pyodide.pyimport("crescent.web");
    self.postMessage({ type: "ready" });
  } catch (error) {
    self.postMessage({ type: "failed", detail: String(error).slice(0, 300) });
  } finally {
    Object.assign(console, originals);
  }
}

const named = (() => {
  try {
    return JSON.parse(self.name);
  } catch {
    return null;
  }
})();
if (named && typeof named.pyodide === "string" && typeof named.wheel === "string") {
  init(named);
}

self.addEventListener("message", (event) => {
  const message = event.data;
  if (message.type === "init") {
    init(message);
    return;
  }
  if (message.type === "call") {
    try {
      const result = api[message.method](message.payload);
      self.postMessage({ type: "result", id: message.id, result });
    } catch (error) {
      self.postMessage({ type: "result", id: message.id, error: String(error).slice(0, 500) });
    }
  }
});

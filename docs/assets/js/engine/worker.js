// Module worker: loads the self-hosted Pyodide and the crescent wheel, then answers
// calls to the engine's browser API (JSON text in, JSON text out) through its one
// table of methods, `crescent.browser.call(method, payload)`: a name missing from that
// table is refused there. A wasm that fails to load makes loadPyodide log and never
// settle, so the first "failed" log line is reported at once. Where the runtime lives
// comes in the worker's name (JSON `{pyodide, wheel, stdlib}`, see boot.js), so
// loading starts as soon as this module runs. `stdlib` is the build's precompiled
// python_stdlib.zip (hooks/bytecode.mjs): with it Pyodide starts in about a quarter
// of the time (bench/demos.py). The build sends it and the wheel as zips compressed
// whole with gzip (hooks/runtime.py, `shipped`), some 100 kB less than zips
// compressed one entry at a time: both download from the start, and are unpacked here.

let api = null;

// Only a line saying "failed" counts: Pyodide also logs errors it recovers from (a home
// directory it cannot make: "Error occurred while making a home directory", then it
// goes on with "/"), and the engine must not stop for those.
function reportLoadFailure(...args) {
  const text = args.map(String).join(" ");
  if (api === null && /fail/i.test(text)) {
    self.postMessage({ type: "failed", detail: text.slice(0, 300) });
  }
}

const GZIP = [0x1f, 0x8b];

/** The archive at `url`, unpacked if it came gzip-compressed (a host may have done that). */
async function download(url) {
  const response = await fetch(url);
  if (!response.ok) {
    throw new Error(`${response.status} ${response.statusText}: ${url}`);
  }
  const bytes = new Uint8Array(await response.arrayBuffer());
  if (bytes[0] !== GZIP[0] || bytes[1] !== GZIP[1]) {
    return bytes;
  }
  const unpacked = new Blob([bytes]).stream().pipeThrough(new DecompressionStream("gzip"));
  return new Uint8Array(await new Response(unpacked).arrayBuffer());
}

/**
 * Run `start()` while a fetch of `url` (Pyodide reads `stdLibURL` itself) answers
 * with `bytes` (a promise of them) instead of going to the network.
 */
async function answering(url, bytes, start) {
  const network = self.fetch;
  self.fetch = (resource, options) =>
    String(resource instanceof Request ? resource.url : resource) === url
      ? bytes.then((body) => new Response(body))
      : network.call(self, resource, options);
  try {
    return await start();
  } finally {
    self.fetch = network;
  }
}

async function init(message) {
  // Pyodide 314 reports a wasm that cannot load with console.warn ("wasm instantiation
  // failed!"), others with error.
  const originals = { error: console.error, warn: console.warn };
  for (const level of Object.keys(originals)) {
    console[level] = (...args) => {
      reportLoadFailure(...args);
      originals[level](...args);
    };
  }
  try {
    // The wheel downloads while Pyodide starts. It goes on sys.path as it is (a
    // pure-Python wheel is a zip of the package) and Python imports from it the
    // bytecode the build compiled beside each module: nothing to unpack or compile.
    const wheel = download(message.wheel);
    const stdlib = download(message.stdlib);
    wheel.catch(() => {});
    stdlib.catch(() => {});
    // Pyodide imports its 1.2 MB pyodide.asm.mjs only once pyodide.mjs has run:
    // start both now (an import of the same address is the same module).
    import(new URL("pyodide.asm.mjs", message.pyodide).href).catch(() => {});
    const { loadPyodide } = await import(new URL("pyodide.mjs", message.pyodide).href);
    const pyodide = await answering(message.stdlib, stdlib, () =>
      loadPyodide({ indexURL: message.pyodide, stdLibURL: message.stdlib }),
    );
    const wheelPath =
      "/lib/" + new URL(message.wheel).pathname.split("/").pop().replace(/\.gz$/, "");
    pyodide.FS.writeFile(wheelPath, await wheel);
    pyodide.runPython(`import sys; sys.path.insert(0, ${JSON.stringify(wheelPath)})`);
    api = pyodide.pyimport("crescent.browser");
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
if (named && ["pyodide", "wheel", "stdlib"].every((key) => typeof named[key] === "string")) {
  init(named);
}

self.addEventListener("message", (event) => {
  const message = event.data;
  if (message.type === "call") {
    try {
      const result = api.call(message.method, message.payload);
      self.postMessage({ type: "result", id: message.id, result });
    } catch (error) {
      self.postMessage({ type: "result", id: message.id, error: String(error).slice(0, 500) });
    }
  }
});

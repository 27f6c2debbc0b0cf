// Module worker: loads the self-hosted Pyodide and the crescent wheel, then answers
// calls to crescent.web (JSON text in, JSON text out). A wasm that fails to load makes
// loadPyodide log and never settle, so the first "failed" log line is reported at once.

let api = null;

function reportLoadFailure(...args) {
  const text = args.map(String).join(" ");
  if (api === null && /fail|error/i.test(text)) {
    self.postMessage({ type: "failed", detail: text.slice(0, 300) });
  }
}

async function init(message) {
  const originalError = console.error;
  console.error = (...args) => {
    reportLoadFailure(...args);
    originalError(...args);
  };
  try {
    const { loadPyodide } = await import(new URL("pyodide.mjs", message.pyodide).href);
    const pyodide = await loadPyodide({ indexURL: message.pyodide });
    await pyodide.loadPackage(message.wheel, { messageCallback: () => {} });
    api = pyodide.pyimport("crescent.web");
    self.postMessage({ type: "ready" });
  } catch (error) {
    self.postMessage({ type: "failed", detail: String(error).slice(0, 300) });
  } finally {
    console.error = originalError;
  }
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

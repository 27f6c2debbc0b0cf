// Pyodide's wasm, compiled while it arrives. Pyodide itself fetches its wasm only once
// its 1.2 MB script has run, and compiles it only once a start from a memory snapshot
// has read the snapshot: here the worker fetches it at once and compiles it as its
// bytes stream in, alongside everything else, and Pyodide's own instantiation
// (`WebAssembly.instantiateStreaming`, which the pinned Pyodide calls with its response
// and its imports) is given that module. Pyodide's own fetch is answered with a copy of
// the same response, so that a Pyodide which loaded its wasm some other way would still
// find it; the worker reports whether the module compiled here was used
// (tests/browser/test_loading.py checks that it is, so that a change goes noticed).

/**
 * Compile the wasm `response` (a promise of it) now; until `release()`, instantiations
 * by `instantiateStreaming` use that module. Returns {forPyodide(), used, release()}:
 * `forPyodide()` answers Pyodide's fetch of the wasm (a copy of `response`, the first
 * time; null after, when the caller fetches it again itself).
 */
export function compileEarly(response) {
  const both = response.then((kept) => [kept, kept.clone()]);
  const compiled = WebAssembly.compileStreaming(both.then(([kept]) => kept));
  compiled.then(
    () => performance.mark("crescent:worker:wasm-compiled"),
    () => {},
  );
  const instantiate = WebAssembly.instantiateStreaming;
  let copy = both.then(([, clone]) => clone);
  copy.catch(() => {});
  const early = {
    used: false,
    forPyodide() {
      const answer = copy;
      copy = null;
      return answer;
    },
    release() {
      WebAssembly.instantiateStreaming = instantiate;
    },
  };
  WebAssembly.instantiateStreaming = async (source, imports) => {
    early.used = true;
    const module = await compiled;
    const instance = await WebAssembly.instantiate(module, imports);
    performance.mark("crescent:worker:wasm-instantiated");
    return { module, instance };
  };
  return early;
}

// Pyodide's memory snapshots, the one place that uses them: they are a private API of
// the pinned Pyodide (314.0.7), which tests/site/test_engine_start.py runs under Node, so
// that an upgrade that changes it fails there, loudly, before any reader meets it.
//
// A start with `_makeSnapshot: true` may copy Python's whole memory once the engine is
// imported (`makeMemorySnapshot()`); a later start with `_loadSnapshot: bytes` puts
// that memory back instead of starting Python and importing the engine again. What
// the snapshot is, and what it is not, as this Pyodide makes it:
// - it fits only the exact Pyodide build that made it (Pyodide checks its build id);
// - it holds no file: Pyodide's start writes the standard library again, and the
//   caller writes the engine's wheel again, byte for byte the same, at the same path,
//   before anything is imported (modules imported lazily are read from them);
// - it holds the state of `random`: every start from it would deal the same "random"
//   game, so `restored` seeds it anew from the system's randomness.
// Nothing here touches the browser's storage (snapshot-store.js does) or the network.

/** Changes whenever what a snapshot holds, or how it is used, changes. */
export const SNAPSHOT_FORMAT = 2;

/** loadPyodide's options for a start whose memory may be kept afterwards. */
export function making() {
  return { _makeSnapshot: true };
}

/** loadPyodide's options for a start from `bytes` (a snapshot, or a promise of one). */
export function restoring(bytes) {
  return { _loadSnapshot: bytes };
}

/** A copy of the running Python's memory (`pyodide` started with `making()`): bytes. */
export function snapshot(pyodide) {
  if (typeof pyodide.makeMemorySnapshot !== "function") {
    throw new Error("this Pyodide makes no memory snapshots (makeMemorySnapshot is gone)");
  }
  return pyodide.makeMemorySnapshot();
}

/** Make the Python restored from a snapshot its own: a fresh seed for `random`. */
export function restored(pyodide) {
  pyodide.runPython("import random\nrandom.seed()\ndel random");
}

// The worker's count of the runtime's bytes as they arrive, for the page's progress bar.
// `sizes` lists the files the worker loads, by address, each `[size, sent]`: its bytes
// and the bytes a host sends of it (crescent_site/runtime.py, `transfer_sizes`). A response's
// body is counted as it streams: a host's gzip is already undone there, so each file's
// share is its bytes received over its `size`, weighed by `sent`, so that the
// percentage moves with the time the link takes. Modules (Pyodide's two scripts) are
// imported, not fetched: each counts whole once imported; a file the browser already
// holds counts whole at once (its body is not read twice to be counted).

/** Least time between two reports, in ms: the page redraws no faster than this anyway. */
const REPORT_MS = 100;

/**
 * A meter of the files in `sizes`; `report({received, total, complete})` is called as
 * bytes arrive (at most every REPORT_MS, and once all have), in bytes sent; `broken()`
 * when a counted body stops arriving (the link dropped).
 */
export function meter(sizes, report, broken = () => {}) {
  const files = new Map(
    Object.entries(sizes).map(([url, [size, sent]]) => [url, { size, sent, received: 0 }]),
  );
  const total = [...files.values()].reduce((sum, file) => sum + file.sent, 0);
  let reportedAt = -Infinity;
  let complete = false;

  const send = () => {
    let received = 0;
    let done = true;
    for (const file of files.values()) {
      received += file.sent * Math.min(1, file.received / (file.size || 1));
      done = done && file.received >= file.size;
    }
    const now = performance.now();
    if (complete || (!done && now - reportedAt < REPORT_MS)) {
      return;
    }
    complete = done;
    reportedAt = now;
    report({ received: Math.round(received), total, complete: done });
  };

  const add = (url, count) => {
    const file = files.get(url);
    if (file) {
      file.received += count;
      send();
    }
  };

  /** Count `response`'s body as it arrives, without reading it for its reader. */
  const watch = (url, response) => {
    if (!files.has(url) || !response.ok || !response.body) {
      return;
    }
    const reader = response.clone().body.getReader();
    const pump = () =>
      reader.read().then(({ done, value }) => {
        if (!done) {
          add(url, value.byteLength);
          return pump();
        }
        // a size that the build got wrong must not leave the bar short of its end
        const file = files.get(url);
        file.received = Math.max(file.received, file.size);
        send();
        return undefined;
      });
    pump().catch(broken);
  };

  /** Count the file at `url` whole: it was found in the browser, not downloaded. */
  const whole = (url) => {
    const file = files.get(url);
    if (file) {
      add(url, Math.max(0, file.size - file.received));
    }
  };

  send(); // the first report: nothing yet, or, with no file to count, all of it
  return {
    total,
    /** Count the body of `response`, the file at `url`, as it arrives; returns `response`. */
    counted(url, response) {
      watch(url, response);
      return response;
    },
    /** `fetch` as `network` does it, every listed file's body counted. */
    counting(network) {
      return async (resource, options) => {
        const response = await network(resource, options);
        watch(String(resource instanceof Request ? resource.url : resource), response);
        return response;
      };
    },
    whole,
    /** Count the module at `url` whole once `imported` (its import's promise) settles well. */
    imported(url, imported) {
      imported.then(
        () => whole(url),
        () => {},
      );
      return imported;
    },
  };
}

// How the worker gets the runtime's files: from the service worker's precache when it
// holds them (their addresses are versioned, so what it holds is what the page names),
// else from the network; a shipped archive unpacked; Pyodide's own fetches answered
// with what the worker already has, or asked for before Pyodide's scripts had run.

const GZIP = [0x1f, 0x8b];

/**
 * A reader of the service worker's precache (hooks/offline.mjs, Workbox's cache named
 * `crescent-precache-...`): `url` => its response, or null. One cache is searched, not
 * every cache of the site: the browser answers Cache Storage's requests one at a time.
 */
export function precached() {
  const cache = Promise.resolve()
    .then(() => caches.keys())
    .then((names) => names.find((name) => name.startsWith("crescent-precache")))
    .catch(() => undefined);
  return (url) =>
    cache
      .then((cacheName) => cacheName && caches.match(url, { cacheName }))
      .then(
        (found) => found || null,
        () => null,
      );
}

/** The archive at `url` (`get` fetches it), unpacked if it came gzip-compressed (a host
 * may have done that). */
export async function download(url, get) {
  const response = await get(url);
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
 * `fetch` while Python starts: an address in `answers` is answered by its function
 * (Pyodide reads `stdLibURL` itself, and its wasm and lock file, which the worker
 * asked for before Pyodide's script had even arrived); every other fetch goes
 * through `network`.
 */
export function answering(answers, network) {
  return (resource, options) => {
    const answer = answers.get(String(resource instanceof Request ? resource.url : resource));
    return answer ? answer() : network(resource, options);
  };
}

/** The response `early` (a promise of it) the first time, a new fetch of `url` after. */
export function once(early, url, network) {
  let kept = early;
  kept.catch(() => {});
  return () => {
    const answer = kept || network(url);
    kept = null;
    return answer;
  };
}

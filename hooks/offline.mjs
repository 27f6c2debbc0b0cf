// Writes the site's service worker with Workbox's build tools (npm `workbox-build`,
// pinned), called by hooks/offline.py once the whole site is built: JSON
// `{site}` on stdin, JSON `{count, size, warnings}` on stdout.
//
// - Precached: the versioned runtime the worker loads, assets/pyodide/<version>/ and
//   assets/engine/<hash>/. Their paths change with their content, so they are never
//   revalidated (no revision query: the HTTP cache may answer while installing) and a
//   new build's worker drops the old ones (cleanupOutdatedCaches).
// - Everything else of the site's origin (pages, their scripts and styles, the search
//   index): network first, the cache only when the network fails. A page and the
//   unversioned scripts it loads therefore always come from the same build while
//   online, and offline from the last visit; a cache-first copy of engine/client.js could
//   meet a newer page. The query is left out of the cache's key, so that Play opened
//   with any `?code=` works offline.
// - skipWaiting and clientsClaim: a new build's worker takes over at once; the pages
//   it serves are the network's, so nothing old and new mix.

import { generateSW } from "workbox-build";
import path from "node:path";

const chunks = [];
for await (const chunk of process.stdin) {
  chunks.push(chunk);
}
const { site } = JSON.parse(Buffer.concat(chunks).toString("utf8"));

const result = await generateSW({
  globDirectory: site,
  globPatterns: ["assets/pyodide/*/*", "assets/engine/*/*"],
  // the worker loads the build's own standard library (assets/engine/), never this one
  globIgnores: ["assets/pyodide/*/python_stdlib.zip"],
  dontCacheBustURLsMatching: /^assets\/(pyodide|engine)\//,
  maximumFileSizeToCacheInBytes: 32 * 1024 * 1024,
  swDest: path.join(site, "sw.js"),
  mode: "production",
  sourcemap: false,
  inlineWorkboxRuntime: true,
  cacheId: "crescent",
  skipWaiting: true,
  clientsClaim: true,
  cleanupOutdatedCaches: true,
  runtimeCaching: [
    {
      urlPattern: ({ url }) => url.origin === self.location.origin,
      handler: "NetworkFirst",
      options: {
        cacheName: "crescent-site",
        expiration: { maxEntries: 300 },
        plugins: [
          {
            cacheKeyWillBeUsed: async ({ request }) => {
              const address = new URL(request.url);
              address.search = "";
              return address.href;
            },
          },
        ],
      },
    },
  ],
});
process.stdout.write(JSON.stringify(result));

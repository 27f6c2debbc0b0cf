// Writes the site's service worker with Workbox's build tools (npm `workbox-build`,
// pinned), called by hooks/offline.py once the whole site is built: JSON
// `{site, cacheFirst}` on stdin (cacheFirst: crescent_site.versioned.CACHE_FIRST's
// pattern), JSON `{count, size, warnings}` on stdout.
//
// - Precached: the versioned runtime the worker loads, assets/pyodide/<version>/ and
//   assets/engine/<hash>/. Their paths change with their content, so they are never
//   revalidated (no revision query: the HTTP cache may answer while installing) and a
//   new build's worker drops the old ones (cleanupOutdatedCaches).
// - The site's own scripts and styles (assets/v/<hash>/, crescent_site/versioned.py)
//   and Material's (their names carry a hash of their content): cache first. Their
//   addresses change with their content, so a kept copy is never stale, and a return
//   visit's page gets them without a request to the network.
// - Everything else of the site's origin (pages, the search index, images): network
//   first, the cache when the network fails or has not answered within 4 s. A page
//   therefore comes from the latest build while the link works, and names that build's
//   scripts; offline, or on a link that has stalled, the last visit's (with no time
//   limit, a stalled link kept a visited page blank for minutes: a QA run). The query is left out of the cache's key, so that Play opened with any
//   `?code=` works offline.
// - skipWaiting and clientsClaim: a new build's worker takes over at once; the pages
//   it serves are the network's, so nothing old and new mix.

import { generateSW } from "workbox-build";
import path from "node:path";

const chunks = [];
for await (const chunk of process.stdin) {
  chunks.push(chunk);
}
const { site, cacheFirst } = JSON.parse(Buffer.concat(chunks).toString("utf8"));

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
      urlPattern: new RegExp(cacheFirst),
      handler: "CacheFirst",
      options: { cacheName: "crescent-versioned", expiration: { maxEntries: 200 } },
    },
    {
      urlPattern: ({ url }) => url.origin === self.location.origin,
      handler: "NetworkFirst",
      options: {
        cacheName: "crescent-site",
        networkTimeoutSeconds: 4,
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

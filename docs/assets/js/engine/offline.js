// The site's service worker (sw.js at the site's root, generated at build from the built
// files by hooks/offline.py with Workbox) keeps the versioned runtime and the pages
// visited, so that a second visit fetches no runtime and a page once seen works offline.
// Only a page whose engine runs offers it, once that engine is ready: a page without
// live content never fetches the runtime, and the runtime the page just loaded fills
// the service worker's precache from the HTTP cache instead of a second download.
// `mkdocs serve` builds pages without the `crescent-offline` meta tag: no service
// worker there (its sw.js only retires one left by a build served at the same address).

/** Whether the service worker handled this page's own requests (and so keeps them). */
const servedByWorker = Boolean(navigator.serviceWorker && navigator.serviceWorker.controller);

/** Register the service worker (once per page); errors leave the page as it is. */
export function offerOffline() {
  const meta = document.querySelector('meta[name="crescent-offline"]');
  if (!meta || !("serviceWorker" in navigator)) {
    return;
  }
  const script = new URL(meta.dataset.sw, document.baseURI);
  navigator.serviceWorker
    .register(script.href, { scope: new URL("./", script).href })
    .then(keepThisPage)
    .catch(() => {});
}

/**
 * If this page and its files arrived before the service worker ran: once it controls
 * the page, read them again through it (from the HTTP cache), so that it keeps them too.
 * A page it served already is kept: nothing is read twice.
 */
async function keepThisPage() {
  const container = navigator.serviceWorker;
  await container.ready;
  if (!servedByWorker) {
    await readAgainThroughWorker(container);
  }
  document.documentElement.dataset.offline = "ready";
}

/** Once the service worker controls the page, fetch the page and its files through it. */
async function readAgainThroughWorker(container) {
  if (!container.controller) {
    await new Promise((resolve) =>
      container.addEventListener("controllerchange", resolve, { once: true }),
    );
  }
  const addresses = new Set([location.href.split("#")[0]]);
  for (const entry of performance.getEntriesByType("resource")) {
    if (entry.name.startsWith(location.origin + "/")) {
      addresses.add(entry.name.split("#")[0]);
    }
  }
  await Promise.all(
    [...addresses].map((address) => fetch(address, { cache: "force-cache" }).catch(() => {})),
  );
}

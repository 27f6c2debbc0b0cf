// Where the worker keeps the engine's memory snapshot (snapshot.js) between visits: the
// browser's Cache Storage, in a cache of its own that the service worker never touches,
// one entry, under a key made of the runtime's addresses. Those addresses carry
// Pyodide's version and the content hash of the engine and its standard library
// (hooks/runtime.py), so a site rebuilt with another engine looks for another key and
// never finds the old snapshot, which the next one kept replaces. Nothing crosses the
// network. Storage that is missing, refused, full or cleared meanwhile is no error:
// reading finds nothing, keeping keeps nothing, and the engine starts as on a first visit.
//
// Python's memory is mostly pages of zeros (some 63 % of 31 MB once the engine is
// imported): a snapshot is kept without them (`pack`), 11.5 MB instead of 31, and
// gzip-compressed, some 4 MB, which the browser hands back to the worker in a fraction
// of the time. Compressing runs a chunk at a time, once the page pauses its calls.

import { SNAPSHOT_FORMAT } from "./snapshot.js";

const CACHE = "crescent-engine-snapshot";
const LENGTH = "x-crescent-length";
const PAGE = 4096;
const PACKED = 0x43525331; // "CRS1"
const HEAD = 16; // bytes: PACKED, the snapshot's length, PAGE, the number of pages

/**
 * `bytes` without their pages of zeros: a head, one byte per page (1: kept), then
 * the pages kept, in order.
 */
export function pack(bytes) {
  const pages = Math.ceil(bytes.length / PAGE);
  const words = new Uint32Array(bytes.buffer, bytes.byteOffset, bytes.length >> 2);
  const kept = new Uint8Array(pages);
  let count = 0;
  for (let page = 0; page < pages; page++) {
    const end = Math.min((page + 1) * (PAGE >> 2), words.length);
    for (let index = page * (PAGE >> 2); index < end; index++) {
      if (words[index] !== 0) {
        kept[page] = 1;
        count++;
        break;
      }
    }
  }
  kept[pages - 1] = 1; // the last page too: it holds the bytes after the last whole word
  const packed = new Uint8Array(HEAD + pages + (count + 1) * PAGE);
  new Uint32Array(packed.buffer, 0, 4).set([PACKED, bytes.length, PAGE, pages]);
  packed.set(kept, HEAD);
  let at = HEAD + pages;
  for (let page = 0; page < pages; page++) {
    if (kept[page]) {
      const slice = bytes.subarray(page * PAGE, (page + 1) * PAGE);
      packed.set(slice, at);
      at += slice.length;
    }
  }
  return packed.subarray(0, at);
}

/** The bytes that `pack` made `packed` of; throws if `packed` is not such. */
export function unpack(packed) {
  const [magic, length, page, pages] = new Uint32Array(packed.buffer, packed.byteOffset, 4);
  if (magic !== PACKED || page !== PAGE || pages !== Math.ceil(length / PAGE)) {
    throw new Error("not a packed snapshot");
  }
  const bytes = new Uint8Array(length);
  let at = HEAD + pages;
  for (let index = 0; index < pages; index++) {
    if (packed[HEAD + index]) {
      const size = Math.min(PAGE, length - index * PAGE);
      bytes.set(packed.subarray(at, at + size), index * PAGE);
      at += size;
    }
  }
  if (at !== packed.length) {
    throw new Error(`a packed snapshot of ${packed.length} bytes holds ${at}`);
  }
  return bytes;
}

/** The key of the snapshot for the runtime {pyodide, wheel, stdlib} (absolute addresses). */
export function snapshotKey(runtime) {
  const key = new URL(`${runtime.wheel}.snapshot`);
  key.search = new URLSearchParams({
    format: SNAPSHOT_FORMAT,
    pyodide: runtime.pyodide,
    stdlib: runtime.stdlib,
  }).toString();
  return key.href;
}

/**
 * What is kept under `key`: `{storage, bytes}`, `storage` false if the browser gives
 * this context no Cache Storage or refuses it, `bytes` null if no snapshot is kept,
 * else a promise of its bytes, which rejects if they cannot be read whole.
 */
export async function keptSnapshot(key) {
  let response;
  try {
    response = await caches.match(key, { cacheName: CACHE }); // makes no cache
  } catch {
    return { storage: false, bytes: null };
  }
  if (!response) {
    return { storage: true, bytes: null };
  }
  const length = Number(response.headers.get(LENGTH));
  const unzipped = response.body.pipeThrough(new DecompressionStream("gzip"));
  const bytes = new Response(unzipped).arrayBuffer().then((buffer) => {
    if (buffer.byteLength !== length) {
      throw new Error(`a kept snapshot has ${buffer.byteLength} bytes of ${length}`);
    }
    return unpack(new Uint8Array(buffer));
  });
  bytes.catch(() => {});
  return { storage: true, bytes };
}

/** Keep `bytes` (packed) under `key` in place of any other snapshot; resolves whether it was kept. */
export async function keepSnapshot(key, bytes) {
  try {
    const cache = await caches.open(CACHE);
    for (const request of await cache.keys()) {
      if (request.url !== key) {
        await cache.delete(request);
      }
    }
    const packed = pack(bytes);
    const headers = { "content-type": "application/octet-stream", [LENGTH]: packed.byteLength };
    const zipped = new Blob([packed]).stream().pipeThrough(new CompressionStream("gzip"));
    await cache.put(key, new Response(zipped, { headers }));
    return true;
  } catch {
    return false;
  }
}

/** Forget the snapshot under `key` (it could not be used); errors are ignored. */
export async function forgetSnapshot(key) {
  try {
    await (await caches.open(CACHE)).delete(key);
  } catch {
    // nothing kept, nothing to forget
  }
}

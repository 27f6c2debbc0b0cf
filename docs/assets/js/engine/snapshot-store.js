// Where the worker keeps the engine's memory snapshot (snapshot.js) between visits: the
// browser's Cache Storage, in a cache of its own that the service worker never touches,
// one entry, under a key made of the runtime's addresses. Those addresses carry
// Pyodide's version and the content hash of the engine and its standard library
// (hooks/runtime.py), so a site rebuilt with another engine looks for another key and
// never finds the old snapshot, which the next one kept replaces. Nothing crosses the
// network. Storage that is missing, refused, full or cleared meanwhile is no error:
// reading finds nothing, keeping keeps nothing, and the engine starts as on a first visit.
//
// The entry holds everything a start from the snapshot reads besides Pyodide's own
// files: the snapshot, and the engine's wheel and standard library it was made with,
// unpacked (`bundle`). A later visit reads them with one request, the first in the
// browser's queue of Cache Storage requests, and unpacks nothing: the browser answers
// those requests one at a time, and inflating archives cost the worker more than
// reading the bytes (bench/start.py). Python's memory is mostly pages of zeros (some
// 63 % of 31 MB once the engine is imported): it is kept without them (`pack`), 11.5 MB.

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
  const kept = packed.subarray(HEAD, HEAD + pages);
  let at = HEAD + pages;
  for (let first = 0; first < pages;) {
    let end = first;
    while (end < pages && kept[end]) {
      end++;
    }
    if (end > first) {
      // a run of kept pages, copied at once
      const size = Math.min(end * PAGE, length) - first * PAGE;
      bytes.set(packed.subarray(at, at + size), first * PAGE);
      at += size;
    }
    first = end + 1;
  }
  if (at !== packed.length) {
    throw new Error(`a packed snapshot of ${packed.length} bytes holds ${at}`);
  }
  return bytes;
}

const BUNDLED = 0x43524232; // "CRB2"

/**
 * `parts` (byte arrays) as one: a head (BUNDLED, their count, each one's length), then
 * each part, starting at a multiple of 4 bytes (a packed snapshot is read as words).
 */
export function bundle(parts) {
  const head = 4 * (2 + parts.length);
  const padded = (length) => Math.ceil(length / 4) * 4;
  const size = parts.reduce((sum, part) => sum + padded(part.length), head);
  const bytes = new Uint8Array(size);
  new Uint32Array(bytes.buffer, 0, 2 + parts.length).set([
    BUNDLED,
    parts.length,
    ...parts.map((part) => part.length),
  ]);
  let at = head;
  for (const part of parts) {
    bytes.set(part, at);
    at += padded(part.length);
  }
  return bytes;
}

/** The parts that `bundle` made `bytes` of (views into it); throws if it is not such. */
export function unbundle(bytes) {
  const words = bytes.length >= 8 ? new Uint32Array(bytes.buffer, bytes.byteOffset, 2) : [0, 0];
  if (words[0] !== BUNDLED || bytes.length < 4 * (2 + words[1])) {
    throw new Error("not a bundle of the engine's files");
  }
  const lengths = new Uint32Array(bytes.buffer, bytes.byteOffset + 8, words[1]);
  let at = 4 * (2 + words[1]);
  const parts = [];
  for (const length of lengths) {
    parts.push(bytes.subarray(at, at + length));
    at += Math.ceil(length / 4) * 4;
  }
  if (at !== bytes.length) {
    throw new Error(`a bundle of ${bytes.length} bytes holds ${at}`);
  }
  return parts;
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
 * What is kept under `key`: `{storage, files}`, `storage` false if the browser gives
 * this context no Cache Storage or refuses it, `files` null if no snapshot is kept,
 * else a promise of `{memory, wheel, stdlib}` (the snapshot, and the unpacked archives
 * it was made with), which rejects if they cannot be read whole.
 */
export async function keptSnapshot(key) {
  let response;
  try {
    response = await caches.match(key, { cacheName: CACHE }); // makes no cache
  } catch {
    return { storage: false, files: null };
  }
  if (!response) {
    return { storage: true, files: null };
  }
  const length = Number(response.headers.get(LENGTH));
  const files = response.arrayBuffer().then((buffer) => {
    if (buffer.byteLength !== length) {
      throw new Error(`a kept snapshot has ${buffer.byteLength} bytes of ${length}`);
    }
    const [memory, wheel, stdlib, ...rest] = unbundle(new Uint8Array(buffer));
    if (!stdlib || rest.length) {
      throw new Error("a kept snapshot without its wheel and standard library");
    }
    // the archives copied out, so that the 14 MB read goes once the memory is unpacked
    return { memory: unpack(memory), wheel: wheel.slice(), stdlib: stdlib.slice() };
  });
  files.catch(() => {});
  return { storage: true, files };
}

/**
 * Keep the snapshot `memory` (bytes) with the unpacked `wheel` and `stdlib` it was made
 * with, under `key` in place of any other snapshot; resolves whether it was kept.
 */
export async function keepSnapshot(key, { memory, wheel, stdlib }) {
  try {
    const cache = await caches.open(CACHE);
    for (const request of await cache.keys()) {
      if (request.url !== key) {
        await cache.delete(request);
      }
    }
    const body = bundle([pack(memory), wheel, stdlib]);
    const headers = { "content-type": "application/octet-stream", [LENGTH]: body.byteLength };
    await cache.put(key, new Response(body, { headers }));
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

// Links that carry a whole crescent-game/1 record in the Examples viewer's address:
//
//   examples/#record=1.<payload>
//   examples/#record=1.<payload>&move-37
//
// where <payload> is the record's JSON text, compressed with raw DEFLATE (RFC 1951)
// and written in unpadded base64url (RFC 4648 section 5). "1." is the link format's
// version: a later format gets a new number, and links made today keep opening.
// An optional step after "&" (`start`, `move-37`, `redeal-1`) opens the viewer at
// that step; the viewer keeps it up to date as the reader steps through the game.
// This module only packs and unpacks text; the engine checks every move of it.

import { RECORD_MAX_BYTES } from "../shared/facts.js";

export const RECORD_LINK_KEY = "record";
export const RECORD_LINK_VERSION = "1";
// A won game's record is about 4 KB of JSON; anything that unpacks past this is not
// a game of Crescent, and is refused before it is read whole (the engine's own limit,
// crescent.browser.steps.RECORD_MAX_CHARS, written by the build).
export const RECORD_LINK_MAX_BYTES = RECORD_MAX_BYTES;

export class RecordLinkError extends Error {
  // kind: "version" (a format this page does not know) | "malformed" (not base64url
  // or not DEFLATE) | "too-large" (unpacks past RECORD_LINK_MAX_BYTES)
  constructor(kind) {
    super(kind);
    this.kind = kind;
  }
}

/** The address fragment (without "#") that carries `recordText`. */
export async function encodeRecordFragment(recordText) {
  const packed = await pipe(
    new TextEncoder().encode(recordText),
    new CompressionStream("deflate-raw"),
  );
  return `${RECORD_LINK_KEY}=${RECORD_LINK_VERSION}.${toBase64Url(packed)}`;
}

/** True when `fragment` (without "#") is meant to carry a record, whatever its version. */
export function isRecordFragment(fragment) {
  return fragment.startsWith(`${RECORD_LINK_KEY}=`);
}

/** A record fragment's two parts: `{record}` (without the step) and `{step}` ("" if none). */
export function splitRecordFragment(fragment) {
  const amp = fragment.indexOf("&");
  return amp < 0
    ? { record: fragment, step: "" }
    : { record: fragment.slice(0, amp), step: fragment.slice(amp + 1) };
}

/** The record text a fragment carries; throws RecordLinkError when it cannot be read. */
export async function decodeRecordFragment(fragment) {
  const value = splitRecordFragment(fragment).record.slice(RECORD_LINK_KEY.length + 1);
  const dot = value.indexOf(".");
  if (dot < 0 || value.slice(0, dot) !== RECORD_LINK_VERSION) {
    throw new RecordLinkError(dot < 0 ? "malformed" : "version");
  }
  const packed = fromBase64Url(value.slice(dot + 1));
  const bytes = await pipe(packed, new DecompressionStream("deflate-raw"), RECORD_LINK_MAX_BYTES);
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    throw new RecordLinkError("malformed");
  }
}

/** A link to the viewer at `examplesUrl` opening `recordText`, at `step` if given. */
export async function viewerLink(examplesUrl, recordText, step = "") {
  const url = examplesUrl.split("#", 1)[0];
  return `${url}#${await encodeRecordFragment(recordText)}${step ? `&${step}` : ""}`;
}

async function pipe(bytes, transform, limit = Infinity) {
  const writer = transform.writable.getWriter();
  const reader = transform.readable.getReader();
  writer.write(bytes).catch(() => {});
  writer.close().catch(() => {});
  const chunks = [];
  let size = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) {
        break;
      }
      size += value.length;
      if (size > limit) {
        reader.cancel().catch(() => {});
        throw new RecordLinkError("too-large");
      }
      chunks.push(value);
    }
  } catch (error) {
    throw error instanceof RecordLinkError ? error : new RecordLinkError("malformed");
  }
  const out = new Uint8Array(size);
  let at = 0;
  for (const chunk of chunks) {
    out.set(chunk, at);
    at += chunk.length;
  }
  return out;
}

function toBase64Url(bytes) {
  let binary = "";
  for (let i = 0; i < bytes.length; i += 0x8000) {
    binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  }
  return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

function fromBase64Url(text) {
  if (!/^[A-Za-z0-9_-]*$/.test(text) || text.length % 4 === 1) {
    throw new RecordLinkError("malformed");
  }
  const base64 = text.replace(/-/g, "+").replace(/_/g, "/");
  const binary = atob(base64 + "=".repeat((4 - (base64.length % 4)) % 4));
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i += 1) {
    bytes[i] = binary.charCodeAt(i);
  }
  return bytes;
}

// The reader's own game in the Examples viewer: a link that carries a record
// (`#record=1.…&move-10`, see record-link.js), a pasted record or link, or a record
// file; and the way back to the page's example. A record the link format or the
// engine refuses is said in the page's language, and the game shown before stays.

import {
  RECORD_LINK_MAX_BYTES,
  RecordLinkError,
  decodeRecordFragment,
  encodeRecordFragment,
  isRecordFragment,
  splitRecordFragment,
} from "./record-link.js";

const VERSION = /^[0-9A-Za-z]{1,8}$/;

/** The loaders of the viewer `root` showing `viewer` (viewer-game.js); `example`: its record. */
export function createOwnGames(root, viewer, example) {
  const { shown, words, refuse, accept, draw, open } = viewer;
  const tooLarge = () => words("too-large", { limit: RECORD_LINK_MAX_BYTES / 1024 });
  let exampleStep = "start"; // where the example was when the reader's game replaced it

  /** Open the reader's `text` (carried as `part`), remembering the example's step. */
  async function openOwn(text, part) {
    const step = shown.carried === null ? shown.anchors[shown.index] : null;
    const opened = await open(text, part);
    if (opened && step) {
      exampleStep = step;
    }
    return opened;
  }

  /** Open the record a `#record=…` fragment carries, at its step; the reason if refused. */
  async function openFragment(fragment, { scroll = true } = {}) {
    const { record: part, step } = splitRecordFragment(fragment);
    let text;
    try {
      text = await decodeRecordFragment(part);
    } catch (error) {
      if (!(error instanceof RecordLinkError)) {
        throw error;
      }
      refuse(linkProblem(error, part));
      showRefusal(scroll);
      return false;
    }
    const again = part === shown.carried; // the game shown: an older refusal no longer stands
    if (again) {
      accept();
    }
    if (again || (await openOwn(text, part))) {
      const found = shown.anchors.indexOf(step);
      await draw(found >= 0 ? found : 0, false);
      if (scroll) {
        root.scrollIntoView({ block: "start" });
      }
      return true;
    }
    showRefusal(scroll);
    return false;
  }

  /** A link refused: its reason, under the board, is brought into view (a QA run found
   * it a screen below the window, under the example the page went on showing). */
  function showRefusal(scroll) {
    if (scroll) {
      root.querySelector(".crescent-viewer-message")?.scrollIntoView({ block: "center" });
    }
  }

  function linkProblem(error, part) {
    if (error.kind === "version") {
      const version = part.slice(part.indexOf("=") + 1).split(".", 1)[0];
      return words("link-version", { version: VERSION.test(version) ? version : "?" });
    }
    return error.kind === "too-large" ? tooLarge() : words("link-malformed");
  }

  /** The reader's own text (pasted or from a file): a record, or a link to one. */
  async function openText(raw) {
    const text = raw.trim();
    if (!text) {
      refuse(words("empty"));
      return;
    }
    const hash = text.indexOf("#");
    const fragment = hash >= 0 ? text.slice(hash + 1) : text;
    if (isRecordFragment(fragment)) {
      await openFragment(fragment);
      return;
    }
    if (new TextEncoder().encode(text).length > RECORD_LINK_MAX_BYTES) {
      refuse(tooLarge());
      return;
    }
    const packed = await encodeRecordFragment(text);
    if (await openOwn(text, packed)) {
      await draw(0, false);
      root.scrollIntoView({ block: "start" });
    }
  }

  async function openFile(chosen) {
    if (chosen.size > RECORD_LINK_MAX_BYTES) {
      refuse(tooLarge());
      return;
    }
    let text;
    try {
      text = new TextDecoder("utf-8", { fatal: true }).decode(await chosen.arrayBuffer());
    } catch {
      refuse(words("file-unreadable"));
      return;
    }
    await openText(text);
  }

  /** The page's example again, at step `anchor` (by default where the reader left it). */
  async function openExample(anchor = exampleStep) {
    if (shown.carried !== null && !(await open(example, null))) {
      return;
    }
    const found = shown.anchors.indexOf(anchor);
    await draw(found >= 0 ? found : 0, false);
  }

  return { openFragment, openText, openFile, openExample };
}

// The Examples viewer: steps through a recorded game with the engine drawing each
// step. First, previous, next, last, the slider and the arrow keys move; the page
// address follows the step (#move-10), and an address opens the viewer there.
//
// Any crescent-game/1 record can be shown, not only the page's example: from a link
// that carries it (#record=1.…&move-10, see record-link.js), pasted, or from a file.
// The reader's own game keeps its record and step in the address, so the address is
// a link to it. A record the link format or the engine refuses is said in the page's
// language, and the game shown before stays shown. Every word and drawing comes from
// the engine or the built page; the reader's text is only ever set as text.

import { engine, reportFailure } from "../engine/client.js";
import { fill } from "./page.js";
import {
  RECORD_LINK_MAX_BYTES,
  RecordLinkError,
  decodeRecordFragment,
  encodeRecordFragment,
  isRecordFragment,
  splitRecordFragment,
} from "./record-link.js";

const KEYS_LTR = { ArrowLeft: -1, ArrowRight: 1 };
const KEYS_RTL = { ArrowLeft: 1, ArrowRight: -1 };
const VERSION = /^[0-9A-Za-z]{1,8}$/;

/** The hash of the address without "#", percent escapes undone where they can be. */
function currentFragment() {
  const raw = location.hash.slice(1);
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw; // not ours (malformed escapes): as it is, it matches nothing
  }
}

function setUp(root) {
  const bar = root.querySelector(".crescent-viewer-bar");
  const slider = root.querySelector('[data-action="slider"]');
  const board = root.querySelector(".crescent-viewer-board");
  const status = root.querySelector(".crescent-viewer-step");
  const play = root.querySelector(".crescent-viewer-play");
  const links = root.querySelector(".crescent-viewer-links");
  const own = root.querySelector(".crescent-viewer-own");
  const message = own.querySelector(".crescent-viewer-message");
  const summary = own.querySelector(".crescent-viewer-summary");
  const back = own.querySelector('[data-load="example"]');
  const form = own.querySelector("form");
  const paste = own.querySelector("textarea");
  const file = own.querySelector('input[type="file"]');
  const example = root.querySelector(".crescent-viewer-record").textContent;
  const lang = root.dataset.lang;
  const rtl = document.dir === "rtl" || document.body.dir === "rtl";
  // The game shown: its engine handle, anchors, and for the reader's own game the
  // address fragment that carries its record (null for the page's example).
  let game = null;
  let anchors = [];
  let carried = null;
  let index = 0;
  let calls = Promise.resolve();

  const words = (name, values = {}) => fill(own.getAttribute(`data-msg-${name}`) || "", values);

  /** Queue `task` after the calls before it: the engine answers one at a time. */
  function queue(task) {
    calls = calls.then(task).catch(fail);
    return calls;
  }

  function fail(error) {
    root.dataset.state = "error";
    status.textContent = root.getAttribute(`data-error-${reportFailure(error)}`) || "";
  }

  /** Say why a game was refused; the game shown stays. */
  function refuse(problem) {
    message.textContent = words("refused", { problem });
    root.dataset.refused = "true";
    if (location.hash !== address(root.dataset.step)) {
      history.replaceState(null, "", address(root.dataset.step)); // not the refused link
    }
  }

  function address(anchor) {
    return carried === null ? `#${anchor}` : `#${carried}&${anchor}`;
  }

  async function draw(target, fromAddress) {
    const api = await engine();
    const wanted = Math.max(0, Math.min(target, anchors.length - 1));
    const view = await api.call("show_step", { steps: game, index: wanted });
    index = view.index;
    board.innerHTML = view.svg;
    status.textContent = view.description;
    slider.value = String(index);
    root.dataset.step = view.anchor;
    play.href = `${play.dataset.play}&step=${view.anchor}`;
    const wantedAddress = address(view.anchor);
    if (!fromAddress && location.hash !== wantedAddress) {
      history.replaceState(null, "", wantedAddress);
    }
  }

  /**
   * Draw step `target`: a number, or a function of the step shown then (Next after a
   * paste means the step after the pasted game's start, whichever call lands first).
   */
  function show(target, { fromAddress = false } = {}) {
    return queue(() => draw(typeof target === "function" ? target(index) : target, fromAddress));
  }

  /** Open `record` (text) as the game shown; false, with the reason said, if refused. */
  async function open(record, fragment) {
    const api = await engine();
    const opened = await api.call("open_steps", { lang, record });
    if (opened.error) {
      refuse(opened.message);
      return false;
    }
    game = opened.steps;
    anchors = opened.anchors;
    carried = fragment;
    slider.max = String(anchors.length - 1);
    message.textContent = "";
    delete root.dataset.refused;
    summary.hidden = fragment === null;
    summary.textContent = fragment === null ? "" : opened.summary;
    back.hidden = fragment === null;
    links.hidden = fragment !== null; // Play opens the example only
    root.dataset.game = fragment === null ? "example" : "own";
    return true;
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
      return false;
    }
    if (part === carried || (await open(text, part))) {
      const found = anchors.indexOf(step);
      await draw(found >= 0 ? found : 0, false);
      if (scroll) {
        root.scrollIntoView({ block: "start" });
      }
      return true;
    }
    return false;
  }

  function linkProblem(error, part) {
    if (error.kind === "version") {
      const version = part.slice(part.indexOf("=") + 1).split(".", 1)[0];
      return words("link-version", { version: VERSION.test(version) ? version : "?" });
    }
    if (error.kind === "too-large") {
      return words("too-large", { limit: RECORD_LINK_MAX_BYTES / 1024 });
    }
    return words("link-malformed");
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
      refuse(words("too-large", { limit: RECORD_LINK_MAX_BYTES / 1024 }));
      return;
    }
    const packed = await encodeRecordFragment(text);
    if (await open(text, packed)) {
      await draw(0, false);
      root.scrollIntoView({ block: "start" });
    }
  }

  async function openFile(chosen) {
    if (chosen.size > RECORD_LINK_MAX_BYTES) {
      refuse(words("too-large", { limit: RECORD_LINK_MAX_BYTES / 1024 }));
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

  async function openExample(anchor = "start") {
    if (carried !== null && !(await open(example, null))) {
      return;
    }
    const found = anchors.indexOf(anchor);
    await draw(found >= 0 ? found : 0, false);
  }

  /** Follow the address: a record link, or a step of the game shown. */
  function fromAddress() {
    const fragment = currentFragment();
    if (isRecordFragment(fragment)) {
      const { record: part, step } = splitRecordFragment(fragment);
      if (part === carried) {
        const found = anchors.indexOf(step);
        if (found >= 0 && found !== index) {
          show(found, { fromAddress: true });
        }
        return true;
      }
      queue(() => openFragment(fragment));
      return true;
    }
    const found = anchors.indexOf(fragment);
    if (carried === null && found >= 0) {
      show(found, { fromAddress: true }).then(() => root.scrollIntoView({ block: "start" }));
      return true;
    }
    if (carried !== null && fragment && /^(start|move-\d+|redeal-\d+)$/.test(fragment)) {
      queue(() => openExample(fragment)).then(() => root.scrollIntoView({ block: "start" }));
      return true;
    }
    return false;
  }

  /** Each step button's step, from the step shown when its turn comes. */
  const stepOfButton = {
    first: () => 0,
    previous: (shown) => shown - 1,
    next: (shown) => shown + 1,
    last: () => anchors.length - 1,
  };
  root.addEventListener("click", (event) => {
    const button = event.target.closest("button[data-action]");
    if (!button || !root.contains(button)) {
      return;
    }
    const target = stepOfButton[button.dataset.action];
    if (target) {
      show(target);
    }
  });
  slider.addEventListener("input", () => show(Number(slider.value)));
  root.addEventListener("keydown", (event) => {
    if (event.target === slider || own.contains(event.target)) {
      return;
    }
    const step = (rtl ? KEYS_RTL : KEYS_LTR)[event.key];
    if (step) {
      event.preventDefault();
      show((shown) => shown + step);
    } else if (event.key === "Home" || event.key === "End") {
      event.preventDefault();
      show(stepOfButton[event.key === "Home" ? "first" : "last"]);
    }
  });
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    queue(() => openText(paste.value));
  });
  file.addEventListener("change", () => {
    const chosen = file.files && file.files[0];
    file.value = ""; // the same file chosen again is read again
    if (chosen) {
      queue(() => openFile(chosen));
    }
  });
  back.addEventListener("click", () => queue(() => openExample()));

  engine()
    .then((api) => {
      api.onFailure(fail);
      return open(example, null);
    })
    .then((opened) => {
      if (!opened) {
        throw new Error(message.textContent);
      }
      bar.hidden = false;
      own.hidden = false;
      root.dataset.state = "ready";
      window.addEventListener("hashchange", fromAddress);
      for (const link of document.querySelectorAll(".crescent-moves a[href^='#']")) {
        link.addEventListener("click", (event) => {
          const anchor = link.getAttribute("href").slice(1);
          if (carried === null && anchors.includes(anchor)) {
            event.preventDefault();
            show(anchors.indexOf(anchor)).then(() => root.scrollIntoView({ block: "start" }));
          } else if (carried !== null) {
            event.preventDefault();
            queue(() => openExample(anchor)).then(() => root.scrollIntoView({ block: "start" }));
          }
        });
      }
      if (!fromAddress()) {
        show(0, { fromAddress: true });
      }
    })
    .catch(fail);
}

for (const root of document.querySelectorAll("[data-crescent-viewer]")) {
  setUp(root);
}

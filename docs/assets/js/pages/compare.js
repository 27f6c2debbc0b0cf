// "Compare with English" on translated pages.
//
// The build (hooks/translators.py) writes everything a reader sees: under the title a
// "Compare with English" switch, under each block an EN button labelled in the page's
// language, and a hidden panel with the English original (lang="en" dir="ltr") and
// its Hide and Open-in-a-window buttons; one <dialog> per page. This module only adds
// behaviour, and nothing at all on pages without originals (English pages):
//
// - the switch (off by default) shows the EN buttons and the reading hint, and makes
//   blocks open their original; the browser remembers it for every page
//   (localStorage), and a change in another tab follows;
// - the EN button shows or hides the original in the text (aria-expanded);
// - a click on a block, or the Open-in-a-window button, shows the original in the
//   dialog; closing it (Close, Escape, a click outside) returns focus to where it was.

const STORED = "crescent-compare-with-english";

const dialog = document.querySelector("dialog.tb-dialog");
if (dialog && document.querySelector("[data-tb]")) {
  document.documentElement.classList.add("tb-js");
  setUp(dialog);
  setUpSwitch(document.querySelector(".tb-switch-input"));
}

/** Whether the reader turned comparing on (storage may be refused: then off). */
function remembered() {
  try {
    return localStorage.getItem(STORED) === "on";
  } catch {
    return false;
  }
}

/** Turn comparing on or off on this page. */
function compare(on, input) {
  document.documentElement.classList.toggle("tb-on", on);
  if (input) input.checked = on;
  if (on) return;
  for (const toggle of document.querySelectorAll('.tb-toggle[aria-expanded="true"]')) {
    expand(toggle, false);
  }
}

function setUpSwitch(input) {
  compare(remembered(), input);
  if (!input) return;
  input.addEventListener("change", () => {
    compare(input.checked, input);
    try {
      localStorage.setItem(STORED, input.checked ? "on" : "off");
    } catch {
      // Not remembered (storage refused); the switch still works on this page.
    }
  });
  window.addEventListener("storage", (event) => {
    if (event.key === STORED) compare(event.newValue === "on", input);
  });
}

/** The panel holding the English original of a block. */
function panelOf(block) {
  return document.getElementById(`tb-p-${block.dataset.tb}`);
}

/** The EN button that controls a panel. */
function toggleOf(panel) {
  return document.querySelector(`.tb-toggle[aria-controls="${CSS.escape(panel.id)}"]`);
}

/** Show or hide a panel in the text. */
function expand(toggle, open) {
  const panel = document.getElementById(toggle.getAttribute("aria-controls"));
  toggle.setAttribute("aria-expanded", String(open));
  panel.hidden = !open;
}

/** Move the focus back to an element, making a block focusable for that. */
function focusBack(element) {
  if (!element.isConnected) return;
  if (!element.matches("a[href], button, [tabindex]")) element.setAttribute("tabindex", "-1");
  element.focus();
}

function setUp(dialog) {
  const body = dialog.querySelector(".tb-dialog-body");
  let returnTo = null;

  function openDialog(panel, from) {
    const original = panel && panel.querySelector(".tb-original");
    if (!original) return;
    body.replaceChildren(...Array.from(original.childNodes, (node) => node.cloneNode(true)));
    returnTo = from;
    dialog.showModal();
  }

  document.addEventListener("click", (event) => {
    const target = event.target;
    if (!(target instanceof Element) || dialog.contains(target)) return;
    if (!document.documentElement.classList.contains("tb-on")) return;
    const toggle = target.closest(".tb-toggle");
    if (toggle) {
      expand(toggle, toggle.getAttribute("aria-expanded") !== "true");
      return;
    }
    const hide = target.closest(".tb-hide");
    if (hide) {
      const own = toggleOf(hide.closest(".tb-panel"));
      expand(own, false);
      own.focus();
      return;
    }
    const open = target.closest(".tb-open");
    if (open) {
      openDialog(open.closest(".tb-panel"), open);
      return;
    }
    if (target.closest("a, button, input, select, textarea, summary, label, .tb-panel, .tb-bar")) {
      return;
    }
    const block = target.closest("[data-tb]");
    if (!block || String(window.getSelection() || "").trim()) return;
    openDialog(panelOf(block), block);
  });

  dialog.querySelector(".tb-close").addEventListener("click", () => dialog.close());
  dialog.addEventListener("click", (event) => {
    if (event.target === dialog) dialog.close(); // the backdrop
  });
  dialog.addEventListener("close", () => {
    body.replaceChildren();
    if (returnTo) focusBack(returnTo);
    returnTo = null;
  });
}

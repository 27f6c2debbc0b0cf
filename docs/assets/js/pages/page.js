// What the page scripts share about the page itself: when it is parsed, and its words
// with their values filled in.

/** `template` with each `{name}` replaced by `values[name]`. */
export function fill(template, values) {
  return template.replace(/\{(\w+)\}/g, (whole, name) =>
    name in values ? String(values[name]) : whole,
  );
}

/** Run `callback` once the document is parsed. */
export function whenParsed(callback) {
  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", callback, { once: true });
  } else {
    callback();
  }
}

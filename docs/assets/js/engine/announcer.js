// What the engine's worker tells its pages, and what a page that comes later hears first
// (worker.js). A page that connects while the engine starts hears the loading's progress
// so far; one that connects once the start has ended hears how it ended: `ready` (from
// "running"), `failed` or `crashed`. Bytes counted after the end (a response's copy still
// being read, a file the start did not wait for) change nothing for any page: such a late
// `progress` is not told, and above all does not replace the end, or a page that came
// next would hear "all bytes in" and wait for a `ready` that was already said.
//
// The page that starts a shared worker may connect late: Chromium hands the worker its
// `connect` event when it can, and on a loaded machine that came after a start from the
// snapshot had ended (some 0.6 s; test_offline then heard "running" from the engine its
// own page had just started). What was told while no page listened is therefore kept for
// the first page that comes, as its own port would have queued it: that page hears how
// the start went (`fresh` or `snapshot`, and whether the snapshot was kept); later pages
// find the engine running.

/** The worker's announcements: `admit(message, listening)`, then `greeting()` for a
 * page that comes. */
export function announcer() {
  /** The start's last news: its progress, or how it ended. */
  let told = null;
  /** Whether a page heard `told`: if none did, the first that comes hears it as told. */
  let heard = false;
  /** The note on the snapshot, told while no page listened to a start no page heard. */
  let kept = null;
  return {
    /** Whether `message` is told to the pages; the last one told is remembered (`kept`,
     * a side note on the snapshot, is told but leaves the greeting as it was).
     * `listening` says whether any page is there to hear it now. */
    admit(message, listening = true) {
      if (message.type === "progress" && told !== null && told.type !== "progress") {
        return false;
      }
      if (message.type === "kept") {
        kept = listening || heard ? null : message;
      } else {
        told = message;
        heard = listening;
      }
      return true;
    },
    /** What a page that connects now hears first, in order: nothing before anything was
     * told. */
    greeting() {
      if (told === null) {
        return [];
      }
      if (!heard) {
        heard = true;
        const first = kept ? [told, kept] : [told];
        kept = null;
        return first;
      }
      return [told.type === "ready" ? { ...told, from: "running" } : told];
    },
  };
}

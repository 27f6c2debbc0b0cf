// What the engine's worker tells its pages, and what a page that comes later hears first
// (worker.js). A page that connects while the engine starts hears the loading's progress
// so far; one that connects once the start has ended hears how it ended: `ready` (from
// "running"), `failed` or `crashed`. Bytes counted after the end (a response's copy still
// being read, a file the start did not wait for) change nothing for any page: such a late
// `progress` is not told, and above all does not replace the end, or a page that came
// next would hear "all bytes in" and wait for a `ready` that was already said.

/** The worker's announcements: `admit(message)`, then `greeting()` for a page that comes. */
export function announcer() {
  let told = null;
  return {
    /** Whether `message` is told to the pages; the last one told is remembered (`kept`,
     * a side note on the snapshot, is told but leaves the greeting as it was). */
    admit(message) {
      if (message.type === "progress" && told !== null && told.type !== "progress") {
        return false;
      }
      if (message.type !== "kept") {
        told = message;
      }
      return true;
    },
    /** What a page that connects now hears first, or null before anything was told. */
    greeting() {
      if (told === null) {
        return null;
      }
      return told.type === "ready" ? { ...told, from: "running" } : told;
    },
  };
}

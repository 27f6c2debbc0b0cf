// The game's clock: whole seconds played, counted only while it runs and the page is
// visible (a hidden tab does not count).

const TICK_MS = 250;

/** "0:07", "12:34", "1:02:03". */
export function formatTime(seconds) {
  const whole = Math.max(0, Math.floor(seconds));
  const hours = Math.floor(whole / 3600);
  const minutes = Math.floor((whole % 3600) / 60);
  const rest = String(whole % 60).padStart(2, "0");
  return hours ? `${hours}:${String(minutes).padStart(2, "0")}:${rest}` : `${minutes}:${rest}`;
}

/**
 * A formatter of a moment as `lang` writes a short date and time ("6.12.26 г., 9:52"),
 * where a line may break only between the date and the time: the spaces inside each
 * are no-break spaces (a narrow table broke Bulgarian's "6.12.26 / г., 9:52").
 */
export function dateAndTime(lang) {
  const both = new Intl.DateTimeFormat(lang, { dateStyle: "short", timeStyle: "short" });
  const date = new Intl.DateTimeFormat(lang, { dateStyle: "short" });
  const time = new Intl.DateTimeFormat(lang, { timeStyle: "short" });
  const unbroken = (text) => text.replace(/\s/g, "\u00a0");
  return (when) => {
    const text = both.format(when);
    const [first, last] = [date.format(when), time.format(when)];
    if (
      text.startsWith(first) &&
      text.endsWith(last) &&
      first.length + last.length <= text.length
    ) {
      const between = text.slice(first.length, text.length - last.length);
      return unbroken(first) + between + unbroken(last);
    }
    return unbroken(text); // the time before the date, or written inside it: kept whole
  };
}

/** A clock calling `onTick(seconds)` whenever the whole seconds change. */
export function createClock(onTick) {
  let base = 0; // milliseconds counted before `since`
  let since = null; // performance.now() when counting (re)started, or null
  let running = false;
  let shown = -1;

  const counting = () => running && document.visibilityState === "visible";
  const elapsedMs = () => base + (since === null ? 0 : performance.now() - since);

  function tick() {
    const seconds = Math.floor(elapsedMs() / 1000);
    if (seconds !== shown) {
      shown = seconds;
      onTick(seconds);
    }
  }

  function sync() {
    if (counting() && since === null) {
      since = performance.now();
    } else if (!counting() && since !== null) {
      base = elapsedMs();
      since = null;
    }
    tick();
  }

  document.addEventListener("visibilitychange", sync);
  setInterval(tick, TICK_MS);

  return {
    /** Seconds counted so far. */
    get seconds() {
      return Math.floor(elapsedMs() / 1000);
    },
    /** Start again from `seconds`. */
    set(seconds) {
      base = Math.max(0, seconds) * 1000;
      since = null;
      shown = -1;
      sync();
    },
    /** Count (in play) or stop (won, blocked). */
    run(on) {
      running = on;
      sync();
    },
  };
}

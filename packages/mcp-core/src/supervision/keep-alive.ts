/**
 * Keeps the host process alive while the library works on something a caller may be awaiting
 * (a start, a restart): the children and pipes are unref'd so an idle host can exit, so without
 * this an `await` on a restart would end the process with code 13 instead of settling.
 */
let holds = 0;
let timer: NodeJS.Timeout | undefined;

/** Holds the event loop open until the returned release is called (idempotent). */
export function holdProcessOpen(): () => void {
  holds++;
  // One ref'd timer for all holds; its callback never runs in practice.
  timer ??= setInterval(() => {}, 2 ** 31 - 1);
  let released = false;
  return () => {
    if (released) return;
    released = true;
    holds--;
    if (holds === 0) {
      clearInterval(timer);
      timer = undefined;
    }
  };
}

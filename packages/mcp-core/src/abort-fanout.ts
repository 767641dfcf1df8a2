/**
 * One `abort` listener per AbortSignal, however many parts of the engine wait on it. Node warns
 * (`MaxListenersExceededWarning`) once a signal holds more than 10 listeners, and the engine shares
 * signals widely: the host's load `signal` (every server), a server's close (every waiting task
 * call), a session's end (every URL elicitation waiting for its completion), a caller's `signal`
 * (a host may pass one to every call of an agent's turn). Each waiter is kept here instead, and the
 * signal's one listener calls them all; the last one to leave removes it.
 * @module
 */

interface Fanout {
  readonly waiters: Set<() => void>;
  readonly dispatch: () => void;
}

const fanouts = new WeakMap<AbortSignal, Fanout>();

const nothing = (): void => {};

/**
 * Calls `listener` once when `signal` aborts. Returns what removes it (call it once the wait is
 * over: a settled wait must not stay on a long-lived signal). A signal that has already aborted
 * never calls it, as with `addEventListener`: check `signal.aborted` first.
 */
export function onAbort(signal: AbortSignal, listener: () => void): () => void {
  if (signal.aborted) return nothing;
  let fanout = fanouts.get(signal);
  if (!fanout) {
    const waiters = new Set<() => void>();
    const dispatch = () => {
      fanouts.delete(signal);
      for (const waiter of [...waiters]) call(waiter);
      waiters.clear();
    };
    fanout = { waiters, dispatch };
    fanouts.set(signal, fanout);
    signal.addEventListener("abort", dispatch, { once: true });
  }
  // Its own entry, so the same function added twice is two waiters, each removed on its own.
  const waiter = () => listener();
  const { waiters, dispatch } = fanout;
  waiters.add(waiter);
  return () => {
    if (!waiters.delete(waiter) || waiters.size > 0) return;
    if (fanouts.get(signal)?.waiters === waiters) fanouts.delete(signal);
    signal.removeEventListener("abort", dispatch);
  };
}

/** One waiter that throws must not keep the others from their abort (an event listener's rule). */
function call(waiter: () => void): void {
  try {
    waiter();
  } catch (error) {
    // As a throwing event listener does: reported as uncaught, after the others ran.
    process.nextTick(() => {
      throw error;
    });
  }
}

/**
 * A promise bounded by an abort signal.
 * @module
 */

/**
 * `answer`, or a rejection with the signal's reason as soon as it aborts (at once when it already
 * has): a model that does not honour its signal must not keep a cancelled request waiting.
 */
export function untilAborted<T>(answer: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) {
    answer.catch(() => {}); // its outcome no longer matters; it must not surface as unhandled
    return Promise.reject(signal.reason);
  }
  let onAbort = (): void => {};
  const aborted = new Promise<never>((_resolve, reject) => {
    onAbort = () => reject(signal.reason);
    signal.addEventListener("abort", onAbort, { once: true });
  });
  return Promise.race([answer, aborted]).finally(() => signal.removeEventListener("abort", onAbort));
}

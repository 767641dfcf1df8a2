/**
 * A promise bounded by a timer that is always cleared and never holds the process open.
 * @module
 */

/**
 * `promise`, or after `timeoutMs` the outcome of `onTimeout`: a thrown error rejects, a returned
 * value resolves. The timer is cleared when either settles and is unref'd.
 */
export function withTimeout<T, U = never>(
  promise: Promise<T>,
  timeoutMs: number,
  onTimeout: () => U,
): Promise<T | U> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<U>((resolve, reject) => {
    timer = setTimeout(() => {
      try {
        resolve(onTimeout());
      } catch (error) {
        reject(error);
      }
    }, timeoutMs);
    timer.unref?.();
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

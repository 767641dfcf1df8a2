// Small timing helpers shared by scenarios 3–5.
import { setTimeout as sleep } from "node:timers/promises";

export { sleep };

/** Milliseconds since `start` (a `performance.now()` reading). */
export const since = (start) => performance.now() - start;

/**
 * `promise`, or a rejection once `ms` have passed (the promise itself is left to settle alone).
 * @template T
 * @param {Promise<T>} promise
 * @param {number} ms
 * @returns {Promise<T>}
 */
export function within(promise, ms) {
  let timer;
  const timeout = new Promise((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/**
 * Polls `check` every `everyMs` until it returns true or `budgetMs` ran out. `check` may be async;
 * a rejection counts as false, and each check is cut off at the remaining budget.
 * @returns {Promise<number | undefined>} ms from the call to the first true, undefined if never
 */
export async function firstTrue(check, { everyMs, budgetMs }) {
  const start = performance.now();
  for (;;) {
    const tick = performance.now();
    const left = budgetMs - since(start);
    if (left <= 0) return undefined;
    const ok = await within(Promise.resolve().then(check), left).catch(() => false);
    if (ok) return since(start);
    const wait = everyMs - since(tick);
    if (wait > 0) await sleep(wait);
  }
}

/** The same list rotated by `by` places, so no contender always runs first. */
export const rotate = (list, by) => list.map((_, i) => list[(i + by) % list.length]);

/**
 * One iteration's samples of a scenario whose peers may never pass ("never" takes the whole wait):
 * on the first iteration the `together` subjects sample at the same time (each on its own server),
 * then every other subject in rotated order; a subject that failed every sample so far is not
 * sampled again (it fails by design: once is enough).
 * @param {{ subjects: { id: string }[], iteration: number, together: (subject: any) => boolean,
 *   results: Map<string, { never: number, samples: unknown[] }>,
 *   sample: (subject: any) => Promise<void> }} round
 */
export async function sampleRound({ subjects, iteration, together, results, sample }) {
  const neverSoFar = ({ id }) => {
    const { never, samples } = results.get(id);
    return never > 0 && never === samples.length;
  };
  const first = iteration === 0 ? subjects.filter(together) : [];
  await Promise.all(first.map(sample));
  for (const subject of rotate(subjects, iteration)) {
    if (first.includes(subject) || neverSoFar(subject)) continue;
    await sample(subject);
  }
}

/**
 * The longest delay a timer can wait. Node.js (like browsers) stores it in 32 bits: a longer delay
 * fires after 1 ms with a `TimeoutOverflowWarning`, so a huge timeout would end every call at once
 * and a huge interval would spin. Every duration the library takes is validated against it.
 * @module
 */

/** 2^31 − 1 ms, about 24.8 days. */
export const MAX_TIMER_MS = 2_147_483_647;

/** The "expected …" text for a duration above {@link MAX_TIMER_MS}. */
export const MAX_TIMER_EXPECTED = `at most ${MAX_TIMER_MS} ms (about 24.8 days, the longest a timer can wait)`;

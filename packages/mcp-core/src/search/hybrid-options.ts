/**
 * Validation of hybrid search's options, apart from the search itself so an adapter can refuse a
 * malformed option when its toolset is made and still load the search only when first used.
 * @module
 */
import { invalidOption } from "../option-error.js";
import type { HybridSearchOptions } from "./embedder-types.js";

const DEFAULT_TIMEOUT_MS = 5000;
const DEFAULT_RETRY_AFTER_MS = 30_000;

/** The options after validation. */
export interface ResolvedHybridOptions extends HybridSearchOptions {
  timeoutMs: number;
  retryAfterMs: number;
}

/** Validates `options`; a malformed one is an `OPTIONS_INVALID` error naming `entry` and the option. */
export function resolveHybridOptions(entry: string, options: HybridSearchOptions): ResolvedHybridOptions {
  if (typeof options !== "object" || options === null) invalidOption(entry, "options", "an object", options);
  const { embedder, vectorCache } = options;
  if (typeof embedder !== "function") {
    invalidOption(entry, "embedder", "a function (texts) => Promise<number[][]>", embedder);
  }
  if (vectorCache !== undefined) {
    const store = vectorCache?.store;
    if (typeof vectorCache?.model !== "string" || vectorCache.model === "") {
      invalidOption(entry, "vectorCache.model", "a non-empty string", vectorCache?.model);
    }
    if (typeof store?.get !== "function" || typeof store?.set !== "function") {
      invalidOption(entry, "vectorCache.store", "a store with get and set", store);
    }
  }
  return {
    embedder,
    vectorCache,
    timeoutMs: duration(entry, options.timeoutMs, DEFAULT_TIMEOUT_MS, "timeoutMs"),
    retryAfterMs: duration(entry, options.retryAfterMs, DEFAULT_RETRY_AFTER_MS, "retryAfterMs"),
  };
}

function duration(entry: string, value: unknown, fallback: number, name: string): number {
  if (value === undefined) return fallback;
  if (typeof value !== "number" || !Number.isSafeInteger(value) || value < 1) {
    invalidOption(entry, name, "a positive integer of milliseconds", value);
  }
  return value;
}

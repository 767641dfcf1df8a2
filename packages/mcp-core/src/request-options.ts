/**
 * The SDK's options of one request, built from a timeout and an optional signal.
 * @module
 */
import type { RequestOptions } from "@modelcontextprotocol/client";

/** The SDK's request options: its type takes no explicit `undefined`, so an absent signal stays absent. */
export function requestOptions(timeout: number, signal: AbortSignal | undefined): RequestOptions {
  return signal === undefined ? { timeout } : { timeout, signal };
}

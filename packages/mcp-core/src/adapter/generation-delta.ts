/**
 * What one generation of `source.tools` changed from the previous one, found by object identity.
 * @module
 */
import type { McpTool } from "../types.js";

/**
 * The stretch of a generation that differs from the previous one: `removed` were at `start` in the
 * previous generation, `added` are at `start` in the next; everything before `start` and after the
 * stretch is the same `McpTool` objects in the same order.
 */
export interface GenerationDelta {
  readonly start: number;
  readonly removed: readonly McpTool[];
  readonly added: readonly McpTool[];
}

/**
 * The changed stretch between two generations. The core keeps an unchanged tool's object, keeps
 * tools in config order and changes one server's tools per change (and those of the servers a
 * rename touched), so the stretch is that server's tools; the rest is skipped by comparing object
 * identity from both ends — a pointer comparison per tool, not a conversion or a map entry.
 */
export function generationDelta(previous: readonly McpTool[], next: readonly McpTool[]): GenerationDelta {
  const shorter = Math.min(previous.length, next.length);
  let start = 0;
  while (start < shorter && previous[start] === next[start]) start++;
  let tail = 0;
  while (tail < shorter - start && previous[previous.length - 1 - tail] === next[next.length - 1 - tail])
    tail++;
  return {
    start,
    removed: previous.slice(start, previous.length - tail),
    added: next.slice(start, next.length - tail),
  };
}

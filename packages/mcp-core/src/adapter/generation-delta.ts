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

/** A generation's tools by server in config order, as `generationParts` gives them. */
export type GenerationParts = readonly (readonly McpTool[])[];

/**
 * The changed stretch between two generations. With both generations' parts (each server's tools,
 * the same array while a server's tools are unchanged) the search is narrowed to the servers whose
 * array changed — one identity check per server, whatever the number of tools; within them (or the
 * whole generation, for a filtered stand-in source without parts) the unchanged ends are skipped
 * by comparing tools' object identity from both ends: the core keeps an unchanged tool's object
 * and the config order.
 */
export function generationDelta(
  previous: readonly McpTool[],
  next: readonly McpTool[],
  previousParts?: GenerationParts,
  nextParts?: GenerationParts,
): GenerationDelta {
  const byParts = previousParts && nextParts && stretchByParts(previousParts, nextParts);
  // Within the changed servers' tools (or the whole generation), the unchanged ends are skipped too:
  // a server that gained one tool touches one entry, not its hundred.
  let [start, previousEnd, nextEnd] = byParts
    ? [byParts[0], byParts[0] + byParts[1], byParts[0] + byParts[2]]
    : [0, previous.length, next.length];
  while (start < previousEnd && start < nextEnd && previous[start] === next[start]) start++;
  while (previousEnd > start && nextEnd > start && previous[previousEnd - 1] === next[nextEnd - 1]) {
    previousEnd--;
    nextEnd--;
  }
  return { start, removed: previous.slice(start, previousEnd), added: next.slice(start, nextEnd) };
}

/** `[start, removed count, added count]` from the servers' arrays, or undefined when they cannot tell. */
function stretchByParts(
  previous: GenerationParts,
  next: GenerationParts,
): [number, number, number] | undefined {
  if (previous.length !== next.length) return undefined;
  let first = 0;
  while (first < next.length && previous[first] === next[first]) first++;
  if (first === next.length) return undefined;
  let last = next.length - 1;
  while (previous[last] === next[last]) last--;
  let start = 0;
  for (let i = 0; i < first; i++) start += next[i]?.length ?? 0;
  let removed = 0;
  let added = 0;
  for (let i = first; i <= last; i++) {
    removed += previous[i]?.length ?? 0;
    added += next[i]?.length ?? 0;
  }
  return [start, removed, added];
}

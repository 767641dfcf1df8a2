/**
 * The source's current generation by server, for the adapter kit: which servers' tools a new
 * generation changed, told by array identity per server instead of a walk of every tool.
 * @module
 */
import type { McpTool } from "./types.js";

/**
 * The key of a source's own method returning its current generation's parts: each server's tools
 * in config order, the same array object while that server's tools are unchanged, and concatenated
 * exactly `source.tools`. Registered (`Symbol.for`), so two copies of the package agree on it.
 */
export const GENERATION_PARTS: unique symbol = Symbol.for("toolnexus.mcp-core.generationParts");

/** A source that can tell its generation's parts. */
export interface PartedGenerationSource {
  [GENERATION_PARTS](): readonly (readonly McpTool[])[];
}

/** The source's generation parts, or undefined for a source that cannot tell them (a filtered stand-in). */
export function generationParts(source: object): readonly (readonly McpTool[])[] | undefined {
  const parts = (source as Partial<PartedGenerationSource>)[GENERATION_PARTS];
  return typeof parts === "function" ? parts.call(source) : undefined;
}

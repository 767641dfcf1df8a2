/**
 * A conversion cached per core tool object.
 * @module
 */
import type { McpTool } from "../types.js";

/** Converts an `McpTool` into a host's tool, returning the same host tool for the same `McpTool`. */
export type ToolConverter<T> = (tool: McpTool) => T;

/**
 * Wraps `convert` with a cache keyed by the core's tool object. The core keeps a tool's object while
 * its listing is unchanged (across refreshes and restarts), so each tool is converted once, not once
 * per read; a tool the core replaced is converted anew, and a dropped one is collected (`WeakMap`).
 * @param convert builds the host tool; called at most once per `McpTool` object
 */
export function createToolConverter<T>(convert: (tool: McpTool) => T): ToolConverter<T> {
  const cache = new WeakMap<McpTool, T>();
  return (tool) => {
    if (cache.has(tool)) return cache.get(tool) as T;
    const converted = convert(tool);
    cache.set(tool, converted);
    return converted;
  };
}

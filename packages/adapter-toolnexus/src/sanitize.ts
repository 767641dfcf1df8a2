/**
 * toolnexus's name sanitizer and tool naming.
 * @module
 */

/** Replaces every UTF-16 code unit outside `[a-zA-Z0-9_-]` with `_` (toolnexus's `sanitize`). */
export const sanitize = (value: string): string => value.replace(/[^a-zA-Z0-9_-]/g, "_");

/** `sanitize(server) + "_" + sanitize(tool)`; no length cap, no collision handling (as toolnexus). */
export function toolName(server: string, tool: string): string {
  return `${sanitize(server)}_${sanitize(tool)}`;
}

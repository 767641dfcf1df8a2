/**
 * What the model reads of a failed call: one precedence in every adapter.
 * @module
 */
import type { McpToolResult } from "../types.js";

/** The text of an error result that carries none (the core's own wording for the case). */
export const EMPTY_ERROR_TEXT = "MCP tool returned an error";

/**
 * The error text of a failed result. A core failure (`unavailable`, `timeout`, `aborted`,
 * `protocol`) reads as the core's `error.message`; the server's own `isError` result (`tool`) reads as
 * its text when that is not blank, else `error.message`, else {@link EMPTY_ERROR_TEXT}.
 */
export function errorText(result: McpToolResult): string {
  const { error } = result;
  if (error !== undefined && error.kind !== "tool" && error.message !== "") return error.message;
  if (result.text.trim() !== "") return result.text;
  return error?.message || EMPTY_ERROR_TEXT;
}

/**
 * The model's tool input as MCP call arguments.
 * @module
 */

/**
 * MCP arguments are an object. An absent input (a tool without parameters) becomes `{}`; any other
 * non-object throws, which the AI SDK reports to the model as a `tool-error`.
 */
export function toToolArgs(input: unknown, toolName: string): Record<string, unknown> {
  if (input === undefined || input === null) return {};
  if (typeof input === "object" && !Array.isArray(input)) return input as Record<string, unknown>;
  const got = Array.isArray(input) ? "an array" : typeof input;
  throw new TypeError(`Tool "${toolName}" expects a JSON object as input, got ${got}`);
}

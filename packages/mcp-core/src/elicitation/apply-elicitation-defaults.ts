/**
 * SEP-1034: a client accepting a form elicitation fills in the schema's `default` values for the
 * fields the answer left out.
 * @module
 */
import type { ElicitRequest, ElicitResult } from "@modelcontextprotocol/client";

/**
 * The result to send: for an `accept` of a form request (mode absent or `"form"`), `content` gains
 * the `default` of every top-level `requestedSchema` property the answer left out (absent or
 * `undefined`); the answer's own values always win. Anything else is returned as it is.
 * @param params The server's request.
 * @param result The host's answer (not modified).
 */
export function applyElicitationDefaults(
  params: ElicitRequest["params"],
  result: ElicitResult,
): ElicitResult {
  // A malformed answer is left for the protocol layer to reject.
  if (typeof result !== "object" || result === null || result.action !== "accept") return result;
  if (params.mode !== undefined && params.mode !== "form") return result;
  if (result.content !== undefined && (typeof result.content !== "object" || result.content === null))
    return result;
  const properties = (params as { requestedSchema?: { properties?: unknown } }).requestedSchema?.properties;
  if (typeof properties !== "object" || properties === null) return result;
  const content: Record<string, unknown> = { ...(result.content ?? {}) };
  let filled = false;
  for (const [name, schema] of Object.entries(properties)) {
    // Own keys only: a field named `toString` must still get its default.
    if ((Object.hasOwn(content, name) && content[name] !== undefined) || !hasDefault(schema)) continue;
    content[name] = schema.default;
    filled = true;
  }
  return filled ? { ...result, content: content as ElicitResult["content"] } : result;
}

function hasDefault(schema: unknown): schema is { default: unknown } {
  return typeof schema === "object" && schema !== null && Object.hasOwn(schema, "default");
}

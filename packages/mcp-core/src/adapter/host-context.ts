/**
 * The adapters' `context` option (SPEC §23.2): the host's own per-call context (the AI SDK's
 * `experimental_context`, a LangChain `RunnableConfig`, toolnexus's `ToolContext`) mapped by the
 * host's function into the call's `tenant`, `_meta` and `headers`. Written once here; each adapter
 * only says which of its host's values it hands over. The core's `applyContext` stage then checks
 * and merges what comes out (SPEC §23.1).
 * @module
 */
import { isObject } from "../is-object.js";
import { errorResult } from "../tools/error-result.js";
import type { McpCallContext, McpTool, McpToolResult } from "../types.js";
import { buildCallContext, type HostCall } from "./call-context.js";
import type { McpHostContextMapper, McpTenantContext, ResolvedCallOptions } from "./call-options.js";

/**
 * The host's mapping of one call's context: its `tenant`, `_meta` and `headers` (other keys are not
 * read), undefined when it gives none, or a problem when it throws or returns something else. The
 * problem never quotes the host's error: it may carry the very credential the context holds.
 */
export function mapHostContext(
  mapper: McpHostContextMapper<unknown>,
  hostContext: unknown,
): McpTenantContext | { problem: string } | undefined {
  let mapped: unknown;
  try {
    mapped = mapper(hostContext);
  } catch {
    return { problem: "the adapter's context option threw" };
  }
  if (mapped === undefined) return undefined;
  if (
    !isObject(mapped) ||
    Array.isArray(mapped) ||
    typeof (mapped as { then?: unknown }).then === "function"
  ) {
    return { problem: "the adapter's context option must return an object or undefined" };
  }
  const { tenant, _meta, headers } = mapped as McpTenantContext;
  const out: McpTenantContext = {};
  if (tenant !== undefined) out.tenant = tenant;
  if (_meta !== undefined) out._meta = _meta;
  if (headers !== undefined) out.headers = headers;
  return out;
}

/**
 * One adapter call's context: `buildCallContext`'s, with what the adapter's `context` option maps
 * from `call.hostContext`; or, when the mapping throws or returns a non-object, the call's result
 * (`PROTOCOL_ERROR`, nothing sent), as for a context the core refuses. The adapter runs
 * `tool.execute(args, ctx)` itself, so the call crosses no extra frame on its way to the wire.
 */
export function hostCallContext(
  tool: McpTool,
  options: ResolvedCallOptions,
  call?: HostCall,
): { ctx: McpCallContext } | { refused: McpToolResult } {
  const ctx = buildCallContext(tool, options, call);
  if (options.context === undefined) return { ctx };
  const mapped = mapHostContext(options.context, call?.hostContext);
  if (mapped === undefined) return { ctx };
  if ("problem" in mapped) {
    const message = `Call to tool "${tool.name}" on MCP server "${tool.server}" was not sent: ${mapped.problem}`;
    return { refused: errorResult("protocol", "PROTOCOL_ERROR", message, mapped.problem) };
  }
  return { ctx: { ...ctx, ...mapped } };
}

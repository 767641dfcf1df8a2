/**
 * A program's tool calls as ordinary calls: each bridged function is the tool's own `execute`, so a
 * call from code starts a lazy server, waits for a restart, signs in, applies the pins' gate, the
 * timeouts and the call's span like a call the model makes. What code mode adds: the host's
 * approval for the tools that need it (asked here, since no model turn can carry the prompt), the
 * per-run bounds, and the run's own abort. The program gets the whole result (a result budget
 * shortens only what a model reads), as `structuredContent`, else the text; a failed call rejects
 * with the call's error text.
 * @module
 */
import type { McpCallContext } from "../call-types.js";
import type { McpTool, McpToolResult } from "../tool-types.js";
import type { CallLimiter } from "./call-limiter.js";
import type { ExecutorFns } from "./executor-types.js";

/** How the bridge asks the host before a call (the rule the host's adapter applies to the model). */
export interface CodeApprovalOptions {
  /**
   * Whether a call of `tool` from a program needs the host's approval; the adapter kit's
   * `approvalRule(entry, policy)` gives the one the host's adapter uses for the model.
   * @default no call needs it
   */
  needsApproval?: ((tool: McpTool) => boolean) | undefined;
  /**
   * Asked before each call that needs approval; `true` lets it run. Absent while a call needs
   * approval: the call is refused, deny by default.
   */
  approve?: ((tool: McpTool, args: Record<string, unknown>) => boolean | Promise<boolean>) | undefined;
}

/** The executor's `fns` for `tools`, keyed by model-facing name, each call within `limiter`. */
export function bridgeTools(
  tools: readonly McpTool[],
  limiter: CallLimiter,
  ctx: McpCallContext,
  approval: CodeApprovalOptions,
): ExecutorFns {
  const fns: ExecutorFns = Object.create(null) as ExecutorFns;
  for (const tool of tools) {
    fns[tool.name] = (input: unknown) => limiter.run(() => callTool(tool, input, ctx, approval));
  }
  return fns;
}

async function callTool(
  tool: McpTool,
  input: unknown,
  ctx: McpCallContext,
  approval: CodeApprovalOptions,
): Promise<unknown> {
  const args = input === null || input === undefined ? {} : input;
  if (typeof args !== "object" || Array.isArray(args))
    throw new Error(`${tool.server}.${tool.rawName}: the input must be an object`);
  const record = args as Record<string, unknown>;
  if (approval.needsApproval?.(tool) === true) {
    let approved = false;
    try {
      approved = (await approval.approve?.(tool, record)) === true;
    } catch {
      approved = false;
    }
    if (!approved)
      throw new Error(`${tool.server}.${tool.rawName}: the call was not approved (APPROVAL_DENIED)`);
  }
  const result = await tool.execute(record, ctx);
  if (result.isError) throw new Error(`${tool.server}.${tool.rawName}: ${failureText(result)}`);
  return result.structuredContent ?? result.text;
}

function failureText(result: McpToolResult): string {
  const code = result.error?.code;
  if (code === undefined || code === "TOOL_ERROR")
    return result.text || result.error?.message || "the tool failed";
  return `${result.error?.message ?? result.text} (${code})`;
}

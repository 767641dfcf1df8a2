/**
 * `createAgent` middleware that offers every model call the toolkit's current tools (or, with
 * deferred loading, the ones this conversation is offered), runs each tool call on the live tool,
 * and pauses for approval where the toolkit's policy asks — so an agent built once follows a
 * changing MCP tool set.
 * @module
 */
import type { BaseMessage } from "@langchain/core/messages";
import type { StructuredTool } from "@langchain/core/tools";
import { invalidOption } from "@toolnexus/mcp-core/adapter";
import { type AgentMiddleware, createMiddleware } from "langchain";
import { approvalHook } from "./approval-interrupt.js";
import { hasApprovalPolicy } from "./approval-setting.js";
import { isOwnedBy } from "./tool-owner.js";
import type { LangChainToolkit } from "./toolkit.js";

/** Options of {@link mcpToolsMiddleware}. */
export interface McpToolsMiddlewareOptions {
  /** The middleware's name; must be unique in one agent (give each toolkit its own). @default "McpToolsMiddleware" */
  name?: string | undefined;
}

const nameOf = (tool: unknown): unknown => (tool as { name?: unknown } | null)?.name;

/**
 * Merges the offered MCP tools into a model request's tools. This toolkit's tools that are not
 * offered (they left the set, or are deferred) are dropped; a tool already in the request keeps its
 * place and object (createAgent rejects a request that swaps a tool declared at creation for
 * another object of the same name).
 */
function withOfferedTools<T>(
  requestTools: readonly T[],
  toolkit: LangChainToolkit,
  current: StructuredTool[],
): T[] {
  const currentNames = new Set(current.map((tool) => tool.name));
  const merged = requestTools.filter(
    (tool) => !isOwnedBy(tool, toolkit) || currentNames.has(nameOf(tool) as string),
  );
  const taken = new Set(merged.map(nameOf));
  for (const tool of current) if (!taken.has(tool.name)) merged.push(tool as T);
  return merged;
}

/**
 * A `createAgent` middleware (LangChain v1) that keeps an agent on the toolkit's live tools:
 *
 * - `wrapModelCall` gives every model call the current MCP tools: a tool added after the agent was
 *   built is offered on the next call, a removed one (or one whose server gave up) no longer is.
 *   With the toolkit's `deferLoading`, it offers `toolkit.toolsFor(messages)` instead: the tools
 *   not deferred, the deferred ones this conversation loaded (read from its own `mcp_load_tools`
 *   calls, so two threads of one agent never share loads) and `mcp_search_tools` / `mcp_load_tools`.
 * - `wrapToolCall` runs each call of an MCP tool on the current tool object, including tools that
 *   were not declared at creation and the meta-tools. A call of a tool that has left the set since
 *   the model saw it gets the core's error (e.g. `MCP server "x" is unavailable: …`) as a
 *   `status: "error"` message.
 * - With the toolkit's `approval` policy, an `afterModel` step pauses the run before a tool that
 *   needs approval runs, exactly as LangChain's `humanInTheLoopMiddleware` does (same interrupt
 *   value, same `Command({ resume: { decisions } })`); the agent then needs a checkpointer.
 *
 * Pass the toolkit here only — not also in `createAgent({ tools })`: tools declared at creation
 * keep the description and schema they had then.
 *
 * @example
 * const agent = createAgent({ model, tools: [], middleware: [mcpToolsMiddleware(toolkit)] });
 */
export function mcpToolsMiddleware(
  toolkit: LangChainToolkit,
  options?: McpToolsMiddlewareOptions,
): AgentMiddleware {
  const name = options?.name ?? "McpToolsMiddleware";
  if (typeof name !== "string" || name.length === 0) {
    invalidOption("mcpToolsMiddleware", "name", "a non-empty string", name);
  }
  // Every tool offered to a model, by name: a model may call one after it left the set.
  const offered = new Map<string, StructuredTool>();
  return createMiddleware({
    name,
    ...(hasApprovalPolicy(toolkit) ? { afterModel: approvalHook(toolkit) } : {}),
    wrapModelCall: (request, handler) => {
      // The state's messages are the whole conversation; the request's may have been trimmed by
      // another middleware. Loads are read from both (a set: duplicates do not matter).
      const conversation: BaseMessage[] = [...(request.state?.messages ?? []), ...request.messages];
      const tools = withOfferedTools(request.tools, toolkit, toolkit.toolsFor(conversation));
      for (const tool of tools)
        if (isOwnedBy(tool, toolkit)) offered.set(tool.name as string, tool as StructuredTool);
      return handler({ ...request, tools });
    },
    wrapToolCall: (request, handler) => {
      if (request.tool !== undefined && !isOwnedBy(request.tool, toolkit)) return handler(request);
      const tool = toolkit.tool(request.toolCall.name) ?? offered.get(request.toolCall.name);
      return tool === undefined ? handler(request) : handler({ ...request, tool });
    },
  });
}

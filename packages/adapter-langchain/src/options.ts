/**
 * Options of the LangChain adapter and the one step that resolves them.
 * @module
 */
import type { RunnableConfig } from "@langchain/core/runnables";
import type { DeferLoading, McpTool, SchemaDialect } from "@toolnexus/mcp-core";
import {
  type AdapterCodeModeOptions,
  type ApprovalPolicy,
  approvalRule,
  type McpTenantContext,
  type McpToolProgress,
  type ResolvedCallOptions,
  type ResourceToolsOptions,
  resolveCallOptions,
  resolveCodeModeOption,
  resolveDeferLoading,
  resolveResourceToolsOption,
} from "@toolnexus/mcp-core/adapter";

export type { ApprovalPolicy, McpTenantContext, McpToolProgress };

import type { LangChainSearchOptions } from "./hybrid-search.js";

const ENTRY = "LangChain adapter";

/** Options of {@link toLangChainTools} and {@link createLangChainToolkit}. Every field is optional. */
export interface McpLangChainOptions {
  /**
   * Milliseconds per tool call, an integer from 1 to 2147483647 (progress notifications reset it).
   * @default the server's `timeout`
   */
  timeoutMs?: number | undefined;
  /**
   * Milliseconds for each tool call in total, an integer from 1 to 2147483647. Progress
   * notifications (requested when `onProgress` is given) restart `timeoutMs`, not this: when it runs
   * out, the call is cancelled on the server and ends as a timeout (an error `ToolMessage` when
   * invoked with a tool call, else a rejection). Per call, LangChain's own `timeout` in the
   * invoke config is a total bound too: it aborts the call (cancelled on the server) and rejects.
   * @default none (only `timeoutMs` bounds a call)
   */
  maxTotalTimeoutMs?: number | undefined;
  /**
   * Receives the MCP server's progress notifications for every call of these tools, as
   * `{ progress, total?, message?, toolName, server, toolCallId? }` (the shape every adapter reports).
   * @default none
   */
  onProgress?: ((progress: McpToolProgress) => void) | undefined;
  /**
   * Shape each tool's input schema for the chat model's provider (SPEC §13.5): `"openai-strict"`
   * (for `bindTools(tools, { strict: true })`), `"gemini"` or `"anthropic"`. The arguments go back
   * to the server's shape before the call (the nulls strict mode forced removed).
   * @default "as-is" (the server's schema, unchanged)
   */
  schemaDialect?: SchemaDialect | undefined;
  /**
   * Maps LangChain's per-call context into each MCP call (SPEC §23.2): it receives the
   * `RunnableConfig` the tool was invoked with (an agent's run passes its `configurable`,
   * `metadata` and `tags` down; `{}` when there is none) and returns `{ tenant?, _meta?, headers? }`
   * for the call, or `undefined`. The library's own `_meta` keys and headers cannot be set (SPEC
   * §23.1); a function that throws, or returns a value that cannot be sent, fails that call as a
   * `protocol` error.
   * @default none (calls carry no tenant, `_meta` or headers of the host's)
   */
  context?: ((config: RunnableConfig) => McpTenantContext | undefined) | undefined;
}

/** Options of {@link createLangChainToolkit}: the tool options plus deferred loading and approval. */
export interface LangChainToolkitOptions extends McpLangChainOptions {
  /**
   * Offer the model a few tools plus `mcp_search_tools` / `mcp_load_tools` instead of every tool:
   * `true` defers every tool, `{ threshold: N }` every tool when the source holds more than N, `false`
   * none. A server entry's `defer` overrides it for that server's tools. Takes effect through
   * `mcpToolsMiddleware` or {@link LangChainToolkit.toolsFor}; `tools` still lists every tool.
   * @default the source's `deferLoading` (the `loadMcp` option, itself `false` by default)
   */
  deferLoading?: DeferLoading | undefined;
  /**
   * Which tools pause the agent for a person's decision before they run (`mcpToolsMiddleware`
   * raises LangChain's human-in-the-loop interrupt): `true` every MCP tool, a function your own
   * rule, or `{ destructive?, openWorld?, tools? }` matched against the servers' own annotations
   * (absent hints take the MCP defaults) and tool-name globs.
   * @default false (no tool needs approval)
   */
  approval?: ApprovalPolicy | undefined;
  /**
   * Also offer `mcp_list_resources` and `mcp_read_resource`, so the model can browse and read the
   * servers' resources (contents bounded by `maxBytes`, default 256 KiB, cuts marked). Never deferred.
   * Given as an object (`{}` for the defaults); absent, the tools are off.
   * @default absent
   */
  resourceTools?: { maxBytes?: number | undefined } | undefined;
  /**
   * Also offer code mode's `mcp_run_code` and `mcp_describe_tools` (SPEC §22.3): the model writes a
   * program against `codemode.<server>.<tool>(input)` and gets only its value and console back. A
   * program's call of a tool `approval` selects runs only when `codeMode.approve` answers `true`
   * (no interrupt can pause a running program). Never deferred. Given as an object (`{}` for the
   * defaults); absent, code mode is off.
   * @default absent
   */
  codeMode?: AdapterCodeModeOptions | undefined;
  /**
   * Rank `mcp_search_tools` by meaning too: a LangChain `Embeddings` whose ranking is fused with the
   * lexical one (`@toolnexus/mcp-core/search`); lexical alone whenever it fails or is slow.
   * @default none: lexical search
   */
  search?: LangChainSearchOptions | undefined;
}

/** Options after validation. */
export type ResolvedOptions = ResolvedCallOptions;

/** Toolkit options after validation. */
export interface ResolvedToolkitOptions {
  call: ResolvedOptions;
  /** `undefined` follows the source's `deferLoading`. */
  deferLoading: DeferLoading | undefined;
  /** `undefined` when no tool needs approval. */
  needsApproval: ((tool: McpTool) => boolean) | undefined;
  /** The resource tools' options; `undefined` when they are off. */
  resourceTools: ResourceToolsOptions | undefined;
  /** Code mode's options; `undefined` when it is off. */
  codeMode: AdapterCodeModeOptions | undefined;
}

/** Validates options field by field; an explicit `undefined` keeps the default. */
export function resolveOptions(options: McpLangChainOptions | undefined): ResolvedOptions {
  return resolveCallOptions(ENTRY, options);
}

/** Validates the toolkit's options, the call options first; an explicit `undefined` keeps the default. */
export function resolveToolkitOptions(options: LangChainToolkitOptions | undefined): ResolvedToolkitOptions {
  return {
    call: resolveOptions(options),
    deferLoading: resolveDeferLoading(ENTRY, options?.deferLoading),
    needsApproval: approvalRule(ENTRY, options?.approval),
    resourceTools: resolveResourceToolsOption(ENTRY, options?.resourceTools),
    codeMode: resolveCodeModeOption(ENTRY, options?.codeMode),
  };
}

/**
 * Options of `toAiSdkTools` / `createAiSdkToolset` and the one step that resolves them.
 * @module
 */
import type { DeferLoading, McpTool, SchemaDialect } from "@toolnexus/mcp-core";
import {
  type AdapterCodeModeOptions,
  type ApprovalPolicy,
  approvalRule,
  invalidOption,
  type McpTenantContext,
  type McpToolProgress,
  type ResolvedCallOptions,
  type ResourceToolsOptions,
  resolveCallOptions,
  resolveCodeModeOption,
  resolveDeferLoading,
  resolveResourceToolsOption,
} from "@toolnexus/mcp-core/adapter";
import type { ToolSet } from "ai";
import type { AiSdkSearchOptions } from "./hybrid-search.js";

/**
 * Progress of a running MCP call, with the call it belongs to: the shape every adapter reports
 * (`McpToolProgress`), where the AI SDK always knows the call's id.
 */
export interface AiSdkToolProgress extends McpToolProgress {
  /** The AI SDK's id of the tool call. */
  toolCallId: string;
}

/** Options of `toAiSdkTool`, `toAiSdkTools` and `createAiSdkToolset`. Every field is optional. */
export interface AiSdkToolsOptions {
  /**
   * Milliseconds per MCP call, an integer from 1 to 2147483647; progress notifications reset it.
   * @default the server's `timeout` from the config (30 000)
   */
  timeoutMs?: number | undefined;
  /**
   * Milliseconds for each MCP call in total, an integer from 1 to 2147483647. Progress
   * notifications (requested when `onProgress` is given) restart `timeoutMs`, not this: when it runs
   * out, the call is cancelled on the server and `execute` throws an `McpToolCallError` of kind
   * `"timeout"`. The AI SDK passes a tool no per-call options, so it applies to every call.
   * @default none (only `timeoutMs` bounds a call)
   */
  maxTotalTimeoutMs?: number | undefined;
  /**
   * Receives progress notifications of running calls. Setting it makes every call request progress.
   * @default none
   */
  onProgress?: ((progress: AiSdkToolProgress) => void) | undefined;
  /**
   * Your own AI SDK tools, served next to the MCP tools from the same live object (keys first, and
   * they win on a name clash). Spreading the live `ToolSet` into a new object would freeze it, so
   * combine here instead. Its entries are copied once, when the `ToolSet` is created. They are
   * never deferred.
   * @default {}
   */
  extraTools?: ToolSet | undefined;
  /**
   * Which MCP tools need a person's approval before they run, as the AI SDK's `needsApproval`:
   * `true` every MCP tool, a function `(tool) => boolean`, or `{ destructive?, openWorld?, tools? }`
   * (a tool needs approval when any given rule matches: `destructive: true` a tool that may destroy
   * by its annotations, `openWorld: true` one that reaches outside, `tools` model-facing name globs).
   * Absent hints take MCP's defaults (not read-only, destructive, open-world). The run then ends
   * with a `tool-approval-request`; answer with a `tool-approval-response` message.
   * @default false (no tool needs approval)
   */
  approval?: ApprovalPolicy | undefined;
  /**
   * Also serve `mcp_list_resources` and `mcp_read_resource`, so the model can browse and read the
   * servers' resources (contents bounded by `maxBytes`, default 256 KiB, cuts marked). Never deferred.
   * Given as an object (`{}` for the defaults); absent, the tools are off.
   * @default absent
   */
  resourceTools?: { maxBytes?: number | undefined } | undefined;
  /**
   * Also serve code mode's `mcp_run_code` and `mcp_describe_tools` (SPEC §22.3): the model writes a
   * program against `codemode.<server>.<tool>(input)` and gets only its value and console back. A
   * program's call of a tool `approval` selects runs only when `codeMode.approve` answers `true`.
   * Never deferred. Given as an object (`{}` for the defaults); absent, code mode is off.
   * @default absent
   */
  codeMode?: AdapterCodeModeOptions | undefined;
  /**
   * Shape each MCP tool's input schema for the model's provider (SPEC §13.5): `"openai-strict"`,
   * `"gemini"` or `"anthropic"`; `schemaDialectFor(model)` picks it from the model. The arguments
   * go back to the server's shape before the call (the nulls strict mode forced removed).
   * @default "as-is" (the server's schema, unchanged)
   */
  schemaDialect?: SchemaDialect | undefined;
  /**
   * Maps the AI SDK's per-call context into each MCP call (SPEC §23.2): it receives what the tool's
   * `execute` gets as its context — on `ai` 6 the `experimental_context` given to `generateText` /
   * `streamText`, on `ai` 7 the tool's `context` (`toolsContext[toolName]`); `undefined` when none
   * was given — and returns `{ tenant?, _meta?, headers? }` for the call, or
   * `undefined`. The library's own `_meta` keys and headers cannot be set (SPEC §23.1); a function
   * that throws, or returns a value that cannot be sent, fails that call with a `protocol` error.
   * @default none (calls carry no tenant, `_meta` or headers of the host's)
   */
  context?: ((hostContext: unknown) => McpTenantContext | undefined) | undefined;
}

/** How a toolset defers tools: behind its own meta-tools, or with Anthropic's native tool search. */
export type AiSdkToolSearch = "meta-tools" | "anthropic";

/** Options of `createAiSdkToolset`. Every field is optional. */
export interface AiSdkToolsetOptions extends AiSdkToolsOptions {
  /**
   * Defer tools behind a tool search: `{}` (every MCP tool), `{ threshold: N }` (every MCP tool
   * when the source holds more than N), or `{ enabled: false }` (none). A server entry's `defer` overrides it for
   * its tools. The toolset's `prepareStep` then offers the model the tools not deferred, the ones
   * the conversation loaded, and `mcp_search_tools` / `mcp_load_tools`.
   * @default the source's `deferLoading` (the `loadMcp` option; itself off by default)
   */
  deferLoading?: DeferLoading | undefined;
  /**
   * How deferred tools are found: `"meta-tools"` offers `mcp_search_tools` and `mcp_load_tools`
   * (any model); `"anthropic"` marks each deferred tool with the Anthropic provider option
   * `deferLoading: true` instead, for Anthropic's own tool search — add its search tool yourself
   * (`extraTools: { toolSearch: anthropic.tools.toolSearchBm25_20251119() }`).
   * @default "meta-tools"
   */
  toolSearch?: AiSdkToolSearch | undefined;
  /**
   * Rank `mcp_search_tools` by meaning too: an AI SDK `EmbeddingModel` whose ranking is fused with
   * the lexical one (`@toolnexus/mcp-core/search`); lexical alone whenever the model fails or is slow.
   * @default none: lexical search
   */
  search?: AiSdkSearchOptions | undefined;
}

/** Options after validation. */
export interface ResolvedAiSdkToolsOptions extends ResolvedCallOptions {
  extraTools: ToolSet;
  /** The approval policy as one test; `undefined` when no tool needs approval. */
  needsApproval: ((tool: McpTool) => boolean) | undefined;
  /** The resource tools' options; `undefined` when they are off. */
  resourceTools: ResourceToolsOptions | undefined;
  /** Code mode's options; `undefined` when it is off. */
  codeMode: AdapterCodeModeOptions | undefined;
}

/** `createAiSdkToolset`'s options after validation. */
export interface ResolvedAiSdkToolsetOptions extends ResolvedAiSdkToolsOptions {
  /** The toolset's own `deferLoading`; `undefined` keeps the source's. */
  deferLoading: DeferLoading | undefined;
  toolSearch: AiSdkToolSearch;
}

/** The name option errors start with. */
const ENTRY = "AI SDK adapter";

/** Validates the options field by field; an explicit `undefined` keeps the default. */
export function resolveOptions(options: AiSdkToolsOptions | undefined): ResolvedAiSdkToolsOptions {
  const shared = resolveCallOptions(ENTRY, options);
  const extraTools = options?.extraTools ?? {};
  if (typeof extraTools !== "object" || extraTools === null || Array.isArray(extraTools)) {
    invalidOption(ENTRY, "extraTools", "an object of AI SDK tools", extraTools);
  }
  return {
    ...shared,
    extraTools,
    needsApproval: approvalRule(ENTRY, options?.approval),
    resourceTools: resolveResourceToolsOption(ENTRY, options?.resourceTools),
    codeMode: resolveCodeModeOption(ENTRY, options?.codeMode),
  };
}

/** Validates `createAiSdkToolset`'s options: the shared ones, then deferral's. */
export function resolveToolsetOptions(options: AiSdkToolsetOptions | undefined): ResolvedAiSdkToolsetOptions {
  const resolved = resolveOptions(options);
  const deferLoading = resolveDeferLoading(ENTRY, options?.deferLoading);
  const toolSearch = options?.toolSearch ?? "meta-tools";
  if (toolSearch !== "meta-tools" && toolSearch !== "anthropic") {
    invalidOption(ENTRY, "toolSearch", '"meta-tools" or "anthropic"', toolSearch);
  }
  return { ...resolved, deferLoading, toolSearch };
}

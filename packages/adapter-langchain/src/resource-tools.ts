/**
 * The source's resources as two LangChain tools, `mcp_list_resources` and `mcp_read_resource`.
 * @module
 */
import type { StructuredTool } from "@langchain/core/tools";
import type { McpSource } from "@toolnexus/mcp-core";
import { createResourceTools, type ResourceToolsOptions } from "@toolnexus/mcp-core/adapter";
import type { McpLangChainOptions } from "./options.js";
import { toLangChainTools } from "./to-langchain-tools.js";

/** Options of {@link toLangChainResourceTools}: the bound on a result, and the shared call options. */
export type LangChainResourceToolsOptions = ResourceToolsOptions &
  Pick<McpLangChainOptions, "timeoutMs" | "onProgress">;

/**
 * The resources of every server as two `StructuredTool`s, converted like MCP tools (content and
 * artifact, failures as `status: "error"` tool messages): `mcp_list_resources({ server?, cursor? })`
 * lists resources and templates a page at a time, `mcp_read_resource({ server, uri })` reads one
 * (text as text, a blob as an `image`/`audio`/`file` block by MIME type). A result is bounded by
 * `maxBytes` (default 256 KiB) and marks a cut with `[truncated: N of M bytes shown]`. Not offered
 * unless you add them to the tools you bind. They read the source at call time, so they stay valid
 * as servers come and go.
 */
export function toLangChainResourceTools(
  source: McpSource,
  options?: LangChainResourceToolsOptions,
): StructuredTool[] {
  const { maxBytes, ...callOptions } = options ?? {};
  return toLangChainTools({ tools: createResourceTools(source, { maxBytes }) }, callOptions);
}

/**
 * The source's resources as two AI SDK tools, `mcp_list_resources` and `mcp_read_resource`.
 * @module
 */
import type { McpSource } from "@toolnexus/mcp-core";
import { createResourceTools, type ResourceToolsOptions } from "@toolnexus/mcp-core/adapter";
import type { ToolSet } from "ai";
import { toAiSdkTool } from "./convert-tool.js";
import type { AiSdkToolsOptions } from "./options.js";

/** Options of {@link toAiSdkResourceTools}: the bound on a result, and the shared call options. */
export type AiSdkResourceToolsOptions = ResourceToolsOptions &
  Pick<AiSdkToolsOptions, "timeoutMs" | "onProgress">;

/**
 * The resources of every server as two tools for the model, converted like MCP tools (results as
 * content parts, failures as `tool-error`s): `mcp_list_resources({ server?, cursor? })` lists
 * resources and templates a page at a time, `mcp_read_resource({ server, uri })` reads one (text as
 * text, a blob as media by MIME type). A result is bounded by `maxBytes` (default 256 KiB) and marks
 * a cut with `[truncated: N of M bytes shown]`. Not offered unless you add them, e.g.
 * `createAiSdkToolset(source, { extraTools: toAiSdkResourceTools(source) })`. They read the source
 * at call time, so the set stays valid as servers come and go.
 */
export function toAiSdkResourceTools(source: McpSource, options?: AiSdkResourceToolsOptions): ToolSet {
  const { maxBytes, ...callOptions } = options ?? {};
  const tools = createResourceTools(source, { maxBytes });
  return Object.fromEntries(tools.map((tool) => [tool.name, toAiSdkTool(tool, callOptions)]));
}

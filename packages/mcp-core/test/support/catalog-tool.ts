/** The catalog fixture's tools as plain `McpTool` objects, for the pure search-index tests. */
import type { catalogTools } from "@toolnexus/fixtures/catalog";
import type { McpTool } from "../../src/index.js";

/** A catalog tool served by `server`, named as the core names it; its `execute` is never called. */
export function catalogTool(server: string, tool: ReturnType<typeof catalogTools>[number]): McpTool {
  return {
    ...tool,
    name: `mcp__${server}__${tool.name}`,
    server,
    rawName: tool.name,
    title: tool.title,
    outputSchema: undefined,
    execute: () => Promise.reject(new Error("not called")),
  };
}

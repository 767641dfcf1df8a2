/**
 * The result of a tool that names an app resource, with that resource (SPEC "MCP Apps"): the
 * call runs through the pipeline as any call, then the tool's `ui://` resource is read (once per
 * listing, `AppResources`) and set on `result.app` for the host. A call that never reached the
 * tool (refused, timed out, aborted) carries none.
 * @module
 */
import { toolUi } from "../tools/tool-visibility.js";
import type { ToolCaller } from "../tools/tool-wrapper.js";
import type { McpTool } from "../types.js";
import type { AppResources } from "./app-resources.js";

/** The server's listed definition of a core tool (a `ToolWrapper`'s), when it has one. */
function definitionOf(tool: McpTool): { _meta?: unknown } | undefined {
  const definition = (tool as { definition?: unknown }).definition;
  return typeof definition === "object" && definition !== null ? definition : undefined;
}

/** `callTool` whose results carry the tool's app resource, when it names one. */
export function withAppResource(
  callTool: ToolCaller["callTool"],
  apps: AppResources,
): ToolCaller["callTool"] {
  return async (tool, args, ctx) => {
    const result = await callTool(tool, args, ctx);
    const definition = definitionOf(tool);
    const uri = definition && toolUi(definition as { _meta?: Record<string, unknown> }).resourceUri;
    if (uri === undefined || (result.error && result.error.kind !== "tool")) return result;
    return { ...result, app: await apps.view(uri, ctx) };
  };
}

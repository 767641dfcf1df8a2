/**
 * The app bridge and the apps listing of one source (SPEC "MCP Apps"). An app rendered from a
 * server's `ui://` resource may call that server's tools whose visibility includes the app and
 * read its resources; the host forwards each request here. A call goes through the server's call
 * pipeline like the model's (same timeouts, bounds, redaction, gate), after the host's approval
 * rule; a tool not visible to the app is refused before anything is sent.
 * @module
 */
import type { McpAppBridge, McpAppBridgeOptions, McpAppToolInfo, McpServerApps } from "./app-bridge-types.js";
import type { Connection } from "./connection/connection.js";
import { errorResult } from "./tools/call-result.js";
import { toolUi } from "./tools/tool-visibility.js";
import { ToolWrapper } from "./tools/tool-wrapper.js";
import type { McpTool, McpToolResult } from "./types.js";

/** One server's apps: its `ui://` resources and the tools that have one or are not for everyone. */
export function serverApps(
  connection: Connection,
  modelName: (rawName: string) => string | undefined,
): McpServerApps {
  const resources: string[] = [];
  const tools: McpAppToolInfo[] = [];
  for (const tool of connection.listing.projectedTools()) {
    const ui = toolUi(tool);
    if (ui.model && ui.app && ui.resourceUri === undefined) continue;
    const visibility = [...(ui.model ? ["model" as const] : []), ...(ui.app ? ["app" as const] : [])];
    const name = ui.model ? modelName(tool.name) : undefined;
    tools.push({
      rawName: tool.name,
      ...(name && { name }),
      visibility,
      ...(ui.resourceUri && { resourceUri: ui.resourceUri }),
    });
    if (ui.resourceUri !== undefined && !resources.includes(ui.resourceUri)) resources.push(ui.resourceUri);
  }
  return { server: connection.config.name, resources, tools };
}

/** The app's view of a tool: named by its raw name, calling through the server's app call path. */
function appTool(connection: Connection, rawName: string): McpTool | undefined {
  const definition = connection.listing.appTool(rawName);
  if (!definition) return undefined;
  const caller = { callTool: connection.callAppTool };
  return new ToolWrapper(rawName, connection.config.name, definition, caller);
}

function refused(server: string, name: string, code: "APP_NOT_ALLOWED" | "APPROVAL_DENIED"): McpToolResult {
  const why =
    code === "APP_NOT_ALLOWED"
      ? 'is not visible to apps (its _meta.ui.visibility leaves out "app", or the server does not list it)'
      : "needs the host's approval, which refused it";
  return errorResult(
    "unavailable",
    code,
    `Tool ${JSON.stringify(name.slice(0, 200))} of MCP server "${server}" ${why}; nothing was sent`,
  );
}

/** The bridge for the apps of `connection`'s server. */
export function createAppBridge(connection: Connection, options: McpAppBridgeOptions = {}): McpAppBridge {
  const server = connection.config.name;
  const { needsApproval, approve } = options;
  return {
    server,
    tools: () => connection.listing.appToolList().flatMap((t) => appTool(connection, t.name) ?? []),
    async callTool(name, args = {}, ctx) {
      const tool = typeof name === "string" ? appTool(connection, name) : undefined;
      if (!tool) return refused(server, String(name), "APP_NOT_ALLOWED");
      if (needsApproval?.(tool)) {
        let approved = false;
        try {
          approved = (await approve?.(tool, args)) === true;
        } catch {
          approved = false;
        }
        if (!approved) return refused(server, name, "APPROVAL_DENIED");
      }
      return tool.execute(args, ctx);
    },
    readResource: (uri, ctx) => connection.readResource(uri, ctx),
  };
}

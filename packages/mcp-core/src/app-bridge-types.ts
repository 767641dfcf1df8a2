/**
 * Public types of the MCP Apps host side (SPEC "MCP Apps"): what `source.apps()` lists and the
 * bridge that forwards an app's requests to its server.
 * @module
 */
import type { McpCallContext } from "./call-types.js";
import type { McpResourceResult } from "./catalog-types.js";
import type { McpTool, McpToolResult } from "./tool-types.js";

/** A tool of a server that uses MCP Apps, as `source.apps()` lists it. */
export interface McpAppToolInfo {
  /** The name the server lists (what an app calls it by). */
  rawName: string;
  /** The model-facing name, when the model sees the tool. */
  name?: string;
  /** Who the tool is for (`_meta.ui.visibility`, validated; absent means both). */
  visibility: ("model" | "app")[];
  /** The tool's `ui://` resource, when it names one. */
  resourceUri?: string;
}

/** One server's MCP Apps: its app resources and the tools that have one or are not for everyone. */
export interface McpServerApps {
  server: string;
  /** The distinct `ui://` resources its tools name, in listing order. */
  resources: string[];
  /** Its tools with a resource or a visibility other than both, in listing order. */
  tools: McpAppToolInfo[];
}

/** How an app bridge asks the host before a call (the same rule the host applies to the model's calls). */
export interface McpAppBridgeOptions {
  /**
   * Whether a call of `tool` needs the host's approval; the adapter kit's `approvalRule(entry,
   * policy)` gives the one the host's adapter uses for the model. Absent: no call needs it.
   */
  needsApproval?: ((tool: McpTool) => boolean) | undefined;
  /**
   * Asked before each call that needs approval; `true` lets it run. Absent while a call needs
   * approval: the call is refused (`APPROVAL_DENIED`), deny by default.
   */
  approve?: ((tool: McpTool, args: Record<string, unknown>) => boolean | Promise<boolean>) | undefined;
}

/**
 * What an app rendered from one server may ask of it, forwarded by the host (SPEC "MCP Apps"):
 * `tools/call` of the tools visible to the app (never model-only ones) and `resources/read`, each
 * through the call pipeline with the model's timeouts and bounds. Failures resolve, never throw.
 */
export interface McpAppBridge {
  readonly server: string;
  /** The tools an app of this server may call, by their raw names. */
  tools(): McpTool[];
  /** `tools/call` from the app: `name` is the raw name the server lists. */
  callTool(name: string, args?: Record<string, unknown>, ctx?: McpCallContext): Promise<McpToolResult>;
  /** `resources/read` from the app, on its own server. */
  readResource(uri: string, ctx?: McpCallContext): Promise<McpResourceResult>;
}

/**
 * The toolnexus `McpSource` over a core source: a live `tools` getter, the load's `status` snapshot,
 * and the ADR's additive lifecycle methods delegated to the core.
 * @module
 */
import type { McpSource as CoreSource } from "@toolnexus/mcp-core";
import {
  type AdapterCodeModeOptions,
  codeModeToolsOf,
  type ResolvedCallOptions,
} from "@toolnexus/mcp-core/adapter";
import { toolnexusStatus } from "./status.js";
import { createToolView } from "./tool-view.js";
import type { McpSource, McpStatus, Tool } from "./types.js";

/**
 * Wraps a loaded core source; `status` is copied once, now (the outcome of the load).
 * @param calls the load's `timeoutMs`, `maxTotalTimeoutMs` and `onProgress`, applied to every call
 *   of its tools
 * @param codeMode the load's `codeMode` option, checked: its two tools follow the MCP tools
 */
export function createSource(
  core: CoreSource,
  calls: ResolvedCallOptions,
  codeMode?: AdapterCodeModeOptions,
): McpSource {
  // toolnexus has no approval policy: no program call waits for one.
  const tools = createToolView(core, calls, codeModeToolsOf(core, codeMode, undefined));
  const status: Record<string, McpStatus> = toolnexusStatus(core.status);
  return {
    get tools(): Tool[] {
      return tools();
    },
    status,
    close: () => core.close(),
    state: (server) => core.state(server),
    restart: (server) => core.restart(server),
    onStateChange: (cb) => core.onStateChange(cb),
    refresh: (server) => core.refresh(server),
    whenSettled: (server) => core.whenSettled(server),
    onToolsChange: (cb) => core.onToolsChange(cb),
    onDrift: (cb) => core.onDrift(cb),
    pendingDrift: (server) => core.pendingDrift(server),
    approveDrift: (server, tools) => core.approveDrift(server, tools),
    servers: () => core.servers(),
  };
}

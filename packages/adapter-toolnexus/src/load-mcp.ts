/**
 * toolnexus's `loadMcp`, built on `@toolnexus/mcp-core`.
 * @module
 */

import type { McpSource as CoreSource, McpConfigInput } from "@toolnexus/mcp-core";
import { loadMcp as loadCore } from "@toolnexus/mcp-core";
import { resolveCallOptions, resolveCodeModeOption } from "@toolnexus/mcp-core/adapter";
import { resolveConfigInput } from "./config-input.js";
import { implicitInheritAllWarning, warnOnce } from "./implicit-inherit-env.js";
import { type LoadMcpOptions, toCoreOptions } from "./options.js";
import { createSource } from "./source.js";
import type { McpSource } from "./types.js";

/**
 * Connects every enabled server in parallel, lists its tools and wraps each as a toolnexus `Tool`.
 * A server that fails is isolated (`status` "failed"). With no options this is toolnexus's behaviour
 * of today: no restart, a tool list fixed after the load, the full parent env for stdio children
 * (named once, through `onWarning` or the console, for the servers that set no `inheritEnv`).
 *
 * @param input a JSON config path, or a config object: wrapper `mcpServers`, `servers` or `mcp`, or a
 *   bare map of server name → entry
 * @throws McpCoreError `CONFIG_INVALID` for an invalid config (every problem named), `ABORTED` when
 *   `signal` aborts the load, `OPTIONS_INVALID` for a malformed option (named)
 * @example
 * const source = await loadMcp({ mcp: { files: { type: "local", command: ["npx", "-y", "@modelcontextprotocol/server-filesystem", "."] } } });
 * const result = await source.tools[0]?.execute({ path: "." }); // { output, isError, metadata: { server } }
 * await source.close();
 */
export async function loadMcp(input: string | object, opts?: LoadMcpOptions): Promise<McpSource> {
  const options = opts ?? {};
  const coreOptions = toCoreOptions(options);
  const calls = resolveCallOptions("loadMcp", options);
  const codeMode = resolveCodeModeOption("loadMcp", options.codeMode);
  // toolnexus configs are untyped data (`object`); the core checks them fully at run time.
  const config = await resolveConfigInput(input);
  const core = await loadCore(config as McpConfigInput, coreOptions);
  if (options.onWarning === undefined) reportFailures(core);
  warnOnce(await implicitInheritAllWarning(config, options.defaultInheritEnv), options.onWarning);
  return createSource(core, calls, codeMode);
}

/**
 * toolnexus's one console line per server that failed at load: `[toolnexus] ` and the core's error,
 * which names the server (`MCP server "x" failed to start: …`); the server is named once.
 */
export function reportFailures(core: CoreSource): void {
  for (const server of core.servers()) {
    if (server.status !== "failed") continue;
    const label = `MCP server "${server.name}"`;
    const error = server.lastError ?? "unknown error";
    console.warn(`[toolnexus] ${error.startsWith(label) ? error : `${label} failed: ${error}`}`);
  }
}

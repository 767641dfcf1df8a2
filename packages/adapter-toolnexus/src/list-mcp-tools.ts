/**
 * `listMcpTools`: the list-only inventory (connect, list, disconnect).
 * @module
 */
import { loadMcp as loadCore, type McpConfigInput } from "@toolnexus/mcp-core";
import { patchEntries, resolveConfigInput } from "./config-input.js";
import { implicitInheritAllWarning, warnOnce } from "./implicit-inherit-env.js";
import { toolnexusInputSchema } from "./input-schema.js";
import { reportFailures } from "./load-mcp.js";
import { type ListMcpToolsOptions, toCoreListOptions } from "./options.js";
import { toolnexusStatus } from "./status.js";
import type { JsonSchema, McpStatus } from "./types.js";

/** One listed tool, without `execute`. */
export interface McpToolInfo {
  /** The server's config key. */
  server: string;
  /** The toolnexus name, as `loadMcp` would give it. */
  name: string;
  /** The server's own tool name (what a `tools` allow/drop map is keyed by). */
  rawName: string;
  description: string;
  /** Normalized as in `loadMcp`. */
  inputSchema: JsonSchema;
}

/** What `listMcpTools` returns. */
export interface McpInventory {
  /** Config order, then listing order; after each server's `tools` allow/drop map. */
  tools: McpToolInfo[];
  /** Per configured server, as `loadMcp` would report it. */
  status: Record<string, McpStatus>;
}

/**
 * Connects every enabled server (`lazy` ones too), lists its tools and disconnects; nothing keeps
 * running when it resolves. No restart, no live list, no listing cache.
 * @throws as `loadMcp`
 */
export async function listMcpTools(
  input: string | object,
  opts?: ListMcpToolsOptions,
): Promise<McpInventory> {
  const options = opts ?? {};
  const config = patchEntries(await resolveConfigInput(input), { lazy: false });
  const core = await loadCore(config as McpConfigInput, toCoreListOptions(options));
  try {
    // A config the core read itself (JSONC) could not be patched; start its lazy servers here.
    const lazy = core.servers().filter((s) => s.lazy && s.state === "stopped");
    await Promise.all(lazy.map((s) => core.start(s.name).catch(() => {})));
    if (options.onWarning === undefined) reportFailures(core);
    warnOnce(await implicitInheritAllWarning(config, options.defaultInheritEnv), options.onWarning);
    const tools = core.tools.map((tool) => ({
      server: tool.server,
      name: tool.name,
      rawName: tool.rawName,
      description: tool.description,
      inputSchema: toolnexusInputSchema(tool.inputSchema),
    }));
    return { tools, status: toolnexusStatus(core.status) };
  } finally {
    await core.close();
  }
}

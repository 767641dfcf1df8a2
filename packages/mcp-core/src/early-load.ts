/**
 * What `loadMcp` does before its engine (the MCP client, the connections) has loaded: the options
 * resolved, the config parsed, and each eager stdio server's child spawned. On a process's first
 * load the engine's import takes about as long as a small server's boot; spawned first, the children
 * boot while it loads. The engine adopts each child in its server's first open when that open would
 * launch the same process, and kills the rest (`transport/early-spawns.ts`).
 * @module
 */
import type { McpConfigInput } from "./config/mcp-config-input.js";
import { parseConfig } from "./config/parse-config.js";
import type { ParsedConfig } from "./config/server-config.js";
import { childEnvironment, type LaunchEnvOptions } from "./connection/launch-env.js";
import { resolveLoadOptions, resolveServerPolicy } from "./options/resolve-load-options.js";
import type { ResolvedLoadOptions } from "./options/resolved-load-options.js";
import type { LoadMcpOptions } from "./options.js";
import { EarlySpawns } from "./transport/early-spawns.js";

/** The load's first steps, handed to the engine so it does none of them again. */
export interface EarlyLoad {
  options: ResolvedLoadOptions;
  parsed: ParsedConfig;
  spawns: EarlySpawns;
}

/** How the load's children get their env (the connections' launch options). */
export function launchOptions(options: ResolvedLoadOptions): LaunchEnvOptions {
  return {
    parentEnv: options.env,
    defaultInheritEnv: options.defaultInheritEnv,
    missingHeaderVar: options.missingHeaderVar,
    expandEnvReferences: options.expandEnvReferences,
  };
}

/**
 * Resolves the options and parses the config (throwing their errors, as `loadMcp` does), then
 * spawns the child of every enabled, eager stdio server. A server whose env cannot be made now is
 * left to its own open, which meets the same problem and reports it.
 */
export async function earlyLoad(input: string | McpConfigInput, given: LoadMcpOptions): Promise<EarlyLoad> {
  const options = resolveLoadOptions(given);
  const parsed = await parseConfig(input, { serverNames: options.serverNames });
  const spawns = new EarlySpawns();
  if (options.signal?.aborted) return { options, parsed, spawns };
  const launch = launchOptions(options);
  await Promise.all(
    parsed.servers.map(async (config) => {
      if (!config.enabled || config.transport !== "stdio") return;
      if (resolveServerPolicy(options, config).lazy) return;
      try {
        const { env } = await childEnvironment(config, launch);
        const { command, args, cwd } = config;
        spawns.spawn(config.name, { command, args, env, cwd }, options.keepAlive);
      } catch {
        // Its open reports it.
      }
    }),
  );
  return { options, parsed, spawns };
}

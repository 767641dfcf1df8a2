/**
 * toolnexus's implicit `inheritEnv: "all"`: kept for parity (a stdio server without `inheritEnv`
 * gets the whole parent environment, as in toolnexus), and named once per source so that the
 * config author can choose.
 * @module
 */
import type { McpConfigInput } from "@toolnexus/mcp-core";
import { parseConfig } from "@toolnexus/mcp-core/config";

/**
 * The warning for the enabled stdio servers of `input` that set no `inheritEnv`, when the caller
 * gave no `defaultInheritEnv`; undefined when there are none (or the config does not parse: the
 * load reports that).
 */
export async function implicitInheritAllWarning(
  input: string | object,
  defaultInheritEnv: unknown,
): Promise<string | undefined> {
  if (defaultInheritEnv !== undefined) return undefined;
  let servers: Awaited<ReturnType<typeof parseConfig>>["servers"];
  try {
    ({ servers } = await parseConfig(input as McpConfigInput, { serverNames: "any" }));
  } catch {
    return undefined;
  }
  const names = servers
    .filter((server) => server.enabled && server.transport === "stdio" && server.inheritEnv === undefined)
    .map((server) => `"${server.name}"`);
  if (names.length === 0) return undefined;
  const which = names.length === 1 ? `MCP server ${names[0]} gets` : `MCP servers ${names.join(", ")} get`;
  return (
    `${which} the whole parent environment, secrets included: no inheritEnv is set and toolnexus's ` +
    `default is "all". Set inheritEnv on the server ([] for the safe base, or the names it needs) ` +
    "or the defaultInheritEnv option to choose."
  );
}

/** Delivers `warning` through the adapter's warning channel: `onWarning`, else the console as toolnexus. */
export function warnOnce(
  warning: string | undefined,
  onWarning: ((message: string) => void) | undefined,
): void {
  if (warning === undefined) return;
  if (onWarning) onWarning(warning);
  else console.warn(`[toolnexus] ${warning}`);
}

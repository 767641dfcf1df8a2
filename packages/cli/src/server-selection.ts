/**
 * Which servers a command starts: the one `--server` names, or the one a tool name points at
 * (`mcp__<server>__…`, `<server>/<rawName>`); only a bare raw name needs them all. Names are checked
 * against the config before anything starts.
 * @module
 */
import { closestNames } from "@toolnexus/mcp-core/adapter";
import type { CliConfig } from "./cli-config.js";
import { oneLine } from "./output.js";
import { UsageError } from "./usage-error.js";

/** What `call`'s tool argument names. */
export type ToolTarget =
  /** A final name: one of `servers` (usually one; a name with `__` may fit two) has it. */
  | { kind: "final"; name: string; servers: string[] }
  /** `<server>/<rawName>`. */
  | { kind: "scoped"; server: string; rawName: string; servers: [string] }
  /** A raw name, of whichever server has it: every server starts to say. */
  | { kind: "raw"; rawName: string; servers: undefined };

/**
 * Throws a usage error when `name` is not a server of the config, naming the servers and the
 * closest ones. `what` opens the message (`--server "x" is not in the config`).
 */
export function checkServerName(config: CliConfig, name: string, what: string): void {
  const names = config.servers.map((s) => s.name);
  if (names.includes(name)) return;
  const near = closestNames(name, names);
  throw new UsageError(
    `${what} (servers: ${names.join(", ") || "none"})`,
    near.length > 0 ? [`did you mean: ${near.join(", ")}?`] : [],
  );
}

/** Reads `call`'s tool argument; an unknown server in it is a usage error. */
export function toolTarget(config: CliConfig, name: string): ToolTarget {
  const slash = name.indexOf("/");
  if (slash > 0) {
    const server = name.slice(0, slash);
    checkServerName(config, server, `no server "${oneLine(server)}" in the config`);
    return { kind: "scoped", server, rawName: name.slice(slash + 1), servers: [server] };
  }
  if (name.startsWith("mcp__")) {
    const servers = config.servers
      .map((s) => s.name)
      .filter((server) => name.startsWith(`mcp__${server}__`) && name.length > server.length + 7);
    if (servers.length > 0) return { kind: "final", name, servers };
    const server = name.slice("mcp__".length).split("__", 1)[0] ?? "";
    checkServerName(config, server, `no server "${oneLine(server)}" in the config`);
  }
  return { kind: "raw", rawName: name, servers: undefined };
}

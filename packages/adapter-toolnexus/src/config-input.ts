/**
 * Picks the server map out of a config the way toolnexus does, before the core parses the entries.
 * @module
 */
import { readFile } from "node:fs/promises";
import { isObject } from "@toolnexus/mcp-core/adapter";

/** Wrapper keys in toolnexus's order of precedence: the first one present wins, the others are ignored. */
export const WRAPPER_KEYS = ["mcpServers", "servers", "mcp"] as const;

/** Top-level keys of a toolnexus config that are not servers when the map is bare. */
export const SIBLING_KEYS: readonly string[] = ["builtins", "agents", "a2a", "mcpServer"];

/**
 * A config object → the object to hand to the core: only the first wrapper present (`mcpServers`,
 * then `servers`, then `mcp`), or a bare map without toolnexus's sibling keys (`builtins`, `agents`,
 * `a2a`, `mcpServer`). Anything else is returned as is for the core to report.
 */
export function selectServers(raw: unknown): unknown {
  if (!isObject(raw)) return raw;
  const wrapper = WRAPPER_KEYS.find((key) => raw[key] !== undefined && raw[key] !== null);
  if (wrapper !== undefined) return { [wrapper]: raw[wrapper] };
  const servers: Record<string, unknown> = {};
  for (const [name, entry] of Object.entries(raw)) if (!SIBLING_KEYS.includes(name)) servers[name] = entry;
  return servers;
}

/**
 * toolnexus reads `environment ?? env`: when an entry has `environment`, its `env` is ignored (the core
 * would merge the two).
 */
export function environmentWins(entry: Record<string, unknown>): Record<string, unknown> {
  if (entry.environment === undefined || entry.environment === null || !("env" in entry)) return entry;
  const { env: _ignored, ...rest } = entry;
  return rest;
}

/**
 * Resolves `loadMcp`'s input. A path is read as JSON, as toolnexus does (relative `cwd` values then
 * resolve against the working directory, as in toolnexus). A file that cannot be read or is not plain
 * JSON (e.g. JSONC) is left to the core, which reports a missing file or a syntax error with line and
 * column, and reads JSONC.
 */
export async function resolveConfigInput(input: string | object): Promise<string | object> {
  let raw: unknown = input;
  if (typeof input === "string") {
    try {
      raw = JSON.parse(await readFile(input, "utf8"));
    } catch {
      return input;
    }
  }
  return mapEntries(selectServers(raw) as object, environmentWins);
}

/** The config with `map` applied to every server entry that is an object (wrapped or bare). */
export function mapEntries(
  config: string | object,
  map: (entry: Record<string, unknown>) => Record<string, unknown>,
): string | object {
  if (!isObject(config)) return config;
  const mapAll = (servers: unknown) =>
    isObject(servers)
      ? Object.fromEntries(Object.entries(servers).map(([k, v]) => [k, isObject(v) ? map(v) : v]))
      : servers;
  const wrapper = WRAPPER_KEYS.find((key) => config[key] !== undefined);
  return wrapper !== undefined ? { [wrapper]: mapAll(config[wrapper]) } : (mapAll(config) as object);
}

/** The config with `patch` applied to every server entry that is an object. */
export function patchEntries(config: string | object, patch: Record<string, unknown>): string | object {
  return mapEntries(config, (entry) => ({ ...entry, ...patch }));
}

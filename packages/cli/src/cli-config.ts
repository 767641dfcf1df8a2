/**
 * A config file as a command reads it: the names of its servers, and the config object `loadMcp`
 * gets, holding only the servers the command starts. The core validates the whole file first, with
 * its own words and the file's path; an object lets the CLI leave the other servers out (the core
 * starts every enabled server of what it is given).
 * @module
 */
import { readFile } from "node:fs/promises";
import { dirname, resolve } from "node:path";
import {
  type McpConfigInput,
  McpCoreError,
  type McpServerMap,
  parseConfig,
  type ServerConfig,
} from "@toolnexus/mcp-core";
import { getNodeValue, parseTree } from "jsonc-parser";
import type { ConfigChoice } from "./config-file.js";

/** One server of the config: its name and whether it is enabled. */
export interface ConfigServer {
  name: string;
  enabled: boolean;
}

/** A config file, validated. */
export interface CliConfig {
  /** Absolute path of the file. */
  readonly path: string;
  /** Every server, in config order (wrapper order, then entry order). */
  readonly servers: readonly ConfigServer[];
  /**
   * The config object holding the servers named (every server when `names` is undefined), relative
   * `cwd` and `envFile` resolved against the file's directory as the core would.
   */
  input(names?: readonly string[]): McpConfigInput;
  /** The core's view of the servers named (every server when undefined). */
  configs(names?: readonly string[]): Promise<ServerConfig[]>;
}

/** Wrapper keys, in the order the core merges them (SPEC §2.2). */
const WRAPPERS = ["mcpServers", "servers", "mcp"] as const;

const read = new WeakMap<ConfigChoice, Promise<CliConfig>>();

/** Reads and validates the chosen config once per choice (a command may ask again). */
export function readConfig(choice: ConfigChoice): Promise<CliConfig> {
  let config = read.get(choice);
  if (!config) {
    config = readConfigFile(choice.path);
    read.set(choice, config);
  }
  return config;
}

/**
 * The same config, starting only `only` (every server when undefined); it shares what was read.
 * @param only server names already checked against the config
 */
export function startingOnly(choice: ConfigChoice, only: readonly string[] | undefined): ConfigChoice {
  if (only === undefined) return choice;
  const narrowed = { ...choice, only };
  const config = read.get(choice);
  if (config) read.set(narrowed, config);
  return narrowed;
}

/**
 * What `loadMcp` gets for this choice: the file's path when every server starts (the core reads it
 * as it always has), else a config object holding only the servers `choice.only` names.
 */
export async function configInput(choice: ConfigChoice): Promise<string | McpConfigInput> {
  if (choice.only === undefined) return choice.path;
  return (await readConfig(choice)).input(choice.only);
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

async function readConfigFile(named: string): Promise<CliConfig> {
  const path = resolve(named);
  // The core reads the file first: a missing file, a syntax error, a duplicate server name or an
  // invalid entry is reported in its words, naming the file, before anything else happens.
  const parsed = await parseConfig(path);
  // As the core reads it: objects without a prototype, so a `__proto__` key stays a key.
  const tree = parseTree(withoutBom(await readFile(path, "utf8")), [], {
    allowTrailingComma: true,
    disallowComments: false,
  });
  const root: unknown = tree && getNodeValue(tree);
  if (!isPlainObject(root)) throw new McpCoreError("CONFIG_PARSE", `Cannot parse MCP config "${path}"`);
  const entries = serverEntries(root, dirname(path));
  const pick = (names?: readonly string[]): McpServerMap => {
    const keep = names && new Set(names);
    return Object.fromEntries(entries.filter(([name]) => !keep || keep.has(name))) as McpServerMap;
  };
  return {
    path,
    servers: parsed.servers.map(({ name, enabled }) => ({ name, enabled })),
    input: (names) => ({ mcpServers: pick(names) }),
    configs: async (names) => (await parseConfig({ mcpServers: pick(names) })).servers,
  };
}

function withoutBom(text: string): string {
  return text.startsWith("\uFEFF") ? text.slice(1) : text;
}

/**
 * The entries of every wrapper present, in the core's order (the top level itself when there is
 * none), with relative `cwd` and `envFile` made absolute: in an object the core would resolve them
 * against the working directory, in a file against the file's directory.
 */
function serverEntries(root: Record<string, unknown>, baseDir: string): [string, unknown][] {
  const wrappers = WRAPPERS.filter((key) => Object.hasOwn(root, key));
  const maps = wrappers.length === 0 ? [root] : wrappers.map((key) => root[key]);
  return maps.flatMap((map) =>
    Object.entries(map as Record<string, unknown>)
      .filter(([name]) => wrappers.length > 0 || name !== "$schema")
      .map(([name, entry]): [string, unknown] => [name, withAbsolutePaths(entry, baseDir)]),
  );
}

function withAbsolutePaths(entry: unknown, baseDir: string): unknown {
  if (!isPlainObject(entry)) return entry;
  const absolute = { ...entry };
  for (const key of ["cwd", "envFile"]) {
    const value = absolute[key];
    if (typeof value === "string" && value !== "") absolute[key] = resolve(baseDir, value);
  }
  return absolute;
}

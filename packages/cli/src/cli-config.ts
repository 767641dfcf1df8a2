/**
 * A config file as a command reads it: the names of its servers, and the config object `loadMcp`
 * gets, holding only the servers the command starts. The core validates the whole file first, with
 * its own words and the file's path; an object lets the CLI leave the other servers out (the core
 * starts every enabled server of what it is given).
 * @module
 */
import { readFile } from "node:fs/promises";
import { homedir } from "node:os";
import { dirname, resolve } from "node:path";
import { isMcpCoreError, type McpConfigInput, McpCoreError } from "@toolnexus/mcp-core";
import { isObject } from "@toolnexus/mcp-core/adapter";
import {
  type McpServerMap,
  type ParsedConfig,
  parseConfig,
  type ServerConfig,
} from "@toolnexus/mcp-core/config";
import { getNodeValue, type ParseError, parseTree } from "#jsonc-parser";
import type { ConfigChoice } from "./config-file.js";
import { expandEntry, vsCodeWorkspaceOf } from "./vscode-variables.js";

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
  /** The core's warnings about the file (unknown keys and the key each most likely meant). */
  readonly warnings: readonly string[];
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
  const config = await readConfig(choice);
  // A VS Code file's variables are expanded here, so even every server goes as an object.
  if (choice.only === undefined && vsCodeWorkspaceOf(resolve(choice.path)) === undefined) return choice.path;
  return config.input(choice.only);
}

/** One server entry as the CLI hands it on: ready, or the problems that keep it from starting. */
interface Entry {
  name: string;
  /** Paths absolute, VS Code variables expanded; absent when there are problems. */
  entry?: unknown;
  problems: readonly string[];
  /** `enabled: false` / `disabled: true` as written (for an entry the core does not validate). */
  enabledAsWritten: boolean;
}

async function readConfigFile(named: string): Promise<CliConfig> {
  const path = resolve(named);
  const baseDir = dirname(path);
  const workspaceFolder = vsCodeWorkspaceOf(path);
  if (workspaceFolder === undefined) {
    // The core reads the file first: a missing file, a syntax error, a duplicate server name or an
    // invalid entry is reported in its words, naming the file, before anything else happens.
    const parsed = await parseConfig(path);
    const { entries } = mapEntries(await readRoot(path), (_, entry) => ({
      entry: withAbsolutePaths(entry, baseDir),
      problems: [],
    }));
    return cliConfig(path, entries, parsed);
  }
  // A VS Code file: its variables are expanded first (an unexpanded `${env:URL}` is not a URL), then
  // the core validates what they expand to; an entry that cannot be expanded is not validated.
  const context = { workspaceFolder, userHome: homedir(), env: process.env };
  const { root, entries } = mapEntries(await readRoot(path), (name, entry) => {
    const expanded = expandEntry(name, entry, context);
    if (expanded.problems.length > 0) return { problems: expanded.problems };
    return { entry: withAbsolutePaths(expanded.entry, baseDir), problems: [] };
  });
  const parsed = await parseConfig(root as McpConfigInput).catch((error: unknown) => {
    throw namingTheFile(error, path);
  });
  return cliConfig(path, entries, parsed);
}

/**
 * A config with no server at all: nothing a command could start. The core loads it as an empty
 * source; the CLI says so, as a config error (exit 2), with what an entry looks like.
 */
function noServers(path: string): McpCoreError {
  return new McpCoreError(
    "CONFIG_INVALID",
    `Invalid MCP config in ${JSON.stringify(path)}: no servers in it; add one under "mcpServers", e.g. {"mcpServers": {"files": {"command": "npx", "args": ["-y", "@modelcontextprotocol/server-filesystem", "."]}}}`,
  );
}

function cliConfig(path: string, entries: readonly Entry[], parsed: ParsedConfig): CliConfig {
  if (entries.length === 0) throw noServers(path);
  const pick = (names?: readonly string[]): McpServerMap => {
    const keep = names && new Set(names);
    const chosen = entries.filter(({ name }) => !keep || keep.has(name));
    // A server that cannot start is an error when asked for (every enabled one, without names).
    const blocked = chosen.filter(({ name, problems }) => problems.length > 0 && (keep || enabled(name)));
    if (blocked.length > 0) {
      const lines = blocked.flatMap(({ problems }) => problems);
      throw new McpCoreError(
        "CONFIG_INVALID",
        lines.map((line) => `Invalid MCP config in ${JSON.stringify(path)}: ${line}`).join("\n"),
        { server: blocked[0]?.name },
      );
    }
    const ready = chosen.filter(({ problems }) => problems.length === 0);
    return Object.fromEntries(ready.map(({ name, entry }) => [name, entry])) as McpServerMap;
  };
  const validated = new Map(parsed.servers.map((server) => [server.name, server.enabled]));
  const asWritten = new Map(entries.map((e) => [e.name, e.enabledAsWritten]));
  const enabled = (name: string) => validated.get(name) ?? asWritten.get(name) ?? true;
  return {
    path,
    servers: entries.map(({ name }) => ({ name, enabled: enabled(name) })),
    warnings: parsed.warnings,
    input: (names) => ({ mcpServers: pick(names) }),
    configs: async (names) => (await parseConfig({ mcpServers: pick(names) })).servers,
  };
}

/** The config file's value; a file the core would refuse is refused in its words. */
async function readRoot(path: string): Promise<unknown> {
  const errors: ParseError[] = [];
  const text = await readFile(path, "utf8").catch(() => undefined);
  // As the core reads it: objects without a prototype, so a `__proto__` key stays a key.
  const tree = text === undefined ? undefined : parseTree(withoutBom(text), errors, PARSE_OPTIONS);
  if (text === undefined || errors.length > 0) {
    await parseConfig(path); // throws CONFIG_NOT_FOUND or CONFIG_PARSE
    throw new McpCoreError("CONFIG_PARSE", `Cannot parse MCP config ${JSON.stringify(path)}`);
  }
  return tree && getNodeValue(tree);
}

const PARSE_OPTIONS = { allowTrailingComma: true, disallowComments: false } as const;

function withoutBom(text: string): string {
  return text.startsWith("\uFEFF") ? text.slice(1) : text;
}

/** The core's words for a config object, with the file's name as it says it for a file. */
function namingTheFile(error: unknown, path: string): unknown {
  if (!isMcpCoreError(error) || error.code !== "CONFIG_INVALID") return error;
  const message = error.message.replace(
    /^Invalid MCP config:/gm,
    `Invalid MCP config in ${JSON.stringify(path)}:`,
  );
  return new McpCoreError("CONFIG_INVALID", message, { server: error.server, cause: error });
}

/**
 * Each server entry of every wrapper present, in the core's order (the top level itself when there
 * is none), through `prepare`; and the config with each entry replaced by what `prepare` made of it
 * (left out when it has problems), every other key as it was.
 */
function mapEntries(
  root: unknown,
  prepare: (name: string, entry: unknown) => Omit<Entry, "name" | "enabledAsWritten">,
): { root: unknown; entries: Entry[] } {
  if (!isObject(root)) return { root, entries: [] };
  const entries: Entry[] = [];
  const mapped = (map: Record<string, unknown>, skip?: string) => {
    const out: Record<string, unknown> = Object.create(null);
    for (const [name, entry] of Object.entries(map)) {
      if (name === skip) {
        out[name] = entry;
        continue;
      }
      const enabledAsWritten = !isObject(entry) || (entry.enabled !== false && entry.disabled !== true);
      const prepared = { name, enabledAsWritten, ...prepare(name, entry) };
      entries.push(prepared);
      if (prepared.problems.length === 0) out[name] = prepared.entry;
    }
    return out;
  };
  const wrappers = WRAPPERS.filter((key) => Object.hasOwn(root, key));
  if (wrappers.length === 0) return { root: mapped(root, "$schema"), entries };
  const out: Record<string, unknown> = Object.create(null);
  for (const [key, value] of Object.entries(root)) {
    out[key] = (WRAPPERS as readonly string[]).includes(key) && isObject(value) ? mapped(value) : value;
  }
  return { root: out, entries };
}

/** Relative `cwd` and `envFile` made absolute against the file's directory, as the core would. */
function withAbsolutePaths(entry: unknown, baseDir: string): unknown {
  if (!isObject(entry)) return entry;
  const absolute = { ...entry };
  for (const key of ["cwd", "envFile"]) {
    const value = absolute[key];
    if (typeof value === "string" && value !== "") absolute[key] = resolve(baseDir, value);
  }
  return absolute;
}

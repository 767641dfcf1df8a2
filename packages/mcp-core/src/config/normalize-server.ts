/**
 * One server entry of any dialect → a normalized `ServerConfig`, or the problems that prevent it.
 * @module
 */
import { resolve } from "node:path";
import type { ResolvedRoot } from "../roots/root.js";
import { resolveRoots } from "../roots/root-uri.js";
import type { ConfigIssue } from "./config-issue.js";
import { describeConfigValue, isPlainObject } from "./describe-value.js";
import { plainEntry } from "./plain-entry.js";
import { resolveTransport, type Transport } from "./resolve-transport.js";
import type { PerTenant, ServerConfig, ServerConfigBase } from "./server-config.js";
import { SERVER_ENTRY_DEFAULTS } from "./server-entry-defaults.js";
import { ONE_PASS, type ServerEntry, serverEntrySchema } from "./server-entry-schema.js";
import { splitTools } from "./tool-selection-schema.js";
import { typoIssues, unknownKeys, unknownKeysWarning } from "./unknown-keys.js";
import { zodIssuesToConfigIssues } from "./zod-issues.js";

/** The outcome for one entry: a config when there are no issues, and at most one warning. */
export interface NormalizedServer {
  config?: ServerConfig;
  issues: ConfigIssue[];
  /**
   * `MCP server "x": ignoring unknown keys "argz" (did you mean "args"?), "b"` when the entry has keys
   * no dialect defines.
   */
  warning?: string;
}

/**
 * Validates and normalizes one entry. All of its problems are returned together.
 * @param baseDir directory that relative `cwd` and `envFile` resolve against
 */
export function normalizeServer(name: string, entry: unknown, baseDir: string): NormalizedServer {
  if (!isPlainObject(entry)) {
    return { issues: [{ server: name, problem: `expected an object, got ${describeConfigValue(entry)}` }] };
  }
  // A plain entry skips the schema; any other (every mistake included) gets its verdict and words.
  const plain = plainEntry(entry);
  const parsed = plain
    ? { success: true as const, data: plain }
    : serverEntrySchema.safeParse(entry, ONE_PASS);
  const issues = parsed.success ? [] : zodIssuesToConfigIssues(name, parsed.error.issues, entry);
  const resolved = resolveTransport(name, entry);
  issues.push(...resolved.issues);
  if (resolved.transport === "stdio" && entry.auth !== undefined) {
    issues.push({
      server: name,
      path: ["auth"],
      problem: "expected no auth on a local (stdio) server, got auth (it is for remote servers)",
    });
  }
  const unknown = unknownKeys(entry);
  // A likely typo in an entry that fails anyway is named first: it is usually the cause.
  if (issues.length > 0) issues.unshift(...typoIssues(name, unknown));
  const result: NormalizedServer = { issues };
  if (unknown.length > 0) result.warning = unknownKeysWarning(name, unknown);
  if (parsed.success && resolved.transport !== undefined && issues.length === 0) {
    result.config = build(name, parsed.data, resolved.transport, baseDir);
  }
  return result;
}

/** `perTenant` with its defaults filled in. */
function resolvePerTenant(given: NonNullable<ServerEntry["perTenant"]>): PerTenant {
  const defaults = SERVER_ENTRY_DEFAULTS.perTenant;
  return {
    maxInstances: given.maxInstances ?? defaults.maxInstances,
    idleTimeoutMs: given.idleTimeoutMs ?? defaults.idleTimeoutMs,
  };
}

/** The entry's roots as `file:` URIs, resolved as the load's are (the schema refused the rest). */
function ownRoots(roots: NonNullable<ServerEntry["roots"]>, baseDir: string): ResolvedRoot[] {
  const resolved = resolveRoots(roots, baseDir);
  if ("roots" in resolved) return resolved.roots;
  throw new Error(`roots: ${resolved.problem} (the schema should have refused it)`);
}

function build(name: string, data: ServerEntry, transport: Transport, baseDir: string): ServerConfig {
  const base: ServerConfigBase = {
    name,
    enabled: data.enabled !== false && data.disabled !== true,
    timeoutMs: data.timeout ?? SERVER_ENTRY_DEFAULTS.timeout,
    protocol: data.protocol ?? SERVER_ENTRY_DEFAULTS.protocol,
  };
  if (data.lazy !== undefined) base.lazy = data.lazy;
  if (data.idleTimeoutMs !== undefined) base.idleTimeoutMs = data.idleTimeoutMs;
  if (data.perTenant !== undefined) base.perTenant = resolvePerTenant(data.perTenant);
  if (data.autoRestart !== undefined) base.autoRestart = data.autoRestart;
  if (data.healthCheck !== undefined) base.healthCheck = data.healthCheck;
  if (data.liveToolList !== undefined) base.liveToolList = data.liveToolList;
  if (data.defer !== undefined) base.defer = data.defer;
  if (data.maxDescriptionChars !== undefined) base.maxDescriptionChars = data.maxDescriptionChars;
  if (data.maxInstructionsChars !== undefined) base.maxInstructionsChars = data.maxInstructionsChars;
  if (data.drift !== undefined) base.drift = data.drift;
  if (data.allowSampling !== undefined) base.allowSampling = data.allowSampling;
  if (data.tools !== undefined) {
    const { map, include, exclude } = splitTools(data.tools);
    if (map !== undefined) base.tools = map;
    if (include !== undefined) base.toolsInclude = include;
    if (exclude !== undefined) base.toolsExclude = exclude;
  }
  if (data.toolFilter !== undefined) base.toolFilter = data.toolFilter;
  if (data.toolTimeouts !== undefined) base.toolTimeouts = { ...data.toolTimeouts };
  if (data.resultBudget !== undefined) base.resultBudget = structuredClone(data.resultBudget);
  if (data.roots !== undefined) base.roots = ownRoots(data.roots, baseDir);
  if (data.taskTools !== undefined) {
    base.taskTools = [...data.taskTools];
  }

  if (transport !== "stdio") {
    // resolveTransport only picks a remote transport when `url` is a valid http(s) URL.
    const config: ServerConfig = { ...base, transport, url: data.url ?? "" };
    if (data.headers !== undefined) {
      config.headers = typeof data.headers === "function" ? data.headers : { ...data.headers };
    }
    if (data.auth !== undefined) config.auth = data.auth;
    return config;
  }
  // An array command is argv: its head is the command and its tail goes before `args`.
  const argv = typeof data.command === "string" ? [data.command] : (data.command ?? []);
  const [command = "", ...leadingArgs] = argv;
  const config: ServerConfig = {
    ...base,
    transport,
    command,
    args: [...leadingArgs, ...(data.args ?? [])],
    env: { ...data.environment, ...data.env },
  };
  if (data.envFile !== undefined) config.envFile = resolve(baseDir, data.envFile);
  if (data.cwd !== undefined) config.cwd = resolve(baseDir, data.cwd);
  if (data.inheritEnv !== undefined) {
    config.inheritEnv = data.inheritEnv === "all" ? "all" : [...data.inheritEnv];
  }
  return config;
}

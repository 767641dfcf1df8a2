/**
 * The least-privilege environment of a stdio child, as a pure function (no spawning here).
 * @module
 */
import type { EnvEntry } from "../server-state-types.js";
import { envNameKey } from "./env-name-key.js";
import { expandVars } from "./expand-vars.js";
import { compileInheritRule, type InheritEnv, inheritOrigin } from "./inherit-rule.js";

/** What {@link scopedEnv} needs to know about one stdio server. */
export interface ScopedEnvInput {
  /** The server's name, used in error messages. */
  server: string;
  /** The parent's environment (usually `process.env`); undefined values count as unset. */
  parentEnv: Record<string, string | undefined>;
  /** The resolved setting: the server's own, else the load option's default. */
  inheritEnv: InheritEnv;
  /** Explicit env from the config, values unexpanded (`${VAR}` refers to `parentEnv`). */
  env: Record<string, string>;
  /** Entries of the server's `envFile`, already parsed; taken as they are (not expanded). */
  envFileEntries?: Record<string, string> | undefined;
  /** The platform the child runs on. @default process.platform */
  platform?: NodeJS.Platform | undefined;
  /** Expand `${VAR}` in explicit env values; false passes them literally (toolnexus). @default true */
  expandReferences?: boolean | undefined;
  /**
   * A tenant's values for names the explicit `env` declares (`tenantEnv`), taken literally: a
   * tenant's value never expands `${VAR}` from the parent. Other names are ignored (checked before).
   */
  tenantEnv?: Readonly<Record<string, string>> | undefined;
}

/** The child's environment and, names only, where each entry came from. */
export interface ScopedEnv {
  env: Record<string, string>;
  /** Sorted by name (UTF-16 code units); safe to log, holds no values. */
  entries: EnvEntry[];
}

interface Chosen {
  name: string;
  value: string;
  origin: EnvEntry["origin"];
}

/**
 * Builds the env a stdio child receives. Layers, later wins: inherited names (`"all"`: the whole parent,
 * unscrubbed; a list: the safe base, exact names, and scrubbed glob matches), then `envFileEntries`, then
 * explicit `env` with `${VAR}` expanded from the parent. On `win32` names compare case-insensitively and
 * a later layer replaces an earlier spelling. Deterministic for equal input.
 * @param input The server, parent env, resolved `inheritEnv`, explicit env and envFile entries.
 * @returns The env and its entries.
 * @throws {McpCoreError} `ENV_INVALID` when an explicit value references an unset `${VAR}`.
 */
export function scopedEnv(input: ScopedEnvInput): ScopedEnv {
  const platform = input.platform ?? process.platform;
  const chosen = new Map<string, Chosen>();
  const put = (entry: Chosen) => chosen.set(envNameKey(entry.name, platform), entry);

  const parentNames = Object.keys(input.parentEnv)
    .filter((name) => typeof input.parentEnv[name] === "string")
    .sort(byCodeUnits);
  const rule = input.inheritEnv === "all" ? undefined : compileInheritRule(input.inheritEnv, platform);
  for (const name of parentNames) {
    // Sorted order + first-wins keeps a parent that spells one name twice (win32) deterministic.
    if (chosen.has(envNameKey(name, platform))) continue;
    const value = input.parentEnv[name] as string;
    const origin = rule === undefined ? "inherited" : inheritOrigin(name, value, rule);
    if (origin !== undefined) put({ name, value, origin });
  }

  for (const [name, value] of Object.entries(input.envFileEntries ?? {}))
    put({ name, value, origin: "envFile" });

  const lookup = platform === "win32" ? caseInsensitiveView(input.parentEnv, parentNames) : input.parentEnv;
  const tenantEnv = input.tenantEnv;
  for (const [name, raw] of Object.entries(input.env)) {
    if (tenantEnv !== undefined && Object.hasOwn(tenantEnv, name)) {
      put({ name, value: tenantEnv[name] as string, origin: "tenant" });
      continue;
    }
    const value =
      input.expandReferences === false
        ? raw
        : expandVars(raw, lookup, "error", { server: input.server, field: `env.${name}` });
    put({ name, value, origin: "explicit" });
  }

  const final = [...chosen.values()].sort((a, b) => byCodeUnits(a.name, b.name));
  return {
    env: Object.fromEntries(final.map((entry) => [entry.name, entry.value])),
    entries: final.map(({ name, origin }) => ({ name, origin })),
  };
}

function byCodeUnits(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** A read view of `env` where `${Path}` finds `PATH`, as Windows itself would. */
function caseInsensitiveView(
  env: Record<string, string | undefined>,
  sortedNames: readonly string[],
): Record<string, string | undefined> {
  const folded = new Map<string, string>();
  for (const name of sortedNames) {
    const key = name.toUpperCase();
    if (!folded.has(key)) folded.set(key, env[name] as string);
  }
  return new Proxy({} as Record<string, string | undefined>, {
    get: (_target, property) =>
      typeof property === "string" ? folded.get(property.toUpperCase()) : undefined,
  });
}

/**
 * What a server is launched with: the scoped child env (stdio) and the per-request headers
 * (remote). Resolved at every start, so a changed parent env or envFile applies on restart.
 * @module
 */
import type { HttpServerConfig, InheritEnv, ServerConfig } from "../config/server-config.js";
import { parseEnvFile } from "../env/env-file.js";
import { expandVars } from "../env/expand-vars.js";
import { scopedEnv } from "../env/scoped-env.js";
import type { EnvEntry } from "../types.js";

export interface LaunchEnvOptions {
  parentEnv: Record<string, string | undefined>;
  defaultInheritEnv: InheritEnv;
  missingHeaderVar: "error" | "empty";
  expandEnvReferences: boolean;
  /** A `perTenant` instance's values for names its `env` declares (`tenantEnv`), taken literally. */
  tenantEnv?: Readonly<Record<string, string>> | undefined;
  /** The tenant a `perTenant` instance is launched for (what its messages tell the host to name). */
  tenant?: string | undefined;
}

/** The child env of a stdio server and the names it holds (never values, for snapshots). */
export async function childEnvironment(
  config: ServerConfig,
  options: LaunchEnvOptions,
): Promise<{ env: Record<string, string>; entries: EnvEntry[] }> {
  if (config.transport !== "stdio") return { env: {}, entries: [] };
  const envFileEntries = config.envFile ? await parseEnvFile(config.envFile, config.name) : undefined;
  return scopedEnv({
    server: config.name,
    parentEnv: options.parentEnv,
    inheritEnv: config.inheritEnv ?? options.defaultInheritEnv,
    env: config.env,
    expandReferences: options.expandEnvReferences,
    envFileEntries,
    tenantEnv: options.tenantEnv,
  });
}

/** A function resolving a remote server's headers for one request, `${VAR}` expanded. */
export function requestHeaders(
  config: ServerConfig,
  options: LaunchEnvOptions,
): () => Promise<Record<string, string>> {
  const headers = (config as HttpServerConfig).headers;
  return async () => {
    const raw = typeof headers === "function" ? await headers() : (headers ?? {});
    const resolved: Record<string, string> = {};
    for (const [name, value] of Object.entries(raw)) {
      const expanded = expandVars(value, options.parentEnv, options.missingHeaderVar, {
        server: config.name,
        field: `headers.${name}`,
      });
      // An own property even for a name like `__proto__` (an assignment would set the prototype).
      Object.defineProperty(resolved, name, {
        value: expanded,
        enumerable: true,
        writable: true,
        configurable: true,
      });
    }
    return resolved;
  };
}

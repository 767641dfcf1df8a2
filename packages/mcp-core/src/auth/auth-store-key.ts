/**
 * `authStoreKey`: the token store key of one configured server, the same one its connection uses,
 * for tools that manage stored credentials (a CLI's `logout`).
 * @module
 */
import type { ServerConfig } from "../config/server-config.js";
import { tenantProblem } from "../config/tenant-name.js";
import { McpCoreError } from "../errors.js";
import { authEntryKey, clientKeyOf } from "./auth-entry-key.js";
import { expandedAuth } from "./expand-auth.js";

/** Options of {@link authStoreKey}. */
export interface AuthStoreKeyOptions {
  /**
   * Where `${VAR}` in the server's `auth` is looked up: give the `env` the source was loaded with.
   * @default process.env
   */
  env?: Record<string, string | undefined> | undefined;
  /** A `perTenant` server's tenant: the key of that tenant's credentials. @default none (the server's own) */
  tenant?: string | undefined;
}

/**
 * The key under which the library keeps a remote server's OAuth credentials in the token store:
 * `<canonical configured URL> <client>` (and ` tenant:"<tenant>"` for a tenant's), where the client is `auth.clientId` (`client_credentials`,
 * `enterprise_managed`, `workload_identity`),
 * else `auth.clientMetadataUrl`, else `auth.clientId`, else `dynamic` (`${VAR}` expanded as the
 * connection expands it). It needs no network: the authorization server is checked against what
 * the entry holds, not looked up for the key.
 *
 * @param server  A server entry from `parseConfig` (a remote server with library-run `auth`).
 * @throws {McpCoreError} `CONFIG_INVALID` for a server without such `auth` (a stdio server, none,
 *   or the host's own provider, which stores its own credentials, or a `tenant` that names none);
 *   `ENV_INVALID` naming
 *   `auth.<field>` when a variable it references is not set.
 * @example
 * ```ts
 * const { servers } = await parseConfig("mcp.json");
 * await fileTokenStore().delete(authStoreKey(servers.find((s) => s.name === "linear")!));
 * ```
 */
export function authStoreKey(server: ServerConfig, options: AuthStoreKeyOptions = {}): string {
  const env = options.env ?? process.env;
  if (server.transport === "stdio" || server.auth === undefined) {
    throw new McpCoreError(
      "CONFIG_INVALID",
      `MCP server "${server.name}": has no "auth": nothing is kept in the token store for it`,
      { server: server.name },
    );
  }
  const auth = expandedAuth(server.name, server.auth, env);
  if (auth.type === "provider") {
    throw new McpCoreError(
      "CONFIG_INVALID",
      `MCP server "${server.name}": its auth is the host's own OAuth provider, which keeps its own credentials`,
      { server: server.name },
    );
  }
  const problem = tenantProblem(options.tenant);
  if (problem !== undefined) {
    throw new McpCoreError("CONFIG_INVALID", `MCP server "${server.name}": ${problem}`, {
      server: server.name,
    });
  }
  return authEntryKey(server.url, clientKeyOf(auth), options.tenant);
}

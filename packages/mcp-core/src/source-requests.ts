/**
 * A server addressed by its name through the source (`mcp-source.ts`): which connection the name
 * means, and the requests a host sends one server that way (a resource read, a prompt get), each
 * refused the same way before anything is sent — a closed source, an unknown or disabled server, a
 * timeout no timer can wait.
 * @module
 */
import { tenantProblem } from "./config/tenant-name.js";
import type { Connection } from "./connection/connection.js";
import { McpCoreError } from "./errors.js";
import type { KeptResults, ReadResultOptions } from "./results/kept-results.js";
import type { SourceParts } from "./source-parts.js";
import { errorResult } from "./tools/call-result.js";
import { callContextProblem } from "./tools/call-timeout.js";
import type {
  ConnectionState,
  McpCallContext,
  McpPromptResult,
  McpRequestError,
  McpResourceResult,
} from "./types.js";

/**
 * The servers a lookup reads: every configured one, the connections of the enabled ones, and the
 * tenant instances of the `perTenant` ones.
 */
export type SourceServers = Pick<SourceParts, "configs" | "connections" | "tenants">;

/** What every method but `close()` answers once the source is closing or closed. */
export const sourceClosed = (): McpCoreError => new McpCoreError("CLOSED", "MCP source is closed");

function unknownServer(server: string): McpCoreError {
  return new McpCoreError("SERVER_UNKNOWN", `No MCP server named "${server}" is configured`, { server });
}

/** The connection of an enabled server; `SERVER_UNKNOWN` for one not configured or disabled. */
export function serverConnection(servers: SourceServers, server: string): Connection {
  const connection = servers.connections.get(server);
  if (connection) return connection;
  if (!servers.configs.some((c) => c.name === server)) throw unknownServer(server);
  throw new McpCoreError("SERVER_UNKNOWN", `MCP server "${server}" is disabled in the config`, { server });
}

/**
 * A tenant's instance of a `perTenant` server (made when it has none); `CONFIG_INVALID` for a tenant
 * that names none or a server that is not `perTenant`, `TENANTS_BUSY` past its bound.
 */
export async function tenantInstance(
  servers: SourceServers,
  server: string,
  tenant: string,
): Promise<Connection> {
  serverConnection(servers, server);
  const problem = tenantProblem(tenant);
  const instances = servers.tenants.get(server);
  if (problem !== undefined || instances === undefined) {
    const why = problem ?? `the server is not "perTenant": it has no instance per tenant`;
    throw new McpCoreError("CONFIG_INVALID", `MCP server "${server}": ${why}`, { server });
  }
  return instances.connection(tenant);
}

/** A server's state: a disabled one is `stopped`; `SERVER_UNKNOWN` for one not configured. */
export function serverState(servers: SourceServers, server: string): ConnectionState {
  const connection = servers.connections.get(server);
  if (connection) return connection.state;
  if (servers.configs.some((c) => c.name === server)) return "stopped";
  throw unknownServer(server);
}

/**
 * Why a request to `server` cannot even be tried: a timeout no timer can wait or a tenant that
 * names none (as `execute` refuses them), a closed source, an unknown or disabled server. `what` names the request in the
 * message, e.g. `resource "file:///a"`.
 */
function requestRefusal(
  servers: SourceServers,
  closed: boolean,
  server: string,
  ctx: McpCallContext | undefined,
  what: string,
): McpRequestError | undefined {
  const problem = callContextProblem(ctx) ?? tenantProblem(ctx?.tenant);
  if (problem !== undefined) {
    const message = `Call to ${what} on MCP server "${server}" was not sent: ${problem}`;
    return errorResult("protocol", "PROTOCOL_ERROR", message, problem).error;
  }
  try {
    if (closed) throw sourceClosed();
    serverConnection(servers, server);
    return undefined;
  } catch (error) {
    const { code, message } = error as McpCoreError;
    return errorResult("unavailable", code, message).error;
  }
}

/** `resources/read` on one server; a refusal or a failure is an error result, never a rejection. */
export async function readServerResource(
  servers: SourceServers,
  closed: boolean,
  server: string,
  uri: string,
  ctx: McpCallContext | undefined,
): Promise<McpResourceResult> {
  const refused = requestRefusal(servers, closed, server, ctx, `resource "${uri.slice(0, 200)}"`);
  if (refused) return { contents: [], isError: true, error: refused };
  return onInstance(
    servers,
    server,
    ctx,
    (c) => c.readResource(uri, ctx),
    (error) => ({
      contents: [],
      isError: true,
      error,
    }),
  );
}

/** `prompts/get` on one server; a refusal or a failure is an error result, never a rejection. */
export async function getServerPrompt(
  servers: SourceServers,
  closed: boolean,
  server: string,
  name: string,
  args: Record<string, string> | undefined,
  ctx: McpCallContext | undefined,
): Promise<McpPromptResult> {
  const refused = requestRefusal(servers, closed, server, ctx, `prompt "${name.slice(0, 200)}"`);
  if (refused) return { messages: [], isError: true, error: refused };
  return onInstance(
    servers,
    server,
    ctx,
    (c) => c.getPrompt(name, args, ctx),
    (error) => ({
      messages: [],
      isError: true,
      error,
    }),
  );
}

/**
 * A request on the connection it is for: with a `tenant`, a `perTenant` server's instance of that
 * tenant (SPEC §23.3); else the server's own. No instance (past the bound, the tenant's env refused,
 * the source closing) is the request's error, never a rejection.
 */
async function onInstance<T>(
  servers: SourceServers,
  server: string,
  ctx: McpCallContext | undefined,
  run: (connection: Connection) => Promise<T>,
  failed: (error: McpRequestError) => T,
): Promise<T> {
  const tenant = ctx?.tenant;
  const instances = tenant === undefined ? undefined : servers.tenants.get(server);
  if (tenant === undefined || instances === undefined) return run(serverConnection(servers, server));
  try {
    return await instances.use(tenant, run);
  } catch (error) {
    const { code, message } = error as McpCoreError;
    return failed(errorResult("unavailable", code, message).error as McpRequestError);
  }
}

/** A kept result's slice (`source.readResult`): a sentence for the model, never a throw. */
export async function readKeptResult(
  kept: KeptResults | undefined,
  closed: boolean,
  handle: string,
  options: ReadResultOptions | undefined,
): Promise<string> {
  if (typeof handle !== "string") return "[The handle must be a string.]";
  if (closed) return "[The kept results are gone: the MCP source is closed.]";
  if (kept === undefined)
    return "[No result is kept: the result budget is off (resultBudget: { enabled: false }).]";
  return kept.read(handle, options);
}

/**
 * A server's public view: its toolnexus-compatible status and its snapshot, read from its
 * connection (absent for a disabled server). Never an env or header value.
 * @module
 */
import type { ServerConfig } from "./config/server-config.js";
import type { Connection } from "./connection/connection.js";
import type { McpStatus, ServerSnapshot } from "./server-state-types.js";

/** `disabled` without a connection, `needs-auth`, `failed` while in `error`, else `connected`. */
export function statusOf(connection: Connection | undefined): McpStatus {
  if (!connection) return "disabled";
  if (connection.state === "needs-auth") return "needs-auth";
  return connection.state === "error" ? "failed" : "connected";
}

/** The snapshot of one configured server; optional fields only when they have a value. */
export function serverSnapshot(
  config: ServerConfig,
  connection: Connection | undefined,
  toolCount: number,
  maxInstructionsChars?: number,
  tenantInstances?: number,
): ServerSnapshot {
  const snapshot: ServerSnapshot = {
    name: config.name,
    transport: config.transport,
    state: connection?.state ?? "stopped",
    status: statusOf(connection),
    toolCount,
    lazy: connection?.lazy ?? false,
    restarts: connection?.restarts ?? 0,
  };
  if (config.defer !== undefined) snapshot.defer = config.defer;
  if (tenantInstances !== undefined) snapshot.tenantInstances = tenantInstances;
  if (!connection) return snapshot;
  // Beside the instructions it bounds: what `instructionsPrompt` gives the model of them.
  if (connection.instructions !== undefined && maxInstructionsChars !== undefined)
    snapshot.maxInstructionsChars = maxInstructionsChars;
  const optional = {
    pid: connection.pid,
    uptimeMs: connection.uptimeMs,
    lastError: connection.lastError?.message,
    stderrTail: connection.stderrTail || undefined,
    protocolVersion: connection.protocolVersion,
    transportUsed: connection.transportUsed,
    authorizationUrl: connection.authorizationUrl,
    toolListUpdates: connection.toolListUpdates,
    env: connection.envEntries,
    instructions: connection.instructions,
  };
  for (const [key, value] of Object.entries(optional)) {
    if (value !== undefined) (snapshot as unknown as Record<string, unknown>)[key] = value;
  }
  return snapshot;
}

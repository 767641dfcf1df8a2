/**
 * The MCP client of one session: its era negotiation from the server's `protocol` setting, and the
 * handlers both eras share (elicitation arrives as a server request on the 2025 era and inside an
 * `input_required` result on the 2026 era; the client routes both to the same handler).
 * @module
 */
import type { Client } from "@modelcontextprotocol/client";
import { TaskingClient } from "../client-tasks/tasking-client.js";
import { isModernVersion, type ProtocolSetting } from "../config/protocol-setting.js";
import { clientCapabilities, installClientHandlers } from "./client-handlers.js";
import type { CatalogEvent, ClientHandlers } from "./session-callbacks.js";

const CLIENT_INFO = { name: "toolnexus-mcp", version: "0.1.0" };

/**
 * The longest a stdio probe waits before taking silence for a 2025-era server that ignores unknown
 * methods (the client's default is 60 s). HTTP silence is an outage, so there the probe gets the
 * whole connect timeout.
 */
export const STDIO_PROBE_TIMEOUT_MS = 10_000;

/** What the client needs to know to build one session's client. */
export interface ClientSetup {
  protocol: ProtocolSetting;
  transport: "stdio" | "http" | "sse";
  timeoutMs: number;
  /** What the server may ask of the client (elicitation, …), bound to this server. */
  clientHandlers: ClientHandlers;
  /** Aborts when the session ends (lost or closed): a URL elicitation's completion wait ends. */
  sessionEnded?: AbortSignal | undefined;
  onListChanged: (() => void) | undefined;
  /** Receives every `notifications/message` params object (server logs). */
  onLogMessage?: ((params: unknown) => void) | undefined;
  onCatalogEvent?: ((event: CatalogEvent) => void) | undefined;
}

/** A new client for one connect (a client holds one connection's state). */
export function newSessionClient(setup: ClientSetup): Client {
  const client = new TaskingClient(CLIENT_INFO, {
    capabilities: clientCapabilities(setup.clientHandlers),
    ...negotiation(setup),
  });
  installClientHandlers(client, setup.clientHandlers, setup.sessionEnded);
  const { onListChanged } = setup;
  if (onListChanged) client.setNotificationHandler("notifications/tools/list_changed", () => onListChanged());
  const { onLogMessage } = setup;
  if (onLogMessage) client.setNotificationHandler("notifications/message", (n) => onLogMessage(n.params));
  const onCatalog = setup.onCatalogEvent;
  if (onCatalog) {
    client.setNotificationHandler("notifications/resources/list_changed", () =>
      onCatalog({ type: "resources-changed" }),
    );
    client.setNotificationHandler("notifications/prompts/list_changed", () =>
      onCatalog({ type: "prompts-changed" }),
    );
    client.setNotificationHandler("notifications/resources/updated", (notification) =>
      onCatalog({ type: "resource-updated", uri: notification.params.uri }),
    );
  }
  return client;
}

function negotiation(setup: ClientSetup) {
  const { protocol } = setup;
  if (protocol === "auto") {
    const timeoutMs =
      setup.transport === "stdio" ? Math.min(setup.timeoutMs, STDIO_PROBE_TIMEOUT_MS) : setup.timeoutMs;
    // Legacy SSE has no probe: its endpoint only speaks the 2025 era.
    if (setup.transport === "sse") return { versionNegotiation: { mode: "legacy" as const } };
    return { versionNegotiation: { mode: "auto" as const, probe: { timeoutMs } } };
  }
  // A pin still probes (server/discover, never falling back): it may take the whole timeout.
  if (isModernVersion(protocol)) {
    return { versionNegotiation: { mode: { pin: protocol }, probe: { timeoutMs: setup.timeoutMs } } };
  }
  // A 2025-era pin: initialize offering exactly this version.
  return { versionNegotiation: { mode: "legacy" as const }, supportedProtocolVersions: [protocol] };
}

/**
 * One tenant's instance of a `perTenant` server (SPEC §23.3): a connection built from the server's
 * own config and deps, changed only where a tenant's instance differs — its env values, its token,
 * its state events (tagged with the tenant), its idle stop, and nothing it lists reaching the host's
 * tool set, listing cache or pins.
 * @module
 */
import type { ServerConfig } from "../config/server-config.js";
import type { TenantEnv } from "../options.js";
import type { ToolRegistry } from "../tools/tool-registry.js";
import { Connection } from "./connection.js";
import type { ConnectionDeps } from "./connection-deps.js";
import { TenantInstances } from "./tenant-instances.js";

/**
 * The tenant instances of a `perTenant` server: each one made by `tenantConnection` from the
 * server's config and deps, with a registry of its own.
 */
export function serverTenants(
  config: ServerConfig,
  settings: NonNullable<ServerConfig["perTenant"]>,
  deps: ConnectionDeps,
  tenantEnv: TenantEnv | undefined,
  shared: () => Connection,
  newRegistry: (server: string) => ToolRegistry,
): TenantInstances {
  return new TenantInstances({
    server: config.name,
    settings,
    // An env is a child's: a remote server's instances never ask for one.
    tenantEnv: config.transport === "stdio" ? tenantEnv : undefined,
    declared: config.transport === "stdio" ? Object.keys(config.env) : [],
    shared: () => shared().site,
    make: (tenant, env, onIdle) =>
      tenantConnection(config, deps, {
        tenant,
        tenantEnv: env,
        registry: newRegistry(config.name),
        onIdle,
        shared: shared(),
      }),
  });
}

/** What makes an instance a tenant's. */
export interface TenantInstanceSpec {
  tenant: string;
  /** The tenant's values for names the server's `env` declares (`tenantEnv`), checked. */
  tenantEnv: Readonly<Record<string, string>> | undefined;
  /** Where the instance's listings go: a registry of its own, never the host's tool set. */
  registry: ToolRegistry;
  /** The instance was stopped for idleness: it is to be closed and forgotten. */
  onIdle: () => void;
  /** The server's own connection: while it does not run, a tenant's listing is the server's tools. */
  shared: Connection;
}

const MUTED_CATALOG: ConnectionDeps["catalogEvents"] = {
  resourcesChanged: () => {},
  promptsChanged: () => {},
  resourceUpdated: () => {},
};

/** A tenant's instance of `config`'s server, not started: it starts on the tenant's first call. */
export function tenantConnection(
  config: ServerConfig,
  deps: ConnectionDeps,
  spec: TenantInstanceSpec,
): Connection {
  const own: ServerConfig = { ...config, lazy: true };
  if (config.perTenant) own.idleTimeoutMs = config.perTenant.idleTimeoutMs;
  return new Connection(own, {
    ...deps,
    registry: spec.registry,
    // The server's own connection holds the pins; what a tenant may call is what they let through.
    pins: undefined,
    lazy: true,
    // An early child was spawned with the server's env, not the tenant's.
    child: { ...deps.child, adopt: undefined },
    // A stored task could not tell whose it was when resumed: a tenant's tasks are not kept.
    taskStore: undefined,
    launch: { ...deps.launch, tenantEnv: spec.tenantEnv, tenant: spec.tenant },
    tenant: spec.tenant,
    tenants: undefined,
    onState: (server, state, info) => {
      deps.onState(server, state, { ...info, tenant: spec.tenant });
      if (state === "stopped" && info.reason === "idle") spec.onIdle();
    },
    // What the instance logs and writes to stderr says whose it is.
    output: {
      ...deps.output,
      onLog: (server, message) => deps.output.onLog(server, { ...message, tenant: spec.tenant }),
      onStderr: (server, line) => deps.output.onStderr(server, line, { tenant: spec.tenant }),
    },
    // The server's own connection keeps the listing (and its cache) and the catalog the host sees.
    // One whose own session cannot list (a server every user signs in to) learns its tools from
    // the first tenant that can, as a lazy server learns them from a discovery.
    onListing: (tools) => {
      if (spec.shared.state !== "running") spec.shared.listing.offer(tools, "discovery");
    },
    onCatalog: undefined,
    catalogEvents: MUTED_CATALOG,
  });
}

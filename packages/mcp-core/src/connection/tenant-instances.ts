/**
 * A `perTenant` server's instances (SPEC §23.3): one connection per tenant, made on the tenant's
 * first call (or `start`/`authorize` naming it), closed after `perTenant.idleTimeoutMs` without a
 * call, at most `perTenant.maxInstances` at once. The server's own connection keeps its listing, its
 * pins and the calls without a tenant; an instance answers a tenant's calls only, so a child, a
 * session and a token never serve two tenants.
 * @module
 */
import type { CallSite, TenantRouter, TenantSite } from "../calls/call-site.js";
import type { PerTenant } from "../config/server-config.js";
import { errorMessage, McpCoreError } from "../errors.js";
import { errorResult } from "../tools/call-result.js";
import type { McpToolResult } from "../types.js";
import type { Connection } from "./connection.js";

/** Makes one tenant's instance (not started): the server's config with the tenant's env values. */
export type TenantInstanceFactory = (
  tenant: string,
  tenantEnv: Readonly<Record<string, string>> | undefined,
  /** The instance stopped for idleness: it is to be closed and forgotten. */
  onIdle: () => void,
) => Connection;

/** What the instances read of the host and of the server's own connection. */
export interface TenantInstancesParams {
  server: string;
  settings: PerTenant;
  /** The host's `tenantEnv` for this server, or undefined: the explicit env as configured. */
  tenantEnv: ((server: string, tenant: string) => unknown) | undefined;
  /** Names the server's explicit `env` declares: the only names a tenant may give values for. */
  declared: readonly string[];
  make: TenantInstanceFactory;
  /** The server's own call site: what it offers and holds is what every instance offers. */
  shared: () => CallSite;
}

interface Instance {
  connection: Connection;
  site: CallSite;
  /**
   * The call the instance was made for is counted on it from the moment it exists (so no other
   * tenant's arrival closes it before that call starts); the first caller takes that count over.
   */
  madeFor: boolean;
}

/** One `perTenant` server's tenant instances. */
export class TenantInstances implements TenantRouter {
  /** Least recently used first: a use moves an instance to the end. */
  private readonly instances = new Map<string, Instance>();
  private readonly making = new Map<string, Promise<Instance>>();
  private readonly closing = new Set<Promise<void>>();
  private closed = false;

  constructor(private readonly params: TenantInstancesParams) {}

  /** How many tenant instances exist now. */
  get size(): number {
    return this.instances.size;
  }

  /**
   * The tenant's call site: at once when its instance exists, else once it is made. The call is
   * counted on the instance's idle timer from here (`TenantSite`): an instance with a call on its
   * way is never closed to make room.
   */
  siteFor(tenant: string): TenantSite | Promise<TenantSite> {
    const known = this.touch(tenant);
    if (known !== undefined) return { site: this.claim(known) };
    return this.instance(tenant).then(
      (made) => ({ site: this.claim(made) }),
      (error: unknown) => ({ failed: this.failure(tenant, error) }),
    );
  }

  /** The tenant's instance, made when it has none (rejects past the bound or for bad env values). */
  async connection(tenant: string): Promise<Connection> {
    const made = await this.instance(tenant);
    // Made for no call: the count it was made with is let go.
    if (made.madeFor) {
      made.madeFor = false;
      made.connection.idle.callEnded();
    }
    return made.connection;
  }

  /**
   * `run` (a resource read, a prompt get) on the tenant's instance, made when it has none, counted
   * as a call on it while it runs. Rejects as `connection` does when there can be no instance.
   */
  async use<T>(tenant: string, run: (connection: Connection) => Promise<T>): Promise<T> {
    const instance = this.touch(tenant) ?? (await this.instance(tenant));
    this.claim(instance);
    try {
      return await run(instance.connection);
    } finally {
      instance.connection.idle.callEnded();
    }
  }

  /** Counts one call on `instance`, taking over the count it was made with when there is one. */
  private claim(instance: Instance): CallSite {
    if (instance.madeFor) instance.madeFor = false;
    else instance.connection.idle.callStarted();
    return instance.site;
  }

  /** Closes every instance; none is made after. */
  async close(): Promise<void> {
    this.closed = true;
    await Promise.allSettled(this.making.values());
    const all = [...this.instances.values()];
    this.instances.clear();
    await Promise.allSettled([...all.map((i) => i.connection.close()), ...this.closing]);
  }

  private touch(tenant: string): Instance | undefined {
    const known = this.instances.get(tenant);
    if (known === undefined) return undefined;
    this.instances.delete(tenant);
    this.instances.set(tenant, known);
    return known;
  }

  private instance(tenant: string): Promise<Instance> {
    const known = this.touch(tenant);
    if (known !== undefined) return Promise.resolve(known);
    let made = this.making.get(tenant);
    if (made === undefined) {
      made = this.make(tenant).finally(() => this.making.delete(tenant));
      this.making.set(tenant, made);
    }
    return made;
  }

  private async make(tenant: string): Promise<Instance> {
    const env = await this.envOf(tenant);
    if (this.closed) throw this.closedError();
    this.makeRoom(tenant);
    const connection = this.params.make(tenant, env, () => this.forget(tenant, connection));
    const shared = this.params.shared();
    // What the tenant may call is what the host sees: the server's own listing and its pins.
    const site: CallSite = { ...connection.site, offers: shared.offers };
    if (shared.held) site.held = shared.held;
    const instance = { connection, site, madeFor: true };
    this.instances.set(tenant, instance);
    // Counted now, in the same turn it joins the instances: see `Instance.madeFor`.
    connection.idle.callStarted();
    return instance;
  }

  /** Past the bound, the least recently used instance with no call in flight is closed. */
  private makeRoom(tenant: string): void {
    const { maxInstances } = this.params.settings;
    if (this.instances.size < maxInstances) return;
    for (const [name, instance] of this.instances) {
      if (instance.connection.idle.busy) continue;
      this.forget(name, instance.connection);
      return;
    }
    throw new McpCoreError(
      "TENANTS_BUSY",
      `MCP server "${this.params.server}": all ${maxInstances} tenant instances (perTenant.maxInstances) ` +
        `have calls in flight; no instance for tenant ${JSON.stringify(tenant)} was made`,
      { server: this.params.server },
    );
  }

  private forget(tenant: string, connection: Connection): void {
    if (this.instances.get(tenant)?.connection !== connection) return;
    this.instances.delete(tenant);
    const closed = connection.close().catch(() => {});
    this.closing.add(closed);
    void closed.finally(() => this.closing.delete(closed));
  }

  /** The host's values for the tenant, checked: only declared names, only strings without NUL. */
  private async envOf(tenant: string): Promise<Record<string, string> | undefined> {
    const { tenantEnv, server, declared } = this.params;
    if (tenantEnv === undefined) return undefined;
    const field = `tenantEnv("${server}", ${JSON.stringify(tenant)})`;
    let given: unknown;
    try {
      given = await tenantEnv(server, tenant);
    } catch {
      // Not quoted: the host's error may carry the very credential it was fetching (SPEC §23.2).
      throw envInvalid(server, `${field} threw`);
    }
    if (given === undefined) return undefined;
    if (typeof given !== "object" || given === null || Array.isArray(given)) {
      throw envInvalid(server, `${field} must return an object of strings`);
    }
    const values: Record<string, string> = {};
    for (const [name, value] of Object.entries(given)) {
      // Least privilege holds per tenant: a tenant fills in what the config author declared, no more.
      if (!declared.includes(name)) {
        throw envInvalid(server, `${field} gave "${name}", which the server's "env" does not declare`);
      }
      if (typeof value !== "string" || value.includes("\0")) {
        throw envInvalid(server, `${field} gave "${name}" a value that is not a string without NUL`);
      }
      Object.defineProperty(values, name, { value, enumerable: true, writable: true, configurable: true });
    }
    return values;
  }

  private failure(tenant: string, error: unknown): McpToolResult {
    if (error instanceof McpCoreError) return errorResult("unavailable", error.code, error.message);
    const message = `MCP server "${this.params.server}": no instance for tenant ${JSON.stringify(tenant)}: ${errorMessage(error)}`;
    return errorResult("unavailable", "SERVER_FAILED", message);
  }

  private closedError(): McpCoreError {
    return new McpCoreError("CLOSED", `MCP source is closed (server "${this.params.server}")`, {
      server: this.params.server,
    });
  }
}

function envInvalid(server: string, message: string): McpCoreError {
  return new McpCoreError("ENV_INVALID", `MCP server "${server}": ${message}`, { server });
}

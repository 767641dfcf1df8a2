import type { Tool } from "@modelcontextprotocol/client";
import type { ServerAuth } from "../auth/server-auth.js";
import type { CallBudget, TenantRouter } from "../calls/call-site.js";
import type { ResolvedAutoRestart, ResolvedHealthCheck } from "../config/resolved-policies.js";
import type { ServerConfig } from "../config/server-config.js";
import type { ServerOutputSinks } from "../logs/server-output.js";
import type { ServerPins } from "../pins/server-pins.js";
import type { Redactor } from "../redact/redactor.js";
import type { CatalogListing } from "../resources/list-catalog.js";
import type { CatalogEvents } from "../resources/server-catalog.js";
import type { TaskStore } from "../tasks/task-store.js";
import type { ToolRegistry } from "../tools/tool-registry.js";
import type { ConnectionState, StateInfo } from "../types.js";
import type { LaunchEnvOptions } from "./launch-env.js";
import type { HostClientOptions } from "./server-client-handlers.js";
import type { ChildProcessOptions, KnownProtocol } from "./session-factory.js";

/** Everything a connection needs from the source. */
export interface ConnectionDeps {
  registry: ToolRegistry;
  /** The server's drift gate (pins and policy); absent: accept, pins in memory. */
  pins?: ServerPins | undefined;
  autoRestart: ResolvedAutoRestart;
  healthCheck: ResolvedHealthCheck;
  liveToolList: boolean;
  listChangedDebounceMs: number;
  lazy: boolean;
  /** How stdio children are stopped, and whether a running one holds the host process open. */
  child: ChildProcessOptions;
  maxFrameBytes: number;
  /** The most bytes one tool result hands the host (`maxResultBytes`). */
  maxResultBytes: number;
  /** MCP Apps, when the host opted in: app resources come with results (`apps/`). */
  apps: { maxBytes: number } | undefined;
  /** The result budget and the source's kept results (`resultBudget`), undefined when it is off. */
  budget: CallBudget | undefined;
  /** Where running tasks' ids are kept (`taskStore`), or undefined when durability is off. */
  taskStore: TaskStore | undefined;
  /** The server's identity in the task store (`taskServerKey`). */
  taskServerKey: string;
  launch: LaunchEnvOptions;
  signal: AbortSignal | undefined;
  /** The host's answers to what servers ask of the client (elicitation, …), not yet bound to a server. */
  client: HostClientOptions;
  onState: (server: string, state: ConnectionState, info: StateInfo) => void;
  /** Where the server's log messages and stderr lines go, and the least severe level delivered. */
  output: ServerOutputSinks;
  warn: (message: string) => void;
  /** The server's OAuth, for a remote server whose config has `auth` (a tenant's instance: the tenant's). */
  createAuth:
    | ((
        config: ServerConfig,
        redactor: Redactor,
        warn: (message: string) => void,
        onAuthorized: () => void,
        tenant: string | undefined,
      ) => ServerAuth | undefined)
    | undefined;
  /** The tenant a `perTenant` server's instance serves; undefined for the server's own connection. */
  tenant?: string | undefined;
  /** Called with every listing fetched from the server, its era and its (redacted) instructions. */
  onListing:
    | ((tools: Tool[], protocol: KnownProtocol | undefined, instructions: string | undefined) => void)
    | undefined;
  /** Where the server's resource and prompt changes and resource updates go. */
  catalogEvents: CatalogEvents;
  /** A `perTenant` server's instances (its own connection only; an instance has none). */
  tenants?: TenantRouter | undefined;
  /** Called with every catalog (resources, templates, prompts) fetched (the lazy cache keeps it). */
  onCatalog: ((catalog: CatalogListing) => void) | undefined;
}

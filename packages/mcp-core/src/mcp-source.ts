/**
 * The façade hosts and adapters hold: the live tool set over all configured servers.
 * @module
 */

import { createAppBridge, serverApps } from "./app-bridge.js";
import type { McpAppBridge, McpAppBridgeOptions, McpServerApps } from "./app-bridge-types.js";
import type { AuthCallback } from "./auth/auth-callback.js";
import type { ServerConfig } from "./config/server-config.js";
import type { Connection } from "./connection/connection.js";
import { GENERATION_PARTS } from "./generation-parts.js";
import type { ServerLogMessage, StderrLineInfo } from "./logs/log-message.js";
import { BUDGET_RESULT } from "./result-budget-hook.js";
import { budgetLibraryResult } from "./results/apply-budget.js";
import type { ReadResultOptions } from "./results/kept-results.js";
import type { RootsOption } from "./roots/root.js";
import { searchRequest } from "./search/search-options.js";
import { SourceSearch, searchExpected, trackSourceSearch } from "./search/source-search.js";
import { serverSnapshot, statusOf } from "./server-snapshot.js";
import { closeSourceParts, type SourceParts } from "./source-parts.js";
import {
  getServerPrompt,
  readKeptResult,
  readServerResource,
  serverConnection,
  serverState,
  sourceClosed,
  tenantInstance,
} from "./source-requests.js";
import { resumeTasks } from "./tasks/resume-tasks.js";
import type {
  ConnectionState,
  DeferLoading,
  McpCallContext,
  McpDrift,
  McpPrompt,
  McpPromptResult,
  McpResource,
  McpResourceResult,
  McpResourceTemplate,
  McpResumedTask,
  McpSource,
  McpStatus,
  McpTool,
  McpToolResult,
  PromptsChange,
  ResourcesChange,
  ResourceUpdate,
  ServerSnapshot,
  StateInfo,
  TenantOption,
  ToolSearchHit,
  ToolSearchOptions,
  ToolsChange,
} from "./types.js";

export class Source implements McpSource {
  private closing: Promise<void> | undefined;
  /** The search index: made on the first search, or at load when deferred loading will search. */
  private readonly toolSearch: SourceSearch;

  /**
   * The connections, configs and hubs. A true private field: hosts log, inspect and serialize the
   * source, and the connections hold every server's config (env, headers) and the parent env.
   */
  readonly #parts: SourceParts;

  constructor(parts: SourceParts) {
    this.#parts = parts;
    const expected = searchExpected(
      parts.deferLoading,
      parts.configs.map((c) => c.enabled && c.defer),
    );
    this.toolSearch = new SourceSearch(
      {
        newIndex: parts.newSearchIndex,
        tools: () => parts.registry.tools,
        toolsOf: (s) => parts.registry.toolsOf(s),
        listingToken: (s) => parts.connections.get(s)?.listing.token,
        snapshot: parts.searchSnapshot,
      },
      expected,
    );
    trackSourceSearch(this, this.toolSearch);
    parts.toolEvents.subscribe((server) => this.toolSearch.toolsChanged(server));
  }

  get tools(): readonly McpTool[] {
    return this.#parts.registry.tools;
  }

  /** A library tool's result (code mode's value) under the result budget (`result-budget-hook.ts`). */
  [BUDGET_RESULT](result: McpToolResult, tool: string): McpToolResult | Promise<McpToolResult> {
    return budgetLibraryResult(this.closing ? undefined : this.#parts.budget, result, tool);
  }

  /** Each server's tools in config order (see `generation-parts.ts`): the adapter kit's delta. */
  [GENERATION_PARTS](): readonly (readonly McpTool[])[] {
    return this.#parts.registry.parts();
  }

  get warnings(): readonly string[] {
    return this.#parts.warnings;
  }

  get deferLoading(): DeferLoading {
    return this.#parts.deferLoading;
  }

  resumeTasks(
    ctx?: Pick<McpCallContext, "signal" | "timeoutMs" | "maxTotalTimeoutMs" | "onProgress">,
  ): Promise<McpResumedTask[]> {
    if (this.closing) return Promise.reject(sourceClosed());
    return resumeTasks(this.#parts.taskStore, this.#parts.connections, ctx);
  }

  searchTools(query: string, options?: ToolSearchOptions): ToolSearchHit[] {
    const names = this.#parts.configs.map((c) => c.name);
    const request = searchRequest(query, options, names);
    return this.toolSearch.search(request);
  }

  get status(): Record<string, McpStatus> {
    const status: Record<string, McpStatus> = {};
    for (const config of this.#parts.configs) status[config.name] = this.statusOf(config);
    return status;
  }

  private statusOf(config: ServerConfig): McpStatus {
    return statusOf(this.#parts.connections.get(config.name));
  }

  private connection(server: string): Connection {
    return serverConnection(this.#parts, server);
  }

  state(server: string): ConnectionState {
    return serverState(this.#parts, server);
  }

  servers(): ServerSnapshot[] {
    return this.#parts.configs.map((config) =>
      serverSnapshot(
        config,
        this.#parts.connections.get(config.name),
        this.#parts.registry.count(config.name),
        this.#parts.maxInstructionsChars(config.name),
        this.#parts.tenants.get(config.name)?.size,
      ),
    );
  }

  start(server: string, options?: TenantOption): Promise<void> {
    return this.guard(async () => (await this.instance(server, options)).start());
  }

  stop(server: string): Promise<void> {
    return this.guard(() => this.connection(server).stop());
  }

  setRoots(roots: RootsOption): void {
    if (this.closing) throw sourceClosed();
    this.#parts.roots.set(roots);
  }

  restart(server: string): Promise<void> {
    return this.guard(() => this.connection(server).restart());
  }

  authorize(server: string, redirect: AuthCallback, options?: TenantOption): Promise<void> {
    return this.guard(async () => (await this.instance(server, options)).authorize(redirect));
  }

  /** The server's own connection, or with a `tenant` that tenant's instance of a `perTenant` server. */
  private instance(server: string, options: TenantOption | undefined): Connection | Promise<Connection> {
    const connection = this.connection(server);
    return options?.tenant === undefined ? connection : tenantInstance(this.#parts, server, options.tenant);
  }

  refresh(server?: string): Promise<void> {
    return this.guard(async () => {
      if (server !== undefined) return this.connection(server).refresh();
      await Promise.all([...this.#parts.connections.values()].map((c) => c.refresh()));
    });
  }

  whenSettled(server?: string): Promise<void> {
    return this.guard(async () => {
      const connections =
        server === undefined ? [...this.#parts.connections.values()] : [this.connection(server)];
      await Promise.all(this.#parts.discoveries);
      await Promise.all(connections.map((c) => c.whenSettled()));
      await this.#parts.cacheWrites();
    });
  }

  onStateChange(cb: (server: string, state: ConnectionState, info: StateInfo) => void): () => void {
    return this.#parts.stateEvents.subscribe(cb);
  }

  onToolsChange(cb: (server: string, change: ToolsChange) => void): () => void {
    return this.#parts.toolEvents.subscribe(cb);
  }

  onDrift(cb: (server: string, drift: McpDrift) => void): () => void {
    return this.#parts.driftEvents.subscribe(cb);
  }

  pendingDrift(server: string): McpDrift | undefined {
    if (this.closing) throw sourceClosed();
    return this.connection(server).listing.pins.pending();
  }

  async approveDrift(server: string, tools?: readonly string[]): Promise<string[]> {
    if (this.closing) throw sourceClosed();
    const listing = this.connection(server).listing;
    const approved = listing.approve(tools);
    await listing.pins.flushed();
    return approved;
  }

  onServerLog(cb: (server: string, message: ServerLogMessage) => void): () => void {
    return this.#parts.logEvents.subscribe(cb);
  }

  onStderr(cb: (server: string, line: string, info?: StderrLineInfo) => void): () => void {
    return this.#parts.stderrEvents.subscribe(cb);
  }

  resources(): McpResource[] {
    return this.enabled().flatMap((c) => c.catalog.resources);
  }

  resourceTemplates(): McpResourceTemplate[] {
    return this.enabled().flatMap((c) => c.catalog.resourceTemplates);
  }

  prompts(): McpPrompt[] {
    return this.enabled().flatMap((c) => c.catalog.prompts);
  }

  apps(): McpServerApps[] {
    const names = new Map(this.tools.map((t) => [`${t.server}\0${t.rawName}`, t.name]));
    return this.enabled().map((c) => serverApps(c, (raw) => names.get(`${c.config.name}\0${raw}`)));
  }

  appBridge(server: string, options?: McpAppBridgeOptions): McpAppBridge {
    if (this.closing) throw sourceClosed();
    return createAppBridge(this.connection(server), options);
  }

  /** The enabled servers' connections in config order. */
  private enabled(): Connection[] {
    return this.#parts.configs.flatMap((c) => this.#parts.connections.get(c.name) ?? []);
  }

  readResource(server: string, uri: string, ctx?: McpCallContext): Promise<McpResourceResult> {
    return readServerResource(this.#parts, this.closing !== undefined, server, uri, ctx);
  }

  get hasKeptResults(): boolean {
    return this.#parts.keptResults?.holdsAny === true;
  }

  readResult(handle: string, options?: ReadResultOptions): Promise<string> {
    return readKeptResult(this.#parts.keptResults, this.closing !== undefined, handle, options);
  }

  getPrompt(
    server: string,
    name: string,
    args?: Record<string, string>,
    ctx?: McpCallContext,
  ): Promise<McpPromptResult> {
    return getServerPrompt(this.#parts, this.closing !== undefined, server, name, args, ctx);
  }

  async subscribeResource(server: string, uri: string): Promise<() => Promise<void>> {
    if (this.closing) throw sourceClosed();
    return this.connection(server).catalog.subscribe(uri);
  }

  onResourcesChange(cb: (server: string, change: ResourcesChange) => void): () => void {
    return this.#parts.catalogEvents.resources.subscribe(cb);
  }

  onResourceUpdated(cb: (server: string, update: ResourceUpdate) => void): () => void {
    return this.#parts.catalogEvents.updates.subscribe(cb);
  }

  onPromptsChange(cb: (server: string, change: PromptsChange) => void): () => void {
    return this.#parts.catalogEvents.prompts.subscribe(cb);
  }

  private async guard(action: () => Promise<void>): Promise<void> {
    if (this.closing) throw sourceClosed();
    return action();
  }

  close(): Promise<void> {
    this.closing ??= (async () => {
      // A snapshot still due is written while the servers close (SPEC §15.8).
      const snapshotWritten = this.toolSearch.stop();
      await closeSourceParts(this.#parts);
      await snapshotWritten;
    })();
    return this.closing;
  }
}

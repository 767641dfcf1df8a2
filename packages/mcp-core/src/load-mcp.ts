/**
 * `loadMcp`: config → one Connection per enabled server → registry → source.
 * @module
 */
import type { Tool } from "@modelcontextprotocol/client";
import type { McpConfigInput } from "./config/mcp-config-input.js";
import { parseConfig } from "./config/parse-config.js";
import { Connection } from "./connection/connection.js";
import type { ConnectionDeps } from "./connection/connection-deps.js";
import { serverTenants } from "./connection/tenant-connection.js";
import type { TenantInstances } from "./connection/tenant-instances.js";
import { type EarlyLoad, launchOptions } from "./early-load.js";
import { errorMessage, McpCoreError } from "./errors.js";
import { EventHub } from "./event-hub.js";
import { followCachePushes, type LazyServer } from "./lazy/cache-pushes.js";
import { LazyListing } from "./lazy/lazy-listing.js";
import { adoptCachedEra, prepareLazyServer } from "./lazy/prepare-lazy-server.js";
import { keptResultsOf, loadOAuth } from "./load-parts.js";
import type { ServerLogMessage, StderrLineInfo } from "./logs/log-message.js";
import { Source } from "./mcp-source.js";
import {
  resolveLoadOptions,
  resolveServerPolicy,
  type ServerPolicy,
} from "./options/resolve-load-options.js";
import type { LoadMcpOptions } from "./options.js";
import { visibleNames } from "./pins/model-text.js";
import { loadPinStore, SourcePins } from "./pins/source-pins.js";
import { createCatalogHubs } from "./resources/catalog-hubs.js";
import { aboutServer } from "./server-message.js";
import { taskServerKey } from "./task-server-key.js";
import { sourceIndexSnapshot } from "./tool-cache/index-snapshot-files.js";
import { ToolRegistry } from "./tools/tool-registry.js";
import type { ConnectionState, McpDrift, McpSource, StateInfo, ToolsChange } from "./types.js";

/** How many warnings `source.warnings` keeps (the latest); `onWarning` sees every one. */
const MAX_KEPT_WARNINGS = 1000;

/**
 * Loads MCP servers from a config file path (JSON/JSONC) or object and returns their live tool
 * set. Enabled servers start in parallel; a server that fails is isolated (`status` "failed",
 * its error in `servers()`, and one `console.warn` line unless `onWarning` is given) unless
 * `failOnStartupError` is set.
 *
 * @param input a config file path (JSON/JSONC), or a config object typed {@link McpConfigInput} so an
 *   editor flags a mistyped key; data of unknown shape (`as McpConfigInput`) is checked at run time
 * @throws McpCoreError `OPTIONS_INVALID` (a bad option, named), the `parseConfig` errors
 *   (`CONFIG_NOT_FOUND`, `CONFIG_PARSE`, `CONFIG_INVALID`), `ABORTED`, `STARTUP_FAILED`
 * @param early the root entry's first steps (`early-load.ts`): the options and config it resolved,
 *   used instead of resolving them again, and its early children, adopted by the first opens; the
 *   caller kills the ones left when the load settles
 *
 * @example
 * const source = await loadMcp({ mcpServers: { files: { command: "npx", args: ["-y", "@modelcontextprotocol/server-filesystem", "."] } } });
 * const result = await source.tools[0]?.execute({ path: "." });
 * await source.close();
 */
export async function loadMcp(
  input: string | McpConfigInput,
  given: LoadMcpOptions = {},
  early?: EarlyLoad,
): Promise<McpSource> {
  const options = early?.options ?? resolveLoadOptions(given);
  // Loaded now, beside the config read and the starts, not at import (`searchTools` is sync).
  const searchModule = import("./search/tool-search-index.js");
  const warnings: string[] = [];
  const warn = (message: string) => {
    // A server can cause warnings forever (a list_changed flood of bad listings): keep the latest.
    if (warnings.length >= MAX_KEPT_WARNINGS) warnings.shift();
    warnings.push(message);
    try {
      options.onWarning?.(message);
    } catch {
      // A host's warning hook must not break a start, a refresh or close.
    }
  };
  const parsed = early?.parsed ?? (await parseConfig(input, { serverNames: options.serverNames }));
  for (const warning of parsed.warnings) warn(warning);
  const configs = parsed.servers;
  // OAuth (its flows, stores and the SDK's auth helpers) is loaded only when a server has `auth`.
  const oauth = configs.some((c) => c.enabled && c.transport !== "stdio" && c.auth !== undefined)
    ? await loadOAuth(options.tokenStore)
    : undefined;
  const reportListenerError = (error: unknown) => warn(`An MCP event listener threw: ${errorMessage(error)}`);
  const stateEvents = new EventHub<[string, ConnectionState, StateInfo]>(reportListenerError);
  // Subscribed before anything starts, so it sees the load's own transitions (live progress).
  if (options.onStateChange) stateEvents.subscribe(options.onStateChange);
  const toolEvents = new EventHub<[string, ToolsChange]>(reportListenerError);
  if (options.onToolsChange) toolEvents.subscribe(options.onToolsChange);
  const logEvents = new EventHub<[string, ServerLogMessage]>(reportListenerError);
  const stderrEvents = new EventHub<[string, string, StderrLineInfo?]>(reportListenerError);
  // Subscribed before anything starts: a server's first words come during its start.
  if (options.onServerLog) logEvents.subscribe(options.onServerLog);
  if (options.onStderr) stderrEvents.subscribe(options.onStderr);
  const catalogEvents = createCatalogHubs(reportListenerError);
  if (options.onResourcesChange) catalogEvents.resources.subscribe(options.onResourcesChange);
  if (options.onResourceUpdated) catalogEvents.updates.subscribe(options.onResourceUpdated);
  if (options.onPromptsChange) catalogEvents.prompts.subscribe(options.onPromptsChange);
  // Each server's bounds on what the model sees of its text: its entry's, else the load options'.
  const policies = new Map(configs.map((c) => [c.name, resolveServerPolicy(options, c)]));
  const driftEvents = new EventHub<[string, McpDrift]>(reportListenerError);
  if (options.onDrift) driftEvents.subscribe(options.onDrift);
  const registry = new ToolRegistry(
    configs.map((c) => c.name),
    visibleNames(options.naming, warn),
    (server, change) => toolEvents.emit(server, change),
    warn,
    (server) => policies.get(server)?.maxDescriptionChars ?? options.maxDescriptionChars,
  );
  const pins = new SourcePins(loadPinStore(configs, options), options.drift, (server, drift) =>
    driftEvents.emit(server, drift),
  );
  const kept = keptResultsOf(options, warn);
  const budget = kept && options.resultBudget && { settings: options.resultBudget, kept, warn };
  const connections = new Map<string, Connection>();
  const tenants = new Map<string, TenantInstances>();
  // A tenant instance's listing goes to a registry of its own: the host's tool set is the server's.
  const newRegistry = (server: string) =>
    new ToolRegistry(
      [server],
      visibleNames(options.naming, warn),
      () => {},
      warn,
      () => options.maxDescriptionChars,
    );
  const lazyServers: LazyServer[] = [];
  const eager: LazyServer[] = [];
  // A store the host gave: an eager server's era verdict is kept there too. The default file store
  // stays lazy-only, so a load of eager servers alone writes nothing to the user's cache directory.
  const eraStore = given.toolCache ? options.toolCache : undefined;
  for (const config of configs.filter((c) => c.enabled)) {
    const { lazy, liveToolList, autoRestart, healthCheck } = policies.get(config.name) as ServerPolicy;
    // A lazy server's listings are cached (they are its tools before it starts); an eager `auto`
    // server's entry keeps the era its sessions negotiated, so its next start sends no probe.
    const store = lazy ? options.toolCache : config.protocol === "auto" ? eraStore : undefined;
    const cache = store ? new LazyListing(config, store, warn) : undefined;
    const deps: ConnectionDeps = {
      registry,
      pins: pins.forServer(config, warn),
      autoRestart,
      healthCheck,
      liveToolList,
      listChangedDebounceMs: options.listChangedDebounceMs,
      lazy,
      child: {
        killGraceMs: options.killGraceMs,
        keepAlive: options.keepAlive,
        adopt: early && ((launch) => early.spawns.take(config.name, launch)),
      },
      maxFrameBytes: options.maxFrameBytes,
      maxResultBytes: options.maxResultBytes,
      apps: options.apps,
      budget,
      taskStore: options.taskStore,
      taskServerKey: taskServerKey(config),
      launch: launchOptions(options),
      signal: options.signal,
      client: {
        onElicitation: options.onElicitation,
        maxElicitationsPerMinute: options.maxElicitationsPerMinute,
        onSampling: options.onSampling,
        samplingPolicy: options.samplingPolicy,
        roots: options.roots,
        apps: options.apps,
      },
      onState: (server, state, info) => stateEvents.emit(server, state, info),
      output: {
        minLevel: options.serverLogLevel,
        onLog: (server, message) => logEvents.emit(server, message),
        // A tenant instance's line says whose it is; the server's own lines keep two arguments.
        onStderr: (server, line, info) =>
          info === undefined ? stderrEvents.emit(server, line) : stderrEvents.emit(server, line, info),
      },
      warn,
      createAuth: (server, redactor, warnAbout, onAuthorized, tenant) =>
        oauth?.serverOAuth(
          server,
          {
            parentEnv: options.env,
            store: oauth.store,
            refreshSkewMs: options.refreshSkewMs,
            redactor,
            warn: warnAbout,
            tenant,
          },
          onAuthorized,
        ),
      onListing:
        cache && ((tools: Tool[], protocol, instructions) => void cache.save(tools, protocol, instructions)),
      catalogEvents: catalogEvents.sink,
      onCatalog: cache && ((catalog) => void cache.saveCatalog(catalog)),
    };
    if (config.perTenant) {
      const own = serverTenants(
        config,
        config.perTenant,
        deps,
        options.tenantEnv,
        () => connection,
        newRegistry,
      );
      deps.tenants = own;
      tenants.set(config.name, own);
    }
    const connection = new Connection(config, deps);
    connections.set(config.name, connection);
    pins.onPush(config, (entry) => connection.listing.adoptPins(entry));
    if (lazy) lazyServers.push({ connection, cache });
    else eager.push({ connection, cache });
  }
  const discoveries: Promise<void>[] = [];
  const closeHooks: (() => void)[] = [];
  const { ToolSearchIndex } = await searchModule;
  const source = new Source({
    newSearchIndex: () => new ToolSearchIndex(),
    // Only cached listings carry the token a snapshot is keyed by: no lazy server, no snapshot.
    searchSnapshot:
      lazyServers.length > 0
        ? sourceIndexSnapshot(
            options.toolCache,
            configs.map((c) => c.name),
          )
        : undefined,
    configs,
    connections,
    tenants,
    taskStore: options.taskStore,
    keptResults: kept,
    budget,
    deferLoading: options.deferLoading,
    maxInstructionsChars: (server) =>
      policies.get(server)?.maxInstructionsChars ?? options.maxInstructionsChars,
    discoveries,
    closeHooks,
    cacheWrites: async () => {
      await Promise.all([...lazyServers, ...eager].map(({ cache }) => cache?.flushed()));
      await pins.flushed();
    },
    registry,
    stateEvents,
    toolEvents,
    driftEvents,
    logEvents,
    stderrEvents,
    catalogEvents,
    warnings,
    roots: options.roots,
  });
  try {
    options.onSource?.(source);
  } catch (error) {
    reportListenerError(error);
  }
  // Read before any listing is offered: the first listing is measured against them.
  await pins.load();
  closeHooks.push(pins.follow(warn));
  const prepared = await Promise.all(
    lazyServers.map(({ connection, cache }) => prepareLazyServer(connection, cache, warn)),
  );
  for (const { discovery } of prepared) if (discovery) discoveries.push(discovery);
  // After the reads: a push then replaces what was read, never the other way round.
  closeHooks.push(followCachePushes(options.toolCache, lazyServers, warn));
  const results = await Promise.allSettled(
    eager.map(async ({ connection, cache }) => {
      if (cache) await adoptCachedEra(connection, cache);
      return connection.start();
    }),
  );
  const failures = results.flatMap((r, i) => {
    const name = eager[i]?.connection.config.name ?? "";
    // One line naming the server once; a stderr tail stays in the error and the snapshot.
    return r.status === "rejected"
      ? [{ name, error: r.reason, line: firstLine(aboutServer(name, r.reason)) }]
      : [];
  });
  for (const { line } of failures) warn(line);
  if (options.signal?.aborted) {
    await source.close();
    throw new McpCoreError("ABORTED", "loadMcp was aborted", { cause: options.signal.reason });
  }
  if (options.failOnStartupError && failures.length > 0) {
    await source.close();
    const lines = failures.map(({ name, error }) => `- ${aboutServer(name, error)}`);
    throw new McpCoreError(
      "STARTUP_FAILED",
      `${failures.length} MCP server(s) failed to start:\n${lines.join("\n")}`,
      {
        cause: failures[0]?.error,
      },
    );
  }
  // Isolated failures are otherwise silent unless the host listens: one line each on stderr.
  if (options.onWarning === undefined) for (const { line } of failures) console.warn(line);
  return source;
}

function firstLine(text: string): string {
  return text.split("\n", 1)[0] ?? text;
}

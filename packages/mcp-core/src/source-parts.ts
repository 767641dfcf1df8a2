/**
 * What a source is made of: the connections, stores, hubs and hooks `loadMcp` assembles and the
 * source (`mcp-source.ts`) holds privately, and the order they shut down in.
 * @module
 */
import type { ServerConfig } from "./config/server-config.js";
import type { Connection } from "./connection/connection.js";
import type { TenantInstances } from "./connection/tenant-instances.js";
import type { EventHub } from "./event-hub.js";
import type { ServerLogMessage, StderrLineInfo } from "./logs/log-message.js";
import type { CatalogHubs } from "./resources/catalog-hubs.js";
import type { ResultBudgetSite } from "./results/apply-budget.js";
import type { KeptResults } from "./results/kept-results.js";
import type { LoadRoots } from "./roots/load-roots.js";
import type { SnapshotStore } from "./search/source-search.js";
import type { ToolSearchIndex } from "./search/tool-search-index.js";
import type { TaskStore } from "./tasks/task-store.js";
import type { ToolRegistry } from "./tools/tool-registry.js";
import type { ConnectionState, DeferLoading, McpDrift, StateInfo, ToolsChange } from "./types.js";

/** The parts of one source, built by `loadMcp`. */
export interface SourceParts {
  /** Every configured server, enabled or not, in config order. */
  configs: ServerConfig[];
  connections: Map<string, Connection>;
  /** The tenant instances of each `perTenant` server, by server name. */
  tenants: Map<string, TenantInstances>;
  /** The task store (`taskStore`), or undefined when it is off. */
  taskStore: TaskStore | undefined;
  /** The results kept over their budget (`resultBudget`), or undefined when `resultBudget.enabled` is false. */
  keptResults: KeptResults | undefined;
  /** The budget settings over the kept results (a library tool's results are budgeted too). */
  budget: ResultBudgetSite | undefined;
  /** The resolved `deferLoading` load option. */
  deferLoading: DeferLoading;
  /** A server's bound on the instructions `instructionsPrompt` gives the model (its snapshot's). */
  maxInstructionsChars: (server: string) => number;
  /** Background discoveries of lazy servers on a cache miss (close and `whenSettled` wait for them). */
  discoveries: Promise<void>[];
  /** Called once by `close()` before the connections close (e.g. the cache subscription's end). */
  closeHooks: (() => void)[];
  /**
   * Settles once every listing-cache write begun so far has: a running lazy server's listing is
   * written in the background, and `close()` waits for it so nothing writes after close.
   */
  cacheWrites: () => Promise<void>;
  registry: ToolRegistry;
  stateEvents: EventHub<[string, ConnectionState, StateInfo]>;
  toolEvents: EventHub<[string, ToolsChange]>;
  /** Each new drift of a server's listing from its pins (emitted before its tools change event). */
  driftEvents: EventHub<[string, McpDrift]>;
  logEvents: EventHub<[string, ServerLogMessage]>;
  stderrEvents: EventHub<[string, string, StderrLineInfo?]>;
  /** Resource-list changes, resource updates, prompt-list changes. */
  catalogEvents: CatalogHubs;
  warnings: string[];
  /** The load-level roots `setRoots` replaces. */
  roots: LoadRoots;
  /**
   * Makes the tool-search index. Its module (the index, the stemmer, the word lists) is loaded by
   * `loadMcp`, not at import: a host that never searches does not pay for it at import.
   */
  newSearchIndex: () => ToolSearchIndex;
  /** Where the search index's snapshot is kept (SPEC §15.8), when the listing cache keeps one. */
  searchSnapshot?: SnapshotStore | undefined;
}

/**
 * Shuts the parts down in order: the close hooks (a store's subscription), the connections, the
 * background discoveries and listing-cache writes, then the kept results. Rejects on none of them.
 */
export async function closeSourceParts(parts: SourceParts): Promise<void> {
  for (const hook of parts.closeHooks) {
    try {
      hook();
    } catch {
      // A store's unsubscribe that throws must not keep the servers running.
    }
  }
  await Promise.all([
    ...[...parts.connections.values()].map((c) => c.close()),
    ...[...parts.tenants.values()].map((t) => t.close()),
  ]);
  await Promise.all(parts.discoveries);
  await parts.cacheWrites();
  // After the connections: no call in flight keeps a result into a closed store.
  await parts.keptResults?.close().catch(() => undefined);
}

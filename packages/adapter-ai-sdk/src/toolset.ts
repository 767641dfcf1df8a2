/**
 * `createAiSdkToolset`: the live `ToolSet`, its `prepareStep` for deferred tools, its change event
 * and per-server narrowing.
 * @module
 */
import type { McpSource, ToolsChange } from "@toolnexus/mcp-core";
import {
  createMetaTools,
  createSubscriptions,
  deferralRule,
  invalidOption,
  isDeferring,
  serverDefers,
} from "@toolnexus/mcp-core/adapter";
import type { ToolSet } from "ai";
import { activeToolsFor } from "./active-tools.js";
import { type AiSdkStepInput, type AiSdkStepTools, createDeferredStep } from "./deferred-step.js";
import { aiSdkHybridSearch } from "./hybrid-search.js";
import { createLiveToolSet, type DeferralParts, resourceToolsOf } from "./live-tool-set.js";
import {
  type AiSdkToolsetOptions,
  type ResolvedAiSdkToolsetOptions,
  resolveToolsetOptions,
} from "./options.js";

/** Called once per effective change of one server's tools; names are `ToolSet` keys. */
export type AiSdkToolsChangeListener = (server: string, change: ToolsChange) => void;

/**
 * The live AI SDK view of an `McpSource`. Spread it into a call — `generateText({ model,
 * ...toolset, prompt })`, `streamText`, `new ToolLoopAgent({ model, ...toolset })` — to pass
 * `tools` and `prepareStep` (its other members are ignored by those calls).
 */
export interface AiSdkToolset {
  /**
   * The stable, live `ToolSet` (see `toAiSdkTools`): every MCP tool, your `extraTools` and, while
   * deferral is configured (meta-tool search), `mcp_search_tools` and `mcp_load_tools`. Every tool
   * in it stays executable; `prepareStep` decides which ones a step offers.
   */
  readonly tools: ToolSet;
  /**
   * The AI SDK `prepareStep` of deferred loading: returns the step's `activeTools` — the tools
   * not deferred, the deferred ones the conversation loaded (read from the step's messages), your
   * `extraTools` and the two meta-tools — or `{}` when deferral is not configured. Stateless: one
   * toolset serves any number of concurrent runs. To add your own per-step settings, call it from
   * yours and narrow its `activeTools` (`undefined` = every tool) rather than replacing them.
   */
  readonly prepareStep: (step: AiSdkStepInput) => AiSdkStepTools;
  /**
   * Subscribes to tool changes (`{ added, removed, changed }` by `ToolSet` key). The `tools`
   * object already reflects the change when the listener runs. Returns an unsubscribe function.
   * @throws Error after `dispose()`.
   */
  onToolsChange(listener: AiSdkToolsChangeListener): () => void;
  /** The current `ToolSet` keys of the given servers' tools, for `activeTools` / `prepareStep`. */
  activeToolsFor(servers: string | readonly string[]): string[];
  /**
   * Removes every listener this toolset added to the source. Idempotent. It does not close the
   * source (you own it) and `tools` keeps following it.
   */
  dispose(): void;
}

/** True when some tool may be deferred: the option (or the source's) is not `false`, or a server defers. */
function deferralConfigured(source: McpSource, options: ResolvedAiSdkToolsetOptions): boolean {
  const setting = options.deferLoading ?? source.deferLoading;
  return isDeferring(setting) || [...serverDefers(source).values()].includes(true);
}

/**
 * Wraps a source once: its live `ToolSet`, the `prepareStep` of deferred loading, a change event,
 * and `activeToolsFor`.
 * @throws McpCoreError `OPTIONS_INVALID` for a malformed option, naming it
 */
export function createAiSdkToolset(source: McpSource, options?: AiSdkToolsetOptions): AiSdkToolset {
  const resolved = resolveToolsetOptions(options);
  const configured = deferralConfigured(source, resolved);
  const native = resolved.toolSearch === "anthropic";
  const resourceTools = resourceToolsOf(source, resolved);
  if (native && options?.search !== undefined) {
    invalidOption(
      "AI SDK adapter",
      "search",
      'none with toolSearch "anthropic" (its search is the provider\'s)',
      options.search,
    );
  }
  const hybrid = aiSdkHybridSearch("AI SDK adapter", source, options?.search);
  const parts: DeferralParts = !configured
    ? { resourceTools }
    : native
      ? { resourceTools, anthropicDeferral: () => deferralRule(source, resolved.deferLoading) }
      : {
          resourceTools,
          metaTools: createMetaTools(source, hybrid?.find),
        };
  const tools = createLiveToolSet(source, resolved, parts);
  const metaNames = (parts.metaTools ?? []).map((tool) => tool.name);
  // Your tools and the resource tools are never deferred.
  const extraNames = [...Object.keys(resolved.extraTools), ...resourceTools.map((tool) => tool.name)];
  const subscriptions = createSubscriptions(source, "AI SDK toolset");
  return {
    tools,
    prepareStep: createDeferredStep(source, tools, resolved.deferLoading, extraNames, metaNames),
    onToolsChange: (listener) => subscriptions.onToolsChange(listener),
    activeToolsFor: (servers) => activeToolsFor(source, servers),
    dispose: () => {
      subscriptions.dispose();
      hybrid?.close();
    },
  };
}

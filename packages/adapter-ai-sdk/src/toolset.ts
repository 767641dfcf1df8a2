/**
 * `createAiSdkToolset`: the live `ToolSet` plus its change event and per-server narrowing.
 * @module
 */
import type { McpSource, ToolsChange } from "@toolnexus/mcp-core";
import { createSubscriptions } from "@toolnexus/mcp-core/adapter";
import type { ToolSet } from "ai";
import { activeToolsFor } from "./active-tools.js";
import { toAiSdkTools } from "./live-tool-set.js";
import type { AiSdkToolsOptions } from "./options.js";

/** Called once per effective change of one server's tools; names are `ToolSet` keys. */
export type AiSdkToolsChangeListener = (server: string, change: ToolsChange) => void;

/** The live AI SDK view of an `McpSource`. */
export interface AiSdkToolset {
  /** The stable, live `ToolSet` (see `toAiSdkTools`). Pass this same object to every call. */
  readonly tools: ToolSet;
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

/** Wraps a source once: its live `ToolSet`, a change event, and `activeToolsFor`. */
export function createAiSdkToolset(source: McpSource, options?: AiSdkToolsOptions): AiSdkToolset {
  const tools = toAiSdkTools(source, options);
  const subscriptions = createSubscriptions(source, "AI SDK toolset");
  return {
    tools,
    onToolsChange: (listener) => subscriptions.onToolsChange(listener),
    activeToolsFor: (servers) => activeToolsFor(source, servers),
    dispose: () => subscriptions.dispose(),
  };
}

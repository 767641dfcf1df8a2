/**
 * Which tools an adapter defers behind the tool search, per step.
 * @module
 */

import { invalidOption } from "../option-error.js";
import { DEFER_LOADING_EXPECTED, defersByDefault, isDeferLoading } from "../search/defer-loading.js";
import type { DeferLoading, McpSource, McpTool } from "../types.js";

/**
 * Validates an adapter's `deferLoading` option (`undefined` keeps the source's).
 * @throws McpCoreError `OPTIONS_INVALID` naming the adapter and the option
 */
export function resolveDeferLoading(entry: string, value: unknown): DeferLoading | undefined {
  if (value === undefined || isDeferLoading(value)) return value;
  return invalidOption(entry, "deferLoading", DEFER_LOADING_EXPECTED, value);
}

/** Each source's per-server `defer` flags, read once. */
const deferFlags = new WeakMap<object, ReadonlyMap<string, boolean>>();

/**
 * The servers whose entry sets `defer`, and its value. `defer` is config, fixed for the source's
 * life, so it is read once from `servers()` (which builds full snapshots: stderr tails,
 * instructions, env names) rather than on every step and lookup.
 */
export function serverDefers(source: Pick<McpSource, "servers">): ReadonlyMap<string, boolean> {
  let flags = deferFlags.get(source);
  if (!flags) {
    const perServer = new Map<string, boolean>();
    for (const server of source.servers())
      if (server.defer !== undefined) perServer.set(server.name, server.defer);
    flags = perServer;
    deferFlags.set(source, flags);
  }
  return flags;
}

/** Which of the source's current tools are deferred, decided per tool. */
export interface DeferralRule {
  /** What decides for a tool whose server entry sets no `defer`. */
  readonly byDefault: boolean;
  /** True when `tool` is deferred. */
  defers(tool: McpTool): boolean;
}

/**
 * The deferral rule for the source's current generation: a server entry's `defer` decides for its
 * tools; otherwise `option` (an adapter's own, else the source's `deferLoading`): `{}` defers all,
 * `{ threshold: N }` all when the source holds more than N tools, `{ enabled: false }` none. Made in constant time, so a host
 * that converts only changed tools can ask it per tool (and start over when `byDefault` flips).
 */
export function deferralRule(source: McpSource, option: DeferLoading | undefined): DeferralRule {
  const byDefault = defersByDefault(option ?? source.deferLoading, source.tools.length);
  const perServer = serverDefers(source);
  return { byDefault, defers: (tool) => perServer.get(tool.server) ?? byDefault };
}

/**
 * The model-facing names of the source's current tools that are deferred (see {@link deferralRule}).
 * Empty when nothing is deferred — then no meta-tool is offered either.
 */
export function deferredToolNames(source: McpSource, option: DeferLoading | undefined): Set<string> {
  const rule = deferralRule(source, option);
  const deferred = new Set<string>();
  for (const tool of source.tools) if (rule.defers(tool)) deferred.add(tool.name);
  return deferred;
}

/** The tools a step offers: every tool not deferred, and the deferred ones the conversation loaded. */
export function offeredTools(
  tools: readonly McpTool[],
  deferred: ReadonlySet<string>,
  loaded: ReadonlySet<string>,
): McpTool[] {
  return tools.filter((tool) => !deferred.has(tool.name) || loaded.has(tool.name));
}

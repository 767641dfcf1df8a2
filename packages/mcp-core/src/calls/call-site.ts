/**
 * What the call path reads of its server (`CallSite`), and a request's default timeout.
 * @module
 */
import type { ServerConfig } from "../config/server-config.js";
import type { HeldTool } from "../pins/server-pins.js";
import type { Redactor } from "../redact/redactor.js";
import type { ResultBudgetSite } from "../results/apply-budget.js";
import type { ServerTasks } from "../tasks/server-tasks.js";
import type { McpToolResult } from "../types.js";
import type { GateVerdict } from "./call-gate.js";
import type { CallTarget } from "./run-call.js";
import type { RunningOutcome } from "./when-running.js";

/** A request's outcome: its value, or the failure as an error result. */
export type Gated<T> = { value: T } | { failed: McpToolResult };

/**
 * A tenant's own call site (a `perTenant` server's instance), the call already counted on its idle
 * timer (the pipeline ends the count); or why there is none, nothing sent.
 */
export type TenantSite = { site: CallSite } | { failed: McpToolResult };

/** A `perTenant` server's instances, one per tenant (SPEC §23.3). */
export interface TenantRouter {
  /** The tenant's call site: at once when its instance exists, else once it is made. */
  siteFor(tenant: string): TenantSite | Promise<TenantSite>;
}

/** What the call path reads of its server, at the moment it reads it. */
export interface CallSite {
  config: ServerConfig;
  redactor: Redactor;
  /** The most bytes one tool result hands the host (`maxResultBytes`). */
  maxResultBytes: number;
  /** Whether the server still offers a tool (by raw name). */
  offers(rawName: string): boolean;
  /** Why the drift gate keeps a tool out, when it does (a held tool is not offered either). */
  held?(rawName: string): HeldTool | undefined;
  /** A lazy server's idle timer counts calls in flight. */
  idle: { callStarted(): void; callEnded(): void };
  /** What a call would do now (`callGate` of the state). */
  verdict(): GateVerdict;
  /** The live session, waiting (and starting a lazy server) within the call's bounds. */
  whenRunning(where: CallTarget, timeoutMs: number, signal: AbortSignal | undefined): Promise<RunningOutcome>;
  closedMessage(): string;
  /** The server's tasks: calls of task tools go through them. */
  tasks: ServerTasks;
  /** The result budget and where results over it are kept; undefined when `resultBudget.enabled` is false. */
  budget: CallBudget | undefined;
  /** A `perTenant` server's instances: a call with a `tenant` goes to its own (`routeTenant`). */
  tenants?: TenantRouter | undefined;
}

/** What the `budget` stage reads: the host's settings, the source's kept results, the warning sink. */
export type CallBudget = ResultBudgetSite;

/**
 * A request's timeout when it gives none: for a tool call, the entry's `toolTimeouts` for the tool;
 * else (and for resource and prompt requests) the entry's `timeout`.
 */
export function defaultTimeoutMs(config: ServerConfig, rawName: string | undefined): number {
  const { toolTimeouts } = config;
  const own = toolTimeouts && rawName !== undefined && Object.hasOwn(toolTimeouts, rawName);
  return (own ? toolTimeouts[rawName] : undefined) ?? config.timeoutMs;
}

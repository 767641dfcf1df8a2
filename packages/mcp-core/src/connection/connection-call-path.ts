/**
 * One connection's call path: its tool calls (the stages of `calls/call-pipeline.ts`), its resource
 * and prompt requests and task polls (`ConnectionCalls`) and its tasks (`ServerTasks`), each gated on
 * the state machine's runner — a call proceeds, waits for a start (a lazy server starts) or fails by
 * `callGate` of the state.
 * @module
 */
import { AppResources } from "../apps/app-resources.js";
import { withAppResource } from "../apps/app-result.js";
import { callGate } from "../calls/call-gate.js";
import { runToolCall } from "../calls/call-pipeline.js";
import type { CallSite } from "../calls/call-site.js";
import { ConnectionCalls } from "../calls/connection-calls.js";
import { whenRunning } from "../calls/when-running.js";
import type { ServerConfig } from "../config/server-config.js";
import { readResource } from "../resources/resource-requests.js";
import { ServerTasks } from "../tasks/server-tasks.js";
import type { ToolCaller } from "../tools/tool-wrapper.js";
import type { ConnectionDeps } from "./connection-deps.js";
import type { ConnectionParts } from "./connection-parts.js";
import type { ConnectionRunner } from "./connection-runner.js";

/** The call path of one server, wired to its parts and its runner. */
export function connectionCallPath(
  config: ServerConfig,
  deps: ConnectionDeps,
  parts: ConnectionParts,
  runner: ConnectionRunner,
): {
  site: CallSite;
  callTool: ToolCaller["callTool"];
  callAppTool: ToolCaller["callTool"];
  apps: AppResources | undefined;
  calls: ConnectionCalls;
  tasks: ServerTasks;
} {
  const running = {
    server: config.name,
    state: () => runner.state,
    lastError: () => runner.context.lastError,
    start: () => runner.start(),
    waiters: runner.waiters,
  };
  // A task's polls go through the call path (its gate, its wait for a restart) like a call.
  const tasks: ServerTasks = new ServerTasks({
    config,
    server: config.name,
    serverKey: deps.taskServerKey,
    taskTools: config.taskTools,
    store: deps.taskStore,
    maxResultBytes: deps.maxResultBytes,
    warn: parts.warn,
    request: (task, ctx, timeoutMs, send) => calls.taskRequest(task, ctx, timeoutMs, send),
  });
  const site: CallSite = {
    config,
    tasks,
    redactor: parts.redactor,
    maxResultBytes: deps.maxResultBytes,
    offers: (rawName) => parts.listing.has(rawName),
    held: (rawName) => parts.listing.pins.heldReason(rawName),
    idle: parts.idle,
    verdict: () => callGate(runner.state, deps.lazy),
    whenRunning: (where, timeoutMs, signal) => whenRunning(running, where, timeoutMs, signal, deps.lazy),
    closedMessage: () => runner.closedError().message,
    budget: deps.budget,
    tenants: deps.tenants,
  };
  const calls = new ConnectionCalls(site);
  // Bound, not wrapped: a tool wrapper's `execute` reaches the pipeline one frame down.
  const callTool: ToolCaller["callTool"] = runToolCall.bind(undefined, site);
  // An app's calls take the same pipeline; only what counts as offered differs (SPEC "MCP Apps").
  const appSite: CallSite = { ...site, offers: (rawName) => parts.listing.appTool(rawName) !== undefined };
  const callAppTool: ToolCaller["callTool"] = runToolCall.bind(undefined, appSite);
  if (!deps.apps) return { site, callTool, callAppTool, apps: undefined, calls, tasks };
  // A little over the bound, so a text the read had to cut is still seen as too large.
  const readLimit = deps.apps.maxBytes + 4096;
  const apps = new AppResources(
    config.name,
    deps.apps.maxBytes,
    (uri, ctx) => readResource(calls, parts.redactor, config, uri, ctx, readLimit),
    (uri, fields) => parts.listing.pins.checkResource(uri, fields),
  );
  return { site, callTool: withAppResource(callTool, apps), callAppTool, apps, calls, tasks };
}

/**
 * One tool call as an ordered list of stages. A call is a `ToolCall` record; each stage takes it and
 * returns it (or a promise of it), and a stage that settles the call sets `result`: the send stages
 * after it are skipped, the result stages still run. A new concern of the call (a result budget,
 * pinned definitions, tracing, a per-call context) is one more stage here and a test of that stage.
 *
 * The stages before the call reaches the core are the host's: approval (each adapter maps the
 * `approval` policy to its host's own mechanism, which stops before `execute`) and the arguments
 * (the adapter hands over the model's input as an object; the server validates it). When the host
 * shaped the tool's schema for a provider, `shapeArguments` puts the arguments back in the server's
 * shape first (SPEC §13.5).
 *
 * The running server's usual call takes no await before the send: the request is written in the
 * same turn as `execute` (`McpTool.execute` → `runToolCall` → `send` → `Session.callTool` →
 * `CallChannel.call`), counted by the call-frames tests.
 * @module
 */

import { tenantProblem } from "../config/tenant-name.js";
import { redactResult } from "../redact/redact-error.js";
import { applyBudget } from "../results/apply-budget.js";
import { toolBudget } from "../results/result-budget-options.js";
import { isSchemaDialect } from "../schema-dialects/dialect-types.js";
import { restoreToolArguments } from "../schema-dialects/shape-schema.js";
import { runTaskCall, TaskCallResultSchema, taskCallRequest } from "../tasks/task-call.js";
import { abortedResult, errorResult, readCallResult } from "../tools/call-result.js";
import { callContextProblem, callTimeoutMs } from "../tools/call-timeout.js";
import { endClientSpan, withinSpan } from "../tracing/client-span.js";
import { startToolCallSpan, toolCallOutcome } from "../tracing/tool-call-span.js";
import type { McpSession } from "../transport/session.js";
import type { McpCallContext, McpTool, McpToolResult } from "../types.js";
import { type CallExtras, callExtras } from "./call-extras.js";
import { classifyCallError } from "./call-failure.js";
import { type CallSite, defaultTimeoutMs, type TenantSite } from "./call-site.js";
import { admitRequest, awaitSession, notOfferedResult } from "./live-session.js";
import { runRequest } from "./run-call.js";
import { type CallStage, newCall, type ResultStage, settle, type ToolCall } from "./tool-call.js";
import { startTotalBound, totalBoundResult } from "./total-bound.js";

/** A duration no timer can wait is refused before anything waits on it; else the call's timeout. */
export function checkDurations(call: ToolCall): ToolCall {
  const problem = callContextProblem(call.callerCtx);
  if (problem !== undefined) {
    const { tool, server } = call.where;
    const message = `Call to tool "${tool}" on MCP server "${server}" was not sent: ${problem}`;
    call.result = errorResult("protocol", "PROTOCOL_ERROR", message, problem);
    return call;
  }
  call.timeoutMs = callTimeoutMs(call.callerCtx) ?? defaultTimeoutMs(call.site.config, call.where.rawName);
  return call;
}

/**
 * The model's arguments back in the server's shape when the host shaped the tool's schema for a
 * provider (`ctx.schemaDialect`, SPEC §13.5): the `null`s strict mode forced removed, JSON text
 * parsed back. An unknown dialect settles the call unsent.
 */
export function shapeArguments(call: ToolCall): ToolCall {
  const dialect = call.callerCtx?.schemaDialect;
  if (dialect === undefined || dialect === "as-is") return call;
  if (!isSchemaDialect(dialect)) {
    const { tool, server } = call.where;
    const problem = `schemaDialect must be "as-is", "openai-strict", "gemini" or "anthropic"`;
    const message = `Call to tool "${tool}" on MCP server "${server}" was not sent: ${problem}`;
    call.result = errorResult("protocol", "PROTOCOL_ERROR", message, problem);
    return call;
  }
  call.args = restoreToolArguments(call.tool.inputSchema, dialect, call.args);
  return call;
}

/**
 * The host's per-call identity (SPEC §23.1): a `tenant` that cannot name one, or `_meta` or headers
 * that could not be sent, settle the call unsent; the rest is kept for the send, the library's own
 * keys taken out. A context with none of them adds nothing.
 */
export function applyContext(call: ToolCall): ToolCall {
  const ctx = call.callerCtx;
  if (ctx === undefined) return call;
  const extras = callExtras(ctx._meta, ctx.headers);
  const problem = tenantProblem(ctx.tenant) ?? (extras && "problem" in extras ? extras.problem : undefined);
  if (problem !== undefined) {
    const { tool, server } = call.where;
    const message = `Call to tool "${tool}" on MCP server "${server}" was not sent: ${problem}`;
    call.result = errorResult("protocol", "PROTOCOL_ERROR", message, problem);
    return call;
  }
  call.extras = extras as CallExtras | undefined;
  return call;
}

/** `maxTotalTimeoutMs`: one timer on the whole call, the wait for a starting server included. */
export function boundTotal(call: ToolCall): ToolCall {
  const total = startTotalBound(call.callerCtx);
  if (total !== undefined) {
    call.total = total;
    call.ctx = total.ctx;
  }
  return call;
}

/**
 * A `perTenant` server's call with a `tenant` goes to that tenant's own instance (SPEC §23.3), made
 * on the tenant's first call; a call without one, or of a shared server, stays where it is.
 */
export function routeTenant(call: ToolCall): ToolCall | Promise<ToolCall> {
  const tenant = call.callerCtx?.tenant;
  const tenants = call.site.tenants;
  if (tenant === undefined || tenants === undefined) return call;
  const routed = tenants.siteFor(tenant);
  const adopt = (to: TenantSite) => {
    if ("failed" in to) call.result = to.failed;
    else {
      // Counted on the instance by the router already, so nothing closes it before the send.
      call.site = to.site;
      call.counted = true;
    }
    return call;
  };
  return routed instanceof Promise ? routed.then(adopt) : adopt(routed);
}

/** The tool still offered and the server's live session (a lazy server starts, a restart is waited). */
export function resolveTool(call: ToolCall): ToolCall | Promise<ToolCall> {
  const { site } = call;
  const notOffered = () => notOfferedResult(site, call.tool.rawName, call.where);
  const verdict = admitRequest(site, notOffered);
  if (verdict.go === "refused") {
    call.result = verdict.failed;
    return call;
  }
  if (!call.counted) {
    site.idle.callStarted();
    call.counted = true;
  }
  if (verdict.go === "call") {
    call.session = verdict.session;
    return call;
  }
  return awaitSession(site, call.where, call.timeoutMs, call.ctx?.signal, notOffered).then((running) => {
    if ("failed" in running) call.result = running.failed;
    else call.session = running.value;
    return call;
  });
}

/**
 * The `tools/call` CLIENT span (SPEC "Tracing"), under the host's active span, once the session is
 * known: its context goes to the server in `_meta` and headers. Nothing without a tracer provider.
 */
export function openSpan(call: ToolCall): ToolCall {
  call.span = startToolCallSpan(call.site.config, call.where.rawName, call.session);
  return call;
}

/** `tools/call` on the session (a task tool's as a task, followed to its end). */
export function send(call: ToolCall): Promise<ToolCall> {
  const { where, ctx, timeoutMs } = call;
  const session = call.session as McpSession;
  if (call.site.tasks.asTask(call.tool, call.callerCtx)) {
    // The task's polls are the call's requests: children of its span (SPEC §21.1).
    return withinSpan(call.span, () => sendAsTask(call, session)).then((result) => settle(call, result));
  }
  const signal = ctx?.signal;
  if (signal?.aborted)
    return Promise.resolve(settle(call, abortedResult(where.server, where.tool, where.what)));
  const { extras } = call;
  const options = {
    timeoutMs,
    signal,
    onProgress: ctx?.onProgress,
    trace: call.span?.carrier,
    meta: extras?.meta,
    headers: extras?.headers,
  };
  return session.callTool(where.rawName, call.args, options).then(
    (raw) => {
      call.raw = raw;
      return call;
    },
    (error: unknown) => {
      call.failure = error;
      const { server, tool, what } = where;
      const aborted = signal?.aborted === true;
      return settle(call, classifyCallError(error, { aborted, timeoutMs, server, tool, what }));
    },
  );
}

/** The server's result read leniently and bounded by `maxResultBytes`. */
export function readResult(call: ToolCall): ToolCall {
  if (call.raw !== undefined) call.result = readCallResult(call.raw, call.site.maxResultBytes, call.where);
  return call;
}

/** An abort of the total bound running out is reported as the timeout it is. */
export function totalTimeout(call: ToolCall): ToolCall {
  const { total, result } = call;
  if (total !== undefined && result !== undefined) {
    call.result = totalBoundResult(call.where, total, call.callerCtx?.signal, result);
  }
  return call;
}

/** The error texts redacted once, whichever stage settled the call. */
export function redact(call: ToolCall): ToolCall {
  if (call.result !== undefined) call.result = redactResult(call.result, call.site.redactor);
  return call;
}

/** The span ends with the call's outcome: `error.type` and status ERROR for a failed call. */
export function endSpan(call: ToolCall): ToolCall {
  if (call.span !== undefined) endClientSpan(call.span, toolCallOutcome(call.result, call.failure));
  return call;
}

/**
 * The result budget (SPEC §7.12): a result over its tool's limit gets a `preview` for the model and
 * its full text is kept by handle (the result stays whole for the host); past the warning threshold
 * the host is told, naming server and tool. A result within its budget passes untouched, no await.
 */
export function budget(call: ToolCall): ToolCall | Promise<ToolCall> {
  const { result, site } = call;
  const settings = site.budget;
  if (result === undefined || settings === undefined) return call;
  const definition = (call.tool as { definition?: unknown }).definition;
  const limits = toolBudget(settings.settings, site.config.resultBudget, call.where.rawName, definition);
  if (limits === undefined) return call;
  const budgeted = applyBudget(result, limits, settings, call.where);
  if (budgeted === result) return call;
  if (!(budgeted instanceof Promise)) return settle(call, budgeted);
  return budgeted.then((kept) => settle(call, kept));
}

/** The stages up to the send, in order; the first to settle the call ends them. */
export const CALL_STAGES: readonly CallStage[] = [
  checkDurations,
  shapeArguments,
  applyContext,
  boundTotal,
  routeTenant,
  resolveTool,
  openSpan,
  send,
];

/** The stages every outcome passes, in order. */
export const RESULT_STAGES: readonly ResultStage[] = [readResult, totalTimeout, redact, endSpan, budget];

/**
 * Runs one tool call through the stages; resolves with its result, redacted, never rejects on
 * what a server did. Bind `site` to get the server's `ToolCaller.callTool`.
 */
export async function runToolCall(
  site: CallSite,
  tool: McpTool,
  args: Record<string, unknown>,
  ctx: McpCallContext | undefined,
): Promise<McpToolResult> {
  let call = newCall(site, tool, args, ctx);
  try {
    for (const stage of CALL_STAGES) {
      const next = stage(call);
      // Only a stage that waits returns a promise: the usual call reaches the send without an await.
      call = next instanceof Promise ? await next : next;
      if (call.result !== undefined) break;
    }
  } finally {
    if (call.counted) call.site.idle.callEnded();
    call.total?.end();
  }
  for (const stage of RESULT_STAGES) {
    const next = stage(call);
    call = next instanceof Promise ? await next : next;
  }
  return call.result as McpToolResult;
}

/** The task-augmented `tools/call`, then the task followed to its end (SPEC §20.6). */
function sendAsTask(call: ToolCall, session: McpSession): Promise<McpToolResult> {
  const { where, args, ctx, timeoutMs } = call;
  const carrier = call.span?.carrier;
  const request = () =>
    runRequest(
      (options) =>
        session.request(
          taskCallRequest(where.rawName, args, carrier, call.extras?.meta),
          TaskCallResultSchema,
          carrier || call.extras?.headers
            ? { ...options, headers: { ...call.extras?.headers, ...carrier } }
            : options,
        ),
      where,
      ctx,
      timeoutMs,
    );
  return runTaskCall(call.site.tasks.site, where, request, ctx, timeoutMs);
}

/**
 * The record one tool call carries through the stages of `call-pipeline.ts`, and the stage types:
 * what each stage reads and fills in, in one place, apart from the stages themselves.
 * @module
 */

import type { LenientCallResult } from "../tools/call-result.js";
import type { ClientSpan } from "../tracing/client-span.js";
import type { McpSession } from "../transport/session.js";
import type { McpCallContext, McpTool, McpToolResult } from "../types.js";
import type { CallExtras } from "./call-extras.js";
import type { CallSite } from "./call-site.js";
import type { CallTarget } from "./run-call.js";
import type { TotalBound } from "./total-bound.js";

/** One tool call on its way through the stages; each stage reads it and fills in its part. */
export interface ToolCall {
  /** The server's call site; a tenant's own instance's once `routeTenant` ran (a `perTenant` server). */
  site: CallSite;
  readonly tool: McpTool;
  readonly where: CallTarget & { rawName: string };
  /** The arguments; `shapeArguments` puts a shaped schema's back into the server's shape. */
  args: Record<string, unknown>;
  /** The context the host gave. */
  readonly callerCtx: McpCallContext | undefined;
  /** The context the request runs under: the host's, with the total bound's signal once it runs. */
  ctx: McpCallContext | undefined;
  /** The request's timeout: the call's own, else the entry's for the tool (`checkDurations`). */
  timeoutMs: number;
  /** The total bound while it runs (`boundTotal`). */
  total: TotalBound | undefined;
  /** Whether the server's idle timer counts this call (`resolveTool`); ended when the call ends. */
  counted: boolean;
  /** The live session (`resolveTool`). */
  session: McpSession | undefined;
  /** The host's `_meta` and headers for the request, reserved keys dropped (`applyContext`). */
  extras: CallExtras | undefined;
  /** The request's span, when the host registered a tracer provider (`openSpan`, ended by `endSpan`). */
  span: ClientSpan | undefined;
  /** What the send failed of (a JSON-RPC error, a transport failure), for the span's `error.type`. */
  failure: unknown;
  /** The server's result as sent (`send`), read by `readResult`. */
  raw: LenientCallResult | undefined;
  /** The call's outcome; a send stage that sets it settles the call. */
  result: McpToolResult | undefined;
}

/** A stage: one call in, the same call out (or a promise of it). */
export type CallStage = (call: ToolCall) => ToolCall | Promise<ToolCall>;

/**
 * A result stage: runs on every call once the send stages are done, settled early or not. Like a
 * send stage, only one that waits (the budget keeping a result) returns a promise.
 */
export type ResultStage = (call: ToolCall) => ToolCall | Promise<ToolCall>;

/** A fresh call record (one object per call). */
export function newCall(
  site: CallSite,
  tool: McpTool,
  args: Record<string, unknown>,
  ctx: McpCallContext | undefined,
): ToolCall {
  return {
    site,
    tool,
    where: { server: site.config.name, tool: tool.name, rawName: tool.rawName },
    args,
    callerCtx: ctx,
    ctx,
    timeoutMs: 0,
    total: undefined,
    counted: false,
    session: undefined,
    extras: undefined,
    span: undefined,
    failure: undefined,
    raw: undefined,
    result: undefined,
  };
}

/** Settles `call` with `result`: the send stages after this one are skipped. */
export function settle(call: ToolCall, result: McpToolResult): ToolCall {
  call.result = result;
  return call;
}

/**
 * The call options every adapter takes under the same names (`timeoutMs`, `maxTotalTimeoutMs`,
 * `onProgress`), and the one step that validates them.
 * @module
 */

import type { SchemaDialect } from "../call-types.js";
import { invalidOption } from "../option-error.js";
import { isSchemaDialect } from "../schema-dialects/dialect-types.js";
import { MAX_TIMER_EXPECTED, MAX_TIMER_MS } from "../timer-limit.js";
import type { McpProgress } from "../types.js";

/** A progress notification of a running call, with the call it belongs to. One shape in every adapter. */
export interface McpToolProgress extends McpProgress {
  /** The model-facing tool name. */
  toolName: string;
  /** The MCP server that runs the tool. */
  server: string;
  /** The host's id of the tool call, when the host has one. */
  toolCallId?: string | undefined;
}

/** Receives the progress notifications of every call of an adapter's tools. */
export type McpToolProgressListener = (progress: McpToolProgress) => void;

/** What a host's `context` function gives one call: who it is for, and what goes with it. */
export interface McpTenantContext {
  /** Who the call is for (`McpCallContext.tenant`): 1 to 256 characters, no control characters. */
  tenant?: string | undefined;
  /** Keys added to the request's `params._meta`; the library's own are dropped (SPEC §23.1). */
  _meta?: Record<string, unknown> | undefined;
  /** Headers added on Streamable HTTP; the transport's and protocol's own are dropped (SPEC §23.1). */
  headers?: Record<string, string> | undefined;
}

/** The adapters' `context` option: the host's per-call context in, the call's tenant context out. */
export type McpHostContextMapper<HostContext> = (hostContext: HostContext) => McpTenantContext | undefined;

/**
 * Checks the `context` option when the adapter is made.
 * @throws McpCoreError `OPTIONS_INVALID` when it is given and not a function
 */
function resolveContextOption(entry: string, value: unknown): McpHostContextMapper<unknown> | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== "function") invalidOption(entry, "context", "a function", value);
  return value as McpHostContextMapper<unknown>;
}

/** The options every adapter shares, as its users write them. Every field is optional. */
export interface AdapterCallOptions {
  /**
   * Milliseconds per MCP call, an integer from 1 to 2147483647; progress notifications reset it.
   * @default the server's `timeout` (30 000)
   */
  timeoutMs?: number | undefined;
  /**
   * Milliseconds for each MCP call in total, an integer from 1 to 2147483647: progress restarts
   * `timeoutMs`, not this. When it runs out the call is cancelled on the server and ends with a
   * `timeout` error.
   * @default none (only `timeoutMs` bounds a call)
   */
  maxTotalTimeoutMs?: number | undefined;
  /** Receives progress notifications; giving it makes every call request progress. @default none */
  onProgress?: McpToolProgressListener | undefined;
  /**
   * Shape each tool's input schema for a provider (SPEC §13.5): `"openai-strict"` (every property
   * required, optional ones nullable, objects closed), `"gemini"` (Gemini's OpenAPI subset),
   * `"anthropic"` (references inlined, no union at the root). The model's arguments go back to the
   * server's shape before the call (the nulls strict mode forced removed).
   * @default "as-is" (the server's schema, unchanged)
   */
  schemaDialect?: SchemaDialect | undefined;
}

/** The shared options after validation. */
export interface ResolvedCallOptions {
  timeoutMs: number | undefined;
  maxTotalTimeoutMs: number | undefined;
  onProgress: McpToolProgressListener | undefined;
  schemaDialect: SchemaDialect;
  /** The adapter's `context` option (SPEC §23.2); `undefined` when the host maps none. */
  context: McpHostContextMapper<unknown> | undefined;
}

function checkTimeoutMs(entry: string, option: string, value: unknown): number | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== "number" || !Number.isInteger(value) || value < 1) {
    invalidOption(entry, option, "an integer ≥ 1 (milliseconds)", value);
  }
  // A longer timer fires after 1 ms: every call would time out at once.
  if (value > MAX_TIMER_MS) invalidOption(entry, option, MAX_TIMER_EXPECTED, value, "a larger number");
  return value;
}

/**
 * Validates the shared options field by field (an explicit `undefined` keeps the default), naming the
 * option the caller wrote.
 * @param entry who reads the options, for the error message (e.g. `"LangChain adapter"`)
 * @throws McpCoreError `OPTIONS_INVALID` naming the option (see `invalidOption`)
 */
export function resolveCallOptions(
  entry: string,
  options:
    | {
        timeoutMs?: unknown;
        maxTotalTimeoutMs?: unknown;
        onProgress?: unknown;
        schemaDialect?: unknown;
        context?: unknown;
      }
    | undefined,
): ResolvedCallOptions {
  const timeoutMs = checkTimeoutMs(entry, "timeoutMs", options?.timeoutMs);
  const maxTotalTimeoutMs = checkTimeoutMs(entry, "maxTotalTimeoutMs", options?.maxTotalTimeoutMs);
  const onProgress = options?.onProgress;
  if (onProgress !== undefined && typeof onProgress !== "function") {
    invalidOption(entry, "onProgress", "a function", onProgress);
  }
  const schemaDialect = options?.schemaDialect ?? "as-is";
  if (!isSchemaDialect(schemaDialect)) {
    invalidOption(entry, "schemaDialect", '"as-is", "openai-strict", "gemini" or "anthropic"', schemaDialect);
  }
  return {
    timeoutMs,
    maxTotalTimeoutMs,
    onProgress: onProgress as McpToolProgressListener | undefined,
    schemaDialect,
    context: resolveContextOption(entry, options?.context),
  };
}

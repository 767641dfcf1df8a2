/**
 * Typed errors of `@toolnexus/mcp-core`. Every error carries a stable string `code`; the
 * `isMcpCoreError` guard works across duplicated copies of the package (a `Symbol.for` marker).
 * @module
 */
import { validationSummary } from "./validation-summary.js";

/** Stable error codes. Add to this union; never rename a member. */
export type McpCoreErrorCode =
  | "CONFIG_INVALID"
  | "CONFIG_NOT_FOUND"
  | "CONFIG_PARSE"
  | "OPTIONS_INVALID"
  | "SERVER_UNKNOWN"
  | "START_FAILED"
  | "START_TIMEOUT"
  | "ABORTED"
  | "CONNECTION_CLOSED"
  | "SESSION_LOST"
  | "LISTING_INVALID"
  | "ENV_INVALID"
  | "STARTUP_FAILED"
  | "CLOSED"
  | "FRAME_TOO_LARGE"
  | "STDIN_BACKLOG_FULL"
  | "TOKEN_STORE_REFUSED"
  | "TOKEN_STORE_LOCK_TIMEOUT"
  | "TOKEN_STORE_LEASE_LOST"
  | "AUTH_STORE_UNAVAILABLE"
  | "CACHE_REFUSED"
  | "RESULT_STORE_REFUSED"
  | "PROTOCOL_UNSUPPORTED"
  | "AUTH_REQUIRED"
  | "AUTH_FAILED"
  | "TENANTS_BUSY"
  | "SANDBOX_UNAVAILABLE";

const MARKER = Symbol.for("@toolnexus/mcp-core.error");

/** The one error class of the core. `server` names the server the error is about, when there is one. */
export class McpCoreError extends Error {
  readonly code: McpCoreErrorCode;
  readonly server: string | undefined;
  /** The last stderr lines of a stdio server whose start failed. */
  readonly stderrTail: string | undefined;
  readonly [MARKER] = true;

  constructor(
    code: McpCoreErrorCode,
    message: string,
    options?: { server?: string | undefined; cause?: unknown; stderrTail?: string | undefined },
  ) {
    super(message, options?.cause === undefined ? undefined : { cause: options.cause });
    this.name = "McpCoreError";
    this.code = code;
    this.server = options?.server;
    // An empty tail says nothing: it reads as none.
    this.stderrTail = options?.stderrTail || undefined;
  }
}

/** True for any `McpCoreError`, even one thrown by another copy of this package. */
export function isMcpCoreError(value: unknown): value is McpCoreError {
  return typeof value === "object" && value !== null && (value as Record<symbol, unknown>)[MARKER] === true;
}

/** The message of any thrown value, for error reporting; a validator's dump becomes a short summary. */
export function errorMessage(value: unknown): string {
  const invalid = validationSummary(value);
  if (invalid !== undefined) return `invalid data (${invalid})`;
  if (value instanceof Error) return value.message;
  return String(value);
}

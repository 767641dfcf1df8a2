/**
 * How a call or a request fails: the kinds and the stable codes, shared by tool results
 * (`types.ts`) and catalog requests (`catalog-types.ts`) without either importing the other.
 * @module
 */
import type { McpCoreErrorCode } from "./errors.js";

/** Why a call failed. `tool` is the server's own `isError` result. */
export type McpToolErrorKind = "unavailable" | "timeout" | "aborted" | "protocol" | "tool";

/**
 * The stable code of a failed call, to branch on (never on the message). Add members, never rename.
 * - `TOOL_REMOVED` (unavailable): the tool is no longer in its server's listing; nothing was sent.
 * - `TOOL_HELD` (unavailable): the tool's definition drifted from its pin (changed, or new) and the
 *   server's drift policy is `hold`: nothing was sent until the host approves it (`approveDrift`).
 * - `TOOL_BLOCKED` (unavailable): the server's drift policy is `block` and a drift waits for approval.
 * - `SERVER_STOPPED` (unavailable): the server is stopped (`stop()`, or never started).
 * - `SERVER_FAILED` (unavailable): the server is in `error` with no restart pending (its start
 *   failed, or its transport died with auto-restart off).
 * - `RESTART_EXHAUSTED` (unavailable): auto-restart gave up on the server.
 * - `CLOSED` (unavailable): the source is closed.
 * - `CONNECTION_CLOSED` (unavailable): the transport ended while the call was in flight.
 * - `CALL_FAILED` (unavailable): the request could not be completed for another transport reason.
 * - `TIMEOUT` (timeout): the call, or the wait for its server to run, ran out of time.
 * - `ABORTED` (aborted): the caller's signal aborted the call.
 * - `PROTOCOL_ERROR` (protocol): a JSON-RPC error, an invalid result, or invalid call options.
 * - `TOOL_ERROR` (tool): the server's own `isError: true` result.
 * - `APP_NOT_ALLOWED` (unavailable): an app bridge call of a tool whose `_meta.ui.visibility` leaves
 *   out the app (a model-only tool), or that its server does not list; nothing was sent.
 * - `APPROVAL_DENIED` (unavailable): an app bridge call the host's approval refused; nothing was sent.
 * - `FRAME_TOO_LARGE`, `STDIN_BACKLOG_FULL`, `SESSION_LOST`… (unavailable): the core error that
 *   ended the call, by its `McpCoreError` code; among them `TENANTS_BUSY` (a `perTenant` server has
 *   `maxInstances` instances, each with a call in flight: no instance for the call's tenant, nothing
 *   sent) and `ENV_INVALID` (the host's `tenantEnv` gave a value that cannot be used).
 */
export type McpToolErrorCode =
  | "TOOL_REMOVED"
  | "TOOL_HELD"
  | "TOOL_BLOCKED"
  | "SERVER_STOPPED"
  | "SERVER_FAILED"
  | "RESTART_EXHAUSTED"
  | "CLOSED"
  | "CONNECTION_CLOSED"
  | "CALL_FAILED"
  | "TIMEOUT"
  | "ABORTED"
  | "PROTOCOL_ERROR"
  | "TOOL_ERROR"
  | "AUTH_REQUIRED"
  | "APP_NOT_ALLOWED"
  | "APPROVAL_DENIED"
  | McpCoreErrorCode;

/**
 * Redaction of the texts that leave the library about one server: errors (and their causes) and
 * tool-call results.
 * @module
 */
import { isMcpCoreError, McpCoreError } from "../errors.js";
import type { McpToolResult } from "../types.js";
import type { Redactor } from "./redactor.js";

/** How deep a cause chain is followed; deeper causes are dropped from a redacted copy. */
const MAX_CAUSE_DEPTH = 4;

/**
 * The error as it may be shown: itself when nothing in its message, stderr tail or cause chain holds
 * a registered value; else a copy (same class for an `McpCoreError`, same `name` and `code`
 * otherwise) whose texts are redacted.
 */
export function redactError<E extends Error>(error: E, redactor: Redactor): E;
export function redactError(error: unknown, redactor: Redactor): unknown;
export function redactError(error: unknown, redactor: Redactor): unknown {
  return needsRedaction(error, redactor, 0) ? redactedCopy(error as Error, redactor, 0) : error;
}

/** The result with its `error.message` and `error.detail` redacted (content is the server's own). */
export function redactResult(result: McpToolResult, redactor: Redactor): McpToolResult {
  const error = result.error;
  if (!error) return result;
  const message = redactor.redact(error.message);
  const detail = redactor.redact(error.detail);
  if (message === error.message && detail === error.detail) return result;
  const redacted: McpToolResult = { ...result, error: { ...error, message } };
  if (detail !== undefined && redacted.error) redacted.error.detail = detail;
  // An error result built by the library carries its message as the only text; keep them equal.
  if (result.error?.kind !== "tool" && result.text === error.message) {
    redacted.text = message;
    redacted.content = [{ type: "text", text: message }];
  }
  return redacted;
}

function textsOf(error: Error): string[] {
  const tail = (error as { stderrTail?: unknown }).stderrTail;
  return typeof tail === "string" ? [error.message, tail] : [error.message];
}

function needsRedaction(error: unknown, redactor: Redactor, depth: number): boolean {
  if (typeof error === "string") return redactor.redact(error) !== error;
  if (!(error instanceof Error) || depth > MAX_CAUSE_DEPTH) return false;
  if (textsOf(error).some((text) => redactor.redact(text) !== text)) return true;
  return needsRedaction(error.cause, redactor, depth + 1);
}

function redactedCopy(error: Error, redactor: Redactor, depth: number): Error {
  const cause = redactedCause(error.cause, redactor, depth);
  const message = redactor.redact(error.message);
  if (isMcpCoreError(error)) {
    const stderrTail = error.stderrTail === undefined ? undefined : redactor.redact(error.stderrTail);
    return new McpCoreError(error.code, message, { server: error.server, cause, stderrTail });
  }
  const copy = new Error(message, cause === undefined ? undefined : { cause });
  copy.name = error.name;
  const code = (error as { code?: unknown }).code;
  if (typeof code === "string" || typeof code === "number") Object.assign(copy, { code });
  return copy;
}

/** A cause as it may be kept: an error copied redacted, a string redacted, an error too deep dropped. */
function redactedCause(cause: unknown, redactor: Redactor, depth: number): unknown {
  if (typeof cause === "string") return redactor.redact(cause);
  if (!(cause instanceof Error)) return cause;
  return depth < MAX_CAUSE_DEPTH ? redactedCopy(cause, redactor, depth + 1) : undefined;
}

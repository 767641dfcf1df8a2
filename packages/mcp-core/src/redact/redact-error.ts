/**
 * Redaction of the texts that leave the library about one server: errors (and their causes) and
 * tool-call results.
 * @module
 */
import { isMcpCoreError, McpCoreError } from "../errors.js";
import type { McpToolResult } from "../tool-types.js";
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
  // Each text is scanned once: the check and the copy share the results.
  const results = new Map<string, string>();
  const once: Redact = (text) => {
    let redacted = results.get(text);
    if (redacted === undefined) {
      redacted = redactor.redact(text);
      results.set(text, redacted);
    }
    return redacted;
  };
  return needsRedaction(error, once, 0) ? redactedCopy(error as Error, once, 0) : error;
}

type Redact = (text: string) => string;

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

function needsRedaction(error: unknown, redact: Redact, depth: number): boolean {
  if (typeof error === "string") return redact(error) !== error;
  if (!(error instanceof Error) || depth > MAX_CAUSE_DEPTH) return false;
  if (textsOf(error).some((text) => redact(text) !== text)) return true;
  return needsRedaction(error.cause, redact, depth + 1);
}

function redactedCopy(error: Error, redact: Redact, depth: number): Error {
  const cause = redactedCause(error.cause, redact, depth);
  const message = redact(error.message);
  if (isMcpCoreError(error)) {
    const stderrTail = error.stderrTail === undefined ? undefined : redact(error.stderrTail);
    return new McpCoreError(error.code, message, { server: error.server, cause, stderrTail });
  }
  const copy = new Error(message, cause === undefined ? undefined : { cause });
  copy.name = error.name;
  const code = (error as { code?: unknown }).code;
  if (typeof code === "string" || typeof code === "number") Object.assign(copy, { code });
  return copy;
}

/** A cause as it may be kept: an error copied redacted, a string redacted, an error too deep dropped. */
function redactedCause(cause: unknown, redact: Redact, depth: number): unknown {
  if (typeof cause === "string") return redact(cause);
  if (!(cause instanceof Error)) return cause;
  return depth < MAX_CAUSE_DEPTH ? redactedCopy(cause, redact, depth + 1) : undefined;
}

/**
 * One server log message as the host receives it: its level checked, its `data` and `logger`
 * redacted, then bounded (redaction first, so a cut never leaves half a secret behind).
 * @module
 */
import type { Redactor } from "../redact/redactor.js";
import { isMcpLogLevel, type McpLogLevel } from "./log-level.js";

/** One `notifications/message` from a server, redacted and bounded. */
export interface ServerLogMessage {
  level: McpLogLevel;
  /** The name of the server's logger, when it gave one (at most 256 characters). */
  logger?: string;
  /**
   * What the server logged (any JSON). Serialized over `MAX_LOG_DATA_BYTES` (16 KiB) it is replaced
   * by that JSON as a string, cut, ending with `…[truncated by toolnexus-mcp: N bytes]`.
   */
  data: unknown;
  /**
   * Only on the summary the core sends after turning messages away over the rate cap: how many
   * it dropped since the previous summary (`logger` is then `"toolnexus-mcp"`).
   */
  dropped?: number;
  /** Set when a `perTenant` server's instance of this tenant sent it (SPEC §23.3). */
  tenant?: string;
}

/** Where a stderr line came from beyond its server (`onStderr`'s third argument). */
export interface StderrLineInfo {
  /** Set when a `perTenant` server's instance of this tenant wrote it (SPEC §23.3). */
  tenant?: string;
}

/** The most bytes of serialized `data` delivered as they are. */
export const MAX_LOG_DATA_BYTES = 16 * 1024;
/** The longest `logger` name delivered. */
export const MAX_LOGGER_CHARS = 256;

/** The message a server sent, or undefined when it is not one (no valid level). */
export function serverLogMessage(params: unknown, redactor: Redactor): ServerLogMessage | undefined {
  if (typeof params !== "object" || params === null) return undefined;
  const { level, logger, data } = params as { level?: unknown; logger?: unknown; data?: unknown };
  if (!isMcpLogLevel(level)) return undefined;
  const message: ServerLogMessage = { level, data: boundedData(data, redactor) };
  if (typeof logger === "string") message.logger = redactor.redact(logger).slice(0, MAX_LOGGER_CHARS);
  return message;
}

function boundedData(data: unknown, redactor: Redactor): unknown {
  let json: string | undefined;
  try {
    json = JSON.stringify(data);
  } catch {
    return "[unserializable log data]";
  }
  if (json === undefined) return data;
  const redacted = redactor.redact(json);
  const encoded = new TextEncoder().encode(redacted);
  if (encoded.length > MAX_LOG_DATA_BYTES) {
    const kept = new TextDecoder().decode(encoded.subarray(0, MAX_LOG_DATA_BYTES));
    return `${kept}…[truncated by toolnexus-mcp: ${encoded.length} bytes]`;
  }
  if (redacted === json) return data;
  try {
    return JSON.parse(redacted);
  } catch {
    // A secret that spanned JSON syntax: the redacted text is still safe to show.
    return redacted;
  }
}

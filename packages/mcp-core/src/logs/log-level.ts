/**
 * The severity of a server's log messages: RFC 5424's levels as MCP names them.
 * @module
 */

/** A server log message's severity, least severe first in {@link MCP_LOG_LEVELS}. */
export type McpLogLevel =
  | "debug"
  | "info"
  | "notice"
  | "warning"
  | "error"
  | "critical"
  | "alert"
  | "emergency";

/** Every level, least severe first (RFC 5424 order, reversed). */
export const MCP_LOG_LEVELS: readonly McpLogLevel[] = Object.freeze([
  "debug",
  "info",
  "notice",
  "warning",
  "error",
  "critical",
  "alert",
  "emergency",
]);

/** True for one of the eight MCP level names. */
export function isMcpLogLevel(value: unknown): value is McpLogLevel {
  return typeof value === "string" && (MCP_LOG_LEVELS as readonly string[]).includes(value);
}

/** True when `level` is `minimum` or more severe. */
export function atLeast(level: McpLogLevel, minimum: McpLogLevel): boolean {
  return MCP_LOG_LEVELS.indexOf(level) >= MCP_LOG_LEVELS.indexOf(minimum);
}

/** The more severe of two levels. */
export function moreSevere(a: McpLogLevel, b: McpLogLevel): McpLogLevel {
  return atLeast(a, b) ? a : b;
}

/**
 * The one way messages name a server. A message about one server starts with `MCP server "x"`:
 * `MCP server "x" failed to start: <cause>` for a failed start, `MCP server "x" <what happened>` or
 * `MCP server "x": <problem>` otherwise; a config problem reads `Invalid MCP config: server "x",
 * field "f": expected …, got …`; a call's `Call to tool "t" on MCP server "x" …`.
 * @module
 */
import { errorMessage } from "./errors.js";

/** `MCP server "x"`. */
export function serverLabel(server: string): string {
  return `MCP server "${server}"`;
}

/** The message of `cause` without a leading `MCP server "x": ` that would name the server twice. */
export function causeText(server: string, cause: unknown): string {
  const text = errorMessage(cause);
  const prefix = `${serverLabel(server)}: `;
  return text.startsWith(prefix) ? text.slice(prefix.length) : text;
}

/** `MCP server "x" failed to start: <cause>`, the server named once. */
export function startFailedMessage(server: string, cause: unknown): string {
  return `${serverLabel(server)} failed to start: ${causeText(server, cause)}`;
}

/**
 * The message of `cause` naming `server` exactly once: as it is when it starts with `MCP server "x"`,
 * else after `MCP server "x": `.
 */
export function aboutServer(server: string, cause: unknown): string {
  const text = errorMessage(cause);
  return text.startsWith(serverLabel(server)) ? text : `${serverLabel(server)}: ${text}`;
}

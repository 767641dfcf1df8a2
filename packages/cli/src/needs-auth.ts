/**
 * How the CLI words a server that waits for a person's authorization. The core's message tells a
 * program to call `source.authorize(…)`; a person at a shell runs `toolnexus-mcp login <server>`,
 * which keeps its loopback listener open until the browser comes back. A command that closes its
 * source (inspect, tools, call) never prints the authorization URL the core made: its listener is
 * gone when the command ends, so the URL would lead nowhere.
 * @module
 */
import type { ServerSnapshot } from "@toolnexus/mcp-core";
import type { ConfigChoice } from "./config-file.js";

/** A word the shell reads as it is; anything else in double quotes. */
function shellWord(word: string): string {
  return /^[A-Za-z0-9_./:@%+=,-]+$/.test(word) ? word : JSON.stringify(word);
}

/** `toolnexus-mcp login <server>`, with the config when it was named on the command line. */
export function loginCommandLine(server: string, config?: ConfigChoice): string {
  const words = ["toolnexus-mcp", "login", server];
  if (config && !config.discovered) words.push(config.path);
  return words.map(shellWord).join(" ");
}

/** `MCP server "x" needs authorization: run toolnexus-mcp login x`. */
export function needsAuthMessage(server: string, config?: ConfigChoice): string {
  return `MCP server "${server}" needs authorization: run ${loginCommandLine(server, config)}`;
}

/**
 * The snapshot as a command that closes its source shows it: a server waiting for authorization
 * gets the CLI's message (the login command) and no authorization URL.
 */
export function withLoginHint<T extends ServerSnapshot>(snapshot: T, config?: ConfigChoice): T {
  if (snapshot.state !== "needs-auth") return snapshot;
  const { authorizationUrl: _dead, ...rest } = snapshot;
  return { ...rest, lastError: needsAuthMessage(snapshot.name, config) } as T;
}

/**
 * `taskServerKey`: the identity a task record is keyed by.
 * @module
 */
import type { ServerConfig } from "./config/server-config.js";
import { configFingerprint } from "./lazy/fingerprint.js";

/**
 * The identity a task record is keyed by: the transport and a hash of what decides which server
 * runs (a remote server's URL and header names, a stdio server's command, args, cwd and env
 * hashes; the listing cache's fingerprint). A changed URL or command is another server, and a task
 * id stored for one server is never sent to another.
 */
export function taskServerKey(config: ServerConfig): string {
  return `${config.transport}:${configFingerprint(config)}`;
}

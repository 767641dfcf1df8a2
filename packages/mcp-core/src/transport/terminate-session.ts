/**
 * Ending a Streamable HTTP session on the server (a DELETE carrying its session id), bounded: a
 * server that never answers must not hold up `close()`.
 * @module
 */
import type { Transport } from "@modelcontextprotocol/client";
import { withTimeout } from "../timing/with-timeout.js";

/**
 * Sends the transport's session DELETE when it has one (Streamable HTTP), waiting at most
 * `timeoutMs` for the answer. Never rejects: the session ends on our side either way.
 */
export async function terminateSession(transport: Transport, timeoutMs: number): Promise<void> {
  const http = transport as Transport & { terminateSession?: () => Promise<void> };
  if (typeof http.terminateSession !== "function") return;
  await withTimeout(
    http.terminateSession().catch(() => {}),
    timeoutMs,
    () => undefined,
  );
}

/**
 * Asking a server for its log messages from a minimum level on. The 2025 era has one request for
 * the session, `logging/setLevel`; the modern era (2026-07-28) has none: each request carries the
 * level in its `_meta` (`io.modelcontextprotocol/logLevel`), and a server sends no log message for
 * a request without it. The v2 client attaches that key to nothing by itself, so the core does, on
 * every request it sends to a server that offers `logging`.
 * @module
 */
import { type Client, type JSONRPCMessage, LOG_LEVEL_META_KEY } from "@modelcontextprotocol/client";
import { errorMessage } from "../errors.js";
import { requestOptions } from "../request-options.js";
import { serverLabel } from "../server-message.js";
import type { McpLogLevel } from "./log-level.js";

/** Whether the connected server declared the `logging` capability (either era). */
export function offersLogging(client: Client): boolean {
  return client.getServerCapabilities()?.logging !== undefined;
}

/**
 * The request with `_meta["io.modelcontextprotocol/logLevel"]` added while `level` names one (the
 * session is modern and the server offers logging); a request that sets the key itself keeps its
 * own, and any other message passes unchanged. The session's transport applies it to every message
 * it sends.
 */
export function withLogLevel(message: JSONRPCMessage, level: McpLogLevel | undefined): JSONRPCMessage {
  if (level === undefined || !("method" in message) || !("id" in message)) return message;
  const params = (message.params ?? {}) as { _meta?: Record<string, unknown> };
  if (params._meta && LOG_LEVEL_META_KEY in params._meta) return message;
  return { ...message, params: { ...params, _meta: { ...params._meta, [LOG_LEVEL_META_KEY]: level } } };
}

/**
 * On the 2025 era, sends `logging/setLevel` to a server that offers logging. A server that refuses
 * it still runs (its messages below the level are filtered on our side); the host hears why.
 */
export async function setServerLogLevel(
  client: Client,
  level: McpLogLevel,
  context: {
    server: string;
    timeoutMs: number;
    signal: AbortSignal | undefined;
    onWarning: ((message: string) => void) | undefined;
  },
): Promise<void> {
  if (client.getProtocolEra() === "modern" || !offersLogging(client)) return;
  try {
    await client.setLoggingLevel(level, requestOptions(context.timeoutMs, context.signal));
  } catch (error) {
    if (context.signal?.aborted) throw error;
    context.onWarning?.(
      `${serverLabel(context.server)} refused logging/setLevel ${level} (${errorMessage(error)}); its log messages below ${level} are dropped here`,
    );
  }
}

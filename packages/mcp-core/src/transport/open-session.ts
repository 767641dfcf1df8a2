/**
 * Opens a session of either era: spawn or connect, negotiate (or adopt a prior verdict), and on the
 * modern era subscribe to tool-list changes. Streamable HTTP falls back to legacy SSE only when the
 * endpoint is missing, never when the server answered that it speaks other protocol versions.
 * @module
 */
import type { Client, Transport } from "@modelcontextprotocol/client";
import { isModernVersion, MODERN_PROTOCOL_VERSION } from "../config/protocol-setting.js";
import { McpCoreError } from "../errors.js";
import { setServerLogLevel } from "../logs/request-log-level.js";
import { requestOptions } from "../request-options.js";
import { serverLabel, startFailedMessage } from "../server-message.js";
import { authorizationNeeded, isAuthorizationNeeded } from "./authorization-needed.js";
import { CallChannel } from "./call-channel.js";
import type { ChildProcessTransport } from "./child-process-transport.js";
import { handshakeSpans } from "./handshake-spans.js";
import {
  createHttpTransport,
  isStreamExhausted,
  shouldFallBackToSse,
  sseFallbackFailure,
} from "./http-transport.js";
import {
  connectFailureCause,
  isConnectionClosed,
  isEraNegotiationFailure,
  unsupportedVersionList,
} from "./protocol-errors.js";
import { type McpSession, type NegotiatedProtocol, Session, type SessionParams } from "./session.js";
import { newSessionClient } from "./session-client.js";
import { sessionTransport } from "./session-transport.js";

type Mode = "stdio" | "streamable" | "sse";

async function connect(
  params: SessionParams,
  mode: Mode,
  makeTransport: (session: () => Session | undefined) => Transport,
  child?: ChildProcessTransport,
): Promise<Session> {
  const { config } = params;
  // The session's end, however it comes (a crash, a lost session, a close, a failed connect).
  const ended = new AbortController();
  const client = newSessionClient({
    protocol: config.protocol,
    transport: mode === "streamable" ? "http" : mode,
    timeoutMs: params.timeoutMs,
    clientHandlers: params.clientHandlers,
    sessionEnded: ended.signal,
    onListChanged: params.onListChanged,
    onLogMessage: params.output && ((message) => params.output?.log(message)),
    onCatalogEvent: params.onCatalogEvent,
  });
  let session: Session | undefined;
  const { output } = params;
  const inner = makeTransport(() => session);
  // Its calls go out through the whole session transport, as the client's requests do.
  const calls = new CallChannel((message, options) => transport.send(message, options));
  const transport = sessionTransport(inner, {
    client,
    streamable: mode === "streamable",
    minLogLevel: output && (() => output.minLevel),
    calls,
    // Under the context the open began in: the host's span at load, none for a restart's timer.
    handshake: handshakeSpans(config, () => inner.sessionId),
  });
  client.onclose = () => {
    ended.abort();
    // A child's end is said with how it ended (the signal that killed it, its exit code).
    const how = child?.exitStatus;
    const message = `${serverLabel(config.name)} closed the connection${how ? `: its process ${how}` : ""}`;
    session?.lost(
      child?.fatalError ?? new McpCoreError("CONNECTION_CLOSED", message, { server: config.name }),
    );
  };
  client.onerror = (error) => {
    if (isStreamExhausted(error)) session?.lost(error);
  };
  try {
    const options = requestOptions(params.timeoutMs, params.signal);
    const prior = config.protocol === "auto" && mode !== "sse" ? params.prior : undefined;
    await client.connect(transport, prior ? { ...options, prior } : options);
    session = new Session(client, inner, params, negotiated(client, mode), calls, child);
    if (output) {
      await setServerLogLevel(client, output.minLevel, {
        server: config.name,
        timeoutMs: params.timeoutMs,
        signal: params.signal,
        onWarning: params.onWarning,
      });
    }
    // Only a server that offers tool-list (resource-list, prompt-list) changes is asked for them.
    await session.listen();
    return session;
  } catch (error) {
    await session?.close().catch(() => {});
    await client.close().catch(() => {});
    ended.abort();
    throw error;
  }
}

/** The era the client settled on, and the verdict that lets a later connect skip the probe. */
function negotiated(client: Client, mode: Mode): NegotiatedProtocol {
  const version = client.getNegotiatedProtocolVersion() ?? "unknown";
  const discover = client.getDiscoverResult();
  const modern = client.getProtocolEra() === "modern" || isModernVersion(version);
  const listChanged = client.getServerCapabilities()?.tools?.listChanged === true;
  return {
    version,
    era: modern ? "modern" : "legacy",
    // A round trip through JSON: the verdict is stored as plain data (the listing cache).
    verdict:
      modern && discover
        ? { kind: "modern", discover: JSON.parse(JSON.stringify(discover)) }
        : { kind: "legacy" },
    toolListUpdates: listChanged ? "live" : "unsupported",
    transport: mode === "streamable" ? "http" : mode,
  };
}

/** `MCP server "x" failed to start: it speaks only …` for a server that refused our versions. */
function versionMismatch(params: SessionParams, supported: string[], cause: unknown): McpCoreError {
  const { name, protocol } = params.config;
  const speaks = supported.length > 0 ? `protocol ${supported.join(", ")}` : "other protocol versions";
  const offered = protocol === "auto" ? "none of the versions this client speaks" : `not ${protocol}`;
  const hint =
    protocol === "auto"
      ? ""
      : ` (set "protocol" to "auto"${supported.length > 0 ? ` or "${supported[0]}"` : ""})`;
  return new McpCoreError(
    "PROTOCOL_UNSUPPORTED",
    startFailedMessage(name, `it speaks only ${speaks}, ${offered}${hint}`),
    { server: name, cause },
  );
}

/**
 * A failed open, unclassified: what the transport saw (the cause, the child's output, whether the
 * attempt was aborted then). The start-failure classifier turns it into one `McpCoreError`.
 */
export class OpenFailure extends Error {
  readonly phase = "initialize";
  constructor(
    cause: unknown,
    readonly aborted: boolean,
    readonly stderrTail: string | undefined,
    readonly stdoutNoise: string | undefined,
  ) {
    super("open failed", { cause });
    this.name = "OpenFailure";
  }
}

/** `Connection closed: its process exited with code 3` for a child that ended during the open. */
function withExitStatus(cause: unknown, child: ChildProcessTransport | undefined): unknown {
  const how = child?.exitStatus;
  if (!how || !isConnectionClosed(cause)) return cause;
  return new Error(`${(cause as Error).message}: its process ${how}`, { cause });
}

function startError(params: SessionParams, error: unknown, child?: ChildProcessTransport): Error {
  if (isAuthorizationNeeded(error)) return authorizationNeeded(params.config.name, error, params.tenant);
  const supported = unsupportedVersionList(error);
  if (supported) return versionMismatch(params, supported, error);
  return new OpenFailure(
    // The child's own fatal error (an oversized frame) says more than the "Connection closed" it
    // caused; a child that ended says how (its exit code, the signal that killed it).
    child?.fatalError ??
      withExitStatus(
        connectFailureCause(error, params.config.transport === "stdio" ? undefined : params.config.url),
        child,
      ),
    params.signal?.aborted === true,
    child?.stderr.text(),
    child?.stdoutNoise.firstSample,
  );
}

/** Opens a session: spawn or connect, then negotiate, bounded by the timeout and the signal. */
export async function openSession(params: SessionParams): Promise<McpSession> {
  const { config } = params;
  if (config.transport === "stdio") {
    try {
      return await openStdio(params);
    } catch (error) {
      if (params.prior || config.protocol !== "auto" || !(error instanceof Error)) throw error;
      // A 2025-era server that exits on the probe (an unknown first request): respawn it and speak
      // initialize straight away.
      if (isEraNegotiationFailure(error.cause))
        return await openStdio({ ...params, prior: { kind: "legacy" } });
      // A modern server slower to answer than the probe waits: the fallback initialize was refused
      // with a modern version we speak. Respawn it pinned to that version.
      if (unsupportedVersionList(error.cause)?.includes(MODERN_PROTOCOL_VERSION)) {
        return await openStdio({ ...params, config: { ...config, protocol: MODERN_PROTOCOL_VERSION } });
      }
      throw error;
    }
  }
  const http = (mode: "streamable" | "sse") =>
    connect(params, mode, (session) =>
      createHttpTransport(
        {
          server: config.name,
          url: config.url,
          headers: params.headers,
          auth: params.auth,
          onFatal: (e) => session()?.lost(e),
          maxFrameBytes: params.maxFrameBytes,
        },
        mode,
      ),
    );
  try {
    if (config.transport === "sse") return await http("sse");
    try {
      return await http("streamable");
    } catch (error) {
      if (unsupportedVersionList(error) || isAuthorizationNeeded(error) || !shouldFallBackToSse(error))
        throw error;
      return await http("sse").catch((fallback: unknown) => {
        throw sseFallbackFailure(error, fallback);
      });
    }
  } catch (error) {
    throw startError(params, error);
  }
}

async function openStdio(params: SessionParams): Promise<McpSession> {
  const { config } = params;
  if (config.transport !== "stdio") throw new TypeError("openStdio needs a stdio server");
  // Loaded on first use: the root entry's static imports stay free of node:child_process.
  const { ChildProcessTransport } = await import("./child-process-transport.js");
  const child = new ChildProcessTransport({
    command: config.command,
    args: config.args,
    env: params.childEnv,
    cwd: config.cwd,
    killGraceMs: params.killGraceMs,
    keepAlive: params.keepAlive,
    maxFrameBytes: params.maxFrameBytes,
    server: config.name,
    adopt: params.adoptChild,
    onSpawned: params.onChildSpawned,
    onStderrLine: params.output && ((line) => params.output?.stderrLine(line)),
    onStdoutNoise: (sample) =>
      params.onWarning?.(
        `${serverLabel(config.name)} wrote a line that is not JSON-RPC to stdout: ${sample}`,
      ),
  });
  try {
    return await connect(params, "stdio", () => child, child);
  } catch (error) {
    await child.drained(200);
    throw startError(params, error, child);
  }
}

/**
 * One live protocol session with one server: a new SDK Client and a new transport per open
 * (both are single-use). Reports an unexpected end once through `onLost`.
 * @module
 */
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import type { RequestOptions } from "@modelcontextprotocol/sdk/shared/protocol.js";
import type { Transport } from "@modelcontextprotocol/sdk/shared/transport.js";
import {
  type ElicitRequest,
  ElicitRequestSchema,
  type ElicitResult,
  ToolListChangedNotificationSchema,
} from "@modelcontextprotocol/sdk/types.js";
import type { ServerConfig } from "../config/server-config.js";
import { McpCoreError } from "../errors.js";
import { classifyStartFailure } from "../lifecycle/start-failure.js";
import { type LenientCallResult, LenientCallResultSchema } from "../tools/call-result.js";
import { type Listing, listAllTools } from "../tools/list-tools.js";
import type { ChildProcessTransport } from "./child-process-transport.js";
import { createHttpTransport, isStreamExhausted, shouldFallBackToSse } from "./http-transport.js";
import { requestOptions } from "./request-options.js";

const CLIENT_INFO = { name: "toolnexus-mcp", version: "0.1.0" };

/** What opening a session needs. */
export interface SessionParams {
  config: ServerConfig;
  /** The complete, scoped child env (stdio). */
  childEnv: Record<string, string>;
  /** Resolved headers for each request (remote). */
  headers: () => Promise<Record<string, string>>;
  timeoutMs: number;
  killGraceMs: number;
  /** The largest frame a stdio server may send, and the stdin backlog bound. */
  maxFrameBytes: number;
  signal: AbortSignal | undefined;
  onElicitation: ((request: ElicitRequest["params"]) => Promise<ElicitResult>) | undefined;
  onListChanged: (() => void) | undefined;
  /** Reports what the host should hear about but not fail on (unparseable stdout). */
  onWarning: ((message: string) => void) | undefined;
  /** The session ended without `close()`: crash, lost HTTP session, unreachable server. */
  onLost: (error: Error) => void;
}

/** A connected, initialized session. */
export interface McpSession {
  readonly pid: number | undefined;
  stderrTail(): string | undefined;
  listTools(options: { timeoutMs: number; signal?: AbortSignal }): Promise<Listing>;
  callTool(name: string, args: Record<string, unknown>, options: RequestOptions): Promise<LenientCallResult>;
  ping(timeoutMs: number): Promise<void>;
  /** Ends the session (DELETE for HTTP) and the transport; kills a stdio child's group. */
  close(): Promise<void>;
}

class Session implements McpSession {
  private closed = false;
  private lostReported = false;

  constructor(
    private readonly client: Client,
    private readonly transport: Transport,
    private readonly params: SessionParams,
    /** The stdio transport, for its pid and stderr; absent for remote servers. */
    private readonly child?: ChildProcessTransport,
  ) {}

  get pid(): number | undefined {
    return this.child?.pid;
  }

  stderrTail(): string | undefined {
    return this.child?.stderr.text();
  }

  /** Reports the loss once and tears the transport down, so nothing keeps retrying. */
  lost(error: Error): void {
    if (this.closed || this.lostReported) return;
    this.lostReported = true;
    this.params.onLost(error);
    void this.client.close().catch(() => {});
  }

  listTools(options: { timeoutMs: number; signal?: AbortSignal }): Promise<Listing> {
    return listAllTools(this.client, this.params.config.name, options);
  }

  async callTool(
    name: string,
    args: Record<string, unknown>,
    options: RequestOptions,
  ): Promise<LenientCallResult> {
    try {
      // A plain request, not client.callTool: the SDK would validate structuredContent even on
      // isError, and its schema rejects a whole result for one block of an unknown type.
      return await this.client.request(
        { method: "tools/call", params: { name, arguments: args } },
        LenientCallResultSchema,
        options,
      );
    } catch (error) {
      // "Connection closed" after the transport ended the session itself: say why.
      throw this.child?.fatalError ?? error;
    }
  }

  async ping(timeoutMs: number): Promise<void> {
    await this.client.ping({ timeout: timeoutMs });
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    const transport = this.transport as Transport & { terminateSession?: () => Promise<void> };
    if (!this.lostReported && typeof transport.terminateSession === "function") {
      await withTimeout(
        transport.terminateSession().catch(() => {}),
        this.params.timeoutMs,
      );
    }
    await this.client.close().catch(() => {});
  }
}

function withTimeout(promise: Promise<unknown>, ms: number): Promise<unknown> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise((resolve) => {
    timer = setTimeout(resolve, ms);
    timer.unref();
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

function newClient(params: SessionParams): Client {
  const client = new Client(CLIENT_INFO, {
    capabilities: params.onElicitation ? { elicitation: { form: {}, url: {} } } : {},
  });
  const onElicitation = params.onElicitation;
  if (onElicitation)
    client.setRequestHandler(ElicitRequestSchema, (request) => onElicitation(request.params));
  if (params.onListChanged) {
    const onListChanged = params.onListChanged;
    client.setNotificationHandler(ToolListChangedNotificationSchema, () => onListChanged());
  }
  return client;
}

async function connect(
  params: SessionParams,
  makeTransport: (session: () => Session | undefined) => Transport,
  child?: ChildProcessTransport,
): Promise<Session> {
  const client = newClient(params);
  let session: Session | undefined;
  const transport = makeTransport(() => session);
  client.onclose = () =>
    session?.lost(
      child?.fatalError ??
        new McpCoreError("CONNECTION_CLOSED", `MCP server "${params.config.name}" closed the connection`, {
          server: params.config.name,
        }),
    );
  client.onerror = (error) => {
    if (isStreamExhausted(error)) session?.lost(error);
  };
  try {
    await client.connect(transport, requestOptions(params.timeoutMs, params.signal));
  } catch (error) {
    await client.close().catch(() => {});
    throw error;
  }
  session = new Session(client, transport, params, child);
  return session;
}

function startError(params: SessionParams, error: unknown, child?: ChildProcessTransport): McpCoreError {
  return classifyStartFailure({
    server: params.config.name,
    phase: "initialize",
    // The child's own fatal error (an oversized frame) says more than the "Connection closed" it caused.
    error: child?.fatalError ?? error,
    aborted: params.signal?.aborted === true,
    timeoutMs: params.timeoutMs,
    stderrTail: child?.stderr.text(),
    stdoutNoise: child?.stdoutNoise.firstSample,
  });
}

/** Opens a session: spawn or connect, then initialize, bounded by the timeout and the signal. */
export async function openSession(params: SessionParams): Promise<McpSession> {
  const { config } = params;
  if (config.transport === "stdio") {
    // Loaded on first use: the root entry's static imports stay free of node:child_process.
    const { ChildProcessTransport } = await import("./child-process-transport.js");
    const child = new ChildProcessTransport({
      command: config.command,
      args: config.args,
      env: params.childEnv,
      cwd: config.cwd,
      killGraceMs: params.killGraceMs,
      maxFrameBytes: params.maxFrameBytes,
      server: config.name,
      onStdoutNoise: (sample) =>
        params.onWarning?.(
          `MCP server "${config.name}" wrote a line that is not JSON-RPC to stdout: ${sample}`,
        ),
    });
    try {
      return await connect(params, () => child, child);
    } catch (error) {
      await child.drained(200);
      throw startError(params, error, child);
    }
  }
  const http = (mode: "streamable" | "sse") =>
    connect(params, (session) =>
      createHttpTransport(
        { server: config.name, url: config.url, headers: params.headers, onFatal: (e) => session()?.lost(e) },
        mode,
      ),
    );
  try {
    if (config.transport === "sse") return await http("sse");
    try {
      return await http("streamable");
    } catch (error) {
      if (!shouldFallBackToSse(error)) throw error;
      return await http("sse");
    }
  } catch (error) {
    throw startError(params, error);
  }
}

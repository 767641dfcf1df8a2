/**
 * One live protocol session with one server, of either era: a new client and a new transport per
 * open. Reports an unexpected end once through `onLost`.
 * @module
 */
import type { Client, RequestOptions, ServerCapabilities, Transport } from "@modelcontextprotocol/client";
import { type z, z as zod } from "zod";
import { errorMessage, isMcpCoreError, type McpCoreError } from "../errors.js";
import { boundedInstructions } from "../logs/server-instructions.js";
import { type LenientCallResult, LenientCallResultSchema } from "../tools/call-result.js";
import { type Listing, listAllTools } from "../tools/list-tools.js";
import { listPaged, type PagedKind, type PagedListing } from "../tools/paged-list.js";
import { type ParamHeader, paramHeaderValues, withParamHeaders } from "../tools/param-headers.js";
import { authorizationNeeded, isAuthorizationNeeded } from "./authorization-needed.js";
import type { CallChannel } from "./call-channel.js";
import type { ChildProcessTransport } from "./child-process-transport.js";
import { METHOD_NOT_FOUND, serverError } from "./protocol-errors.js";
import { withSdkCallOptions } from "./sdk-call-options.js";
import { listenFilter, SessionStreams } from "./session-streams.js";
import type { McpSession, NegotiatedProtocol, SessionParams, ToolCallOptions } from "./session-types.js";
import { terminateSession } from "./terminate-session.js";

// The lifecycle and the catalog take it from here, with the session.
export type { CatalogEvent } from "./session-callbacks.js";
export type {
  McpSession,
  NegotiatedProtocol,
  SessionParams,
  ToolCallOptions,
} from "./session-types.js";

export class Session implements McpSession {
  private closed = false;
  private lostReported = false;
  /** An HTTP frame over `maxFrameBytes` that ended the session: what its pending requests failed of. */
  private frameTooLarge: McpCoreError | undefined;
  /**
   * Why the session ended without `close()` (a crash, a lost HTTP session, an unreachable server):
   * what a request the closed client then refuses with "Not connected" really failed of.
   */
  private lostError: Error | undefined;
  /** The `Mcp-Param-*` declarations of the latest listing's tools, by raw name. */
  private paramHeaders = new Map<string, ParamHeader[]>();
  /** The modern era's listen streams, closed with the session. */
  private readonly streams: SessionStreams;
  /** Stops telling the server of root changes (a 2025-era session with the load's roots). */
  private readonly stopRootsNotices: (() => void) | undefined;

  constructor(
    private readonly client: Client,
    /** The real transport (not the client's wrapper around it), for a legacy session's DELETE. */
    private readonly transport: Transport,
    private readonly params: SessionParams,
    private readonly negotiated: NegotiatedProtocol,
    /** The session's own `tools/call` path, used while the session speaks the 2025 era. */
    private readonly calls: CallChannel | undefined,
    /** The stdio transport, for its pid and stderr; absent for remote servers. */
    private readonly child?: ChildProcessTransport,
  ) {
    this.streams = new SessionStreams({
      client,
      server: params.config.name,
      timeoutMs: params.timeoutMs,
      signal: params.signal,
      onWarning: params.onWarning,
      lost: (error) => this.lost(error),
      lossError: () => this.lostError,
    });
    // The 2026 era has no such notification: its server asks for roots within each call.
    const onRootsChange = params.clientHandlers.roots?.onChange;
    if (onRootsChange && negotiated.era === "legacy") {
      this.stopRootsNotices = onRootsChange(() => {
        client.sendRootsListChanged().catch((error: unknown) => {
          params.onWarning?.(
            `MCP server "${params.config.name}": the roots change could not be sent: ${errorMessage(error)}`,
          );
        });
      });
    }
  }

  /** The protocol the session speaks; {@link listen} settles whether its tool list is live. */
  get protocol(): Readonly<NegotiatedProtocol> {
    return this.negotiated;
  }

  /**
   * On the modern era, asks the server for the list changes the host follows and it offers (once,
   * while the session starts). A server that will not report tool-list changes leaves its tool list
   * "unsupported" (refresh() still re-lists it).
   */
  async listen(): Promise<void> {
    if (this.negotiated.era !== "modern") return;
    const filter = listenFilter(this.capabilities(), this.params, this.negotiated.toolListUpdates);
    if (Object.keys(filter).length === 0) return;
    const toolsOffered = await this.streams.listen(filter);
    if (filter.toolsListChanged && !toolsOffered) this.negotiated.toolListUpdates = "unsupported";
  }

  get sessionId(): string | undefined {
    return this.transport.sessionId;
  }

  get pid(): number | undefined {
    return this.child?.pid;
  }

  get instructions(): string | undefined {
    return boundedInstructions(this.client.getInstructions());
  }

  stderrTail(): string | undefined {
    return this.child?.stderr.text();
  }

  /** Reports the loss once and tears the transport down, so nothing keeps retrying. */
  lost(error: Error): void {
    if (this.closed || this.lostReported) return;
    this.lostReported = true;
    this.lostError = error;
    this.stopRootsNotices?.();
    if (isMcpCoreError(error) && error.code === "FRAME_TOO_LARGE") this.frameTooLarge = error;
    this.params.onLost(error);
    this.streams.abandon();
    void this.client.close().catch(() => {});
  }

  capabilities(): ServerCapabilities | undefined {
    return this.client.getServerCapabilities();
  }

  listPaged<T>(
    kind: PagedKind<T>,
    options: { timeoutMs: number; signal?: AbortSignal },
  ): Promise<PagedListing<T>> {
    const traced = { ...options, trace: { config: this.params.config, session: this } };
    return listPaged(this.client, this.params.config.name, kind, traced).catch((error) => {
      throw this.failureOf(error);
    });
  }

  async subscribeResource(uri: string, timeoutMs: number): Promise<() => Promise<void>> {
    if (this.protocol.era === "legacy") {
      const empty = LooseResultSchema;
      await this.request({ method: "resources/subscribe", params: { uri } }, empty, { timeout: timeoutMs });
      return async () => {
        if (this.closed || this.lostReported) return;
        await this.request({ method: "resources/unsubscribe", params: { uri } }, empty, {
          timeout: timeoutMs,
        }).catch(() => {});
      };
    }
    return this.streams.subscribeResource(uri, timeoutMs);
  }

  async listTools(options: { timeoutMs: number; signal?: AbortSignal }): Promise<Listing> {
    const traced = { ...options, trace: { config: this.params.config, session: this } };
    const listing = await listAllTools(this.client, this.params.config.name, traced).catch((error) => {
      // A server that declares no tools (resources or prompts only) may not implement tools/list.
      const noTools = this.client.getServerCapabilities()?.tools === undefined;
      if (noTools && serverError(error)?.code === METHOD_NOT_FOUND) return { tools: [], warnings: [] };
      throw this.failureOf(error);
    });
    // Parameter headers are the modern era's, and only Streamable HTTP carries headers.
    if (this.protocol.era !== "modern" || this.child) return listing;
    const mirrored = withParamHeaders(listing, this.params.config.name);
    this.paramHeaders = mirrored.byTool;
    return mirrored.listing;
  }

  callTool(
    name: string,
    args: Record<string, unknown>,
    options: ToolCallOptions,
  ): Promise<LenientCallResult> {
    // The 2025 era's calls take the core's own path (`CallChannel`); the 2026 era's go through the
    // client, which fulfils `input_required` answers and writes the request envelope.
    if (this.calls && this.negotiated.era === "legacy") {
      return this.calls.call(name, args, options).catch((error: unknown) => {
        throw this.requestFailure(error);
      });
    }
    // A plain request, not client.callTool: its result schema rejects a whole result for one
    // block of an unknown type.
    const paramHeaders = this.paramHeaders.get(name);
    const { trace, meta } = options;
    const params: Record<string, unknown> = { name, arguments: args };
    // The trace keys in `_meta` (SEP-414) and, over HTTP, as headers too (SPEC "Tracing"); the
    // host's keys first, so the library's own win (SPEC §23.1).
    if (trace || meta) params._meta = { ...meta, ...trace };
    const headers =
      paramHeaders || trace || options.headers
        ? { ...options.headers, ...trace, ...(paramHeaders && paramHeaderValues(paramHeaders, args)) }
        : undefined;
    return withSdkCallOptions(options, (requestOptions) =>
      this.request({ method: "tools/call", params }, LenientCallResultSchema, {
        ...requestOptions,
        ...(headers && { headers }),
      }),
    );
  }

  async request<T>(
    request: { method: string; params?: Record<string, unknown> },
    schema: z.ZodType<T>,
    options: RequestOptions,
  ): Promise<T> {
    try {
      return await this.client.request(request, schema, options);
    } catch (error) {
      throw this.requestFailure(error);
    }
  }

  /** What a failed request rejects with; an authorization only a person can give ends the session. */
  private requestFailure(error: unknown): unknown {
    // The connection waits for that authorization (needs-auth).
    if (isAuthorizationNeeded(error))
      this.lost(authorizationNeeded(this.params.config.name, error, this.params.tenant));
    return this.failureOf(error);
  }

  /**
   * What a failed request reports: "Connection closed" after the transport ended the session
   * itself, or "Not connected" after the session was lost (a subscription stream refused while a
   * restart lists, a server gone between two requests), say why instead.
   */
  private failureOf(error: unknown): unknown {
    const fatal = this.child?.fatalError ?? this.frameTooLarge;
    if (fatal) return fatal;
    return this.lostError && isNotConnected(error) ? this.lostError : error;
  }

  async healthCheck(timeoutMs: number): Promise<void> {
    if (this.protocol.era === "modern") await this.client.discover({ timeout: timeoutMs });
    else await this.client.ping({ timeout: timeoutMs });
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.stopRootsNotices?.();
    await this.streams.close();
    if (!this.lostReported && this.protocol.era === "legacy") {
      await terminateSession(this.transport, this.params.timeoutMs);
    }
    await this.client.close().catch(() => {});
  }
}

/** An empty (or any) result: subscribe and unsubscribe answer `{}`. */
const LooseResultSchema = zod.looseObject({});

/** The client's refusal of a request after it was closed (`SdkError` NOT_CONNECTED or v1's plain Error). */
function isNotConnected(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  return (error as { code?: unknown }).code === "NOT_CONNECTED" || error.message === "Not connected";
}

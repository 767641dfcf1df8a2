/**
 * What a protocol session is to the rest of the core: how one is opened ({@link SessionParams}),
 * what it negotiated, and what it offers ({@link McpSession}).
 * @module
 */
import type { PriorDiscovery, RequestOptions, ServerCapabilities } from "@modelcontextprotocol/client";
import type { z } from "zod";
import type { ServerAuth } from "../auth/server-auth.js";
import type { McpProgress } from "../call-types.js";
import type { ServerConfig } from "../config/server-config.js";
import type { ServerOutput } from "../logs/server-output.js";
import type { LenientCallResult } from "../tools/call-result.js";
import type { Listing } from "../tools/list-tools.js";
import type { PagedKind, PagedListing } from "../tools/paged-list.js";
import type { TraceCarrier } from "../tracing/trace-carrier.js";
import type { CatalogEvent, ClientHandlers } from "./session-callbacks.js";
import type { ChildLaunch, WatchedChild } from "./spawn-child.js";

/** One `tools/call`'s bounds and listeners. */
export interface ToolCallOptions {
  /** Milliseconds without an answer (or, with `onProgress`, without progress) before it times out. */
  timeoutMs: number;
  /** The caller's signal: aborting it cancels the request (`notifications/cancelled`). */
  signal?: AbortSignal | undefined;
  /** Each progress notification of the call; each also starts the timeout again. */
  onProgress?: ((progress: McpProgress) => void) | undefined;
  /** The call span's trace keys (SPEC "Tracing"): into `params._meta`, and as headers over HTTP. */
  trace?: TraceCarrier | undefined;
  /** The host's `_meta` keys (SPEC §23.1), reserved keys already dropped; the library's win. */
  meta?: Record<string, unknown> | undefined;
  /** The host's headers (Streamable HTTP only), reserved names already dropped. */
  headers?: Record<string, string> | undefined;
}

/** What opening a session needs. */
export interface SessionParams {
  config: ServerConfig;
  /** The tenant of a `perTenant` server's instance, for what its messages tell the host. */
  tenant?: string | undefined;
  /** The complete, scoped child env (stdio). */
  childEnv: Record<string, string>;
  /** Resolved headers for each request (remote). */
  headers: () => Promise<Record<string, string>>;
  timeoutMs: number;
  killGraceMs: number;
  /** A running stdio child holds the host process open (`keepAlive`). */
  keepAlive: boolean;
  /** The stdio child of this open is running (its pid), before the session is: shown while starting. */
  onChildSpawned?: ((pid: number) => void) | undefined;
  /** A stdio child spawned before this open, to adopt if it launched the same process. */
  adoptChild?: ((launch: ChildLaunch) => WatchedChild | undefined) | undefined;
  /** The largest frame a stdio server may send, and the stdin backlog bound. */
  maxFrameBytes: number;
  signal: AbortSignal | undefined;
  /**
   * The era verdict of an earlier session of this server (`protocol: "auto"` only): connecting
   * with it sends no `server/discover`. A verdict the server no longer honours is dropped and the
   * era negotiated again.
   */
  prior: PriorDiscovery | undefined;
  /** The server's OAuth (remote servers with `auth`): the transport's provider and its fetch. */
  auth: Pick<ServerAuth, "provider" | "wrapFetch"> | undefined;
  /** What the server may ask of the client, bound to this server and guarded. */
  clientHandlers: ClientHandlers;
  onListChanged: (() => void) | undefined;
  /** Where the server's log messages and stderr lines go, and the level it is asked for. */
  output?: Pick<ServerOutput, "minLevel" | "log" | "stderrLine"> | undefined;
  /** Resource and prompt notifications (list changes, a subscribed resource's update). */
  onCatalogEvent?: ((event: CatalogEvent) => void) | undefined;
  /** Reports what the host should hear about but not fail on (unparseable stdout). */
  onWarning: ((message: string) => void) | undefined;
  /** The session ended without `close()`: crash, lost HTTP session, unreachable server. */
  onLost: (error: Error) => void;
}

/** The protocol a session speaks. */
export interface NegotiatedProtocol {
  /** The negotiated revision, e.g. `"2025-11-25"` or `"2026-07-28"`. */
  version: string;
  era: "legacy" | "modern";
  /** What a later connect passes as `prior` to skip the negotiation. Plain JSON. */
  verdict: PriorDiscovery;
  /** Whether the server tells us when its tool list changes. */
  toolListUpdates: "live" | "unsupported";
  /** The transport the session speaks: `"sse"` also when an `"http"` server fell back to legacy SSE. */
  transport: "stdio" | "http" | "sse";
}

/** A connected, initialized session. */
export interface McpSession {
  readonly pid: number | undefined;
  /** The transport's `Mcp-Session-Id` (Streamable HTTP), for the spans' `mcp.session.id`. */
  readonly sessionId?: string | undefined;
  readonly protocol: Readonly<NegotiatedProtocol>;
  /** The server's instructions (bounded), when it gave any. */
  readonly instructions: string | undefined;
  stderrTail(): string | undefined;
  listTools(options: { timeoutMs: number; signal?: AbortSignal }): Promise<Listing>;
  callTool(name: string, args: Record<string, unknown>, options: ToolCallOptions): Promise<LenientCallResult>;
  /** What the server said it offers (resources, prompts…), as negotiated. */
  capabilities(): ServerCapabilities | undefined;
  /** Lists one kind of the server's catalog, every page. */
  listPaged<T>(
    kind: PagedKind<T>,
    options: { timeoutMs: number; signal?: AbortSignal },
  ): Promise<PagedListing<T>>;
  /** Any request, failing as `callTool` does. */
  request<T>(
    request: { method: string; params?: Record<string, unknown> },
    schema: z.ZodType<T>,
    options: RequestOptions,
  ): Promise<T>;
  /**
   * Subscribes to a resource's updates: `resources/subscribe` on the 2025 era, a
   * `subscriptions/listen` stream for the URI on the 2026 era. Resolves the function that ends it.
   */
  subscribeResource(uri: string, timeoutMs: number): Promise<() => Promise<void>>;
  /** A cheap request the server's era still has (`ping` is gone from the modern era). */
  healthCheck(timeoutMs: number): Promise<void>;
  /** Ends the session (DELETE for a legacy HTTP session) and the transport; kills a stdio child's group. */
  close(): Promise<void>;
}

/**
 * The public shape of sampling (`sampling/createMessage`): a server asks the host's model for a
 * completion. The host answers through `onSampling`; the adapters build one from their host's model.
 * @module
 */
import type {
  CreateMessageRequest,
  CreateMessageResult,
  CreateMessageResultWithTools,
} from "@modelcontextprotocol/client";

/** What the server is told when the host's handler fails: nothing of the host's own error text. */
export const SAMPLING_FAILED_MESSAGE = "The client could not answer the sampling request";

/** What a server asks the model: messages, a system prompt, `maxTokens`, preferences, maybe tools. */
export type SamplingRequest = CreateMessageRequest["params"];

/** The model's answer sent back to the server (with tool calls when the request offered tools). */
export type SamplingResult = CreateMessageResult | CreateMessageResultWithTools;

/** What the host knows about one sampling request besides its params. */
export interface SamplingContext {
  /** The configured name of the server asking. */
  server: string;
  /** Aborted when the server cancels the request or its session ends. */
  signal: AbortSignal;
}

/**
 * Answers a server's sampling request with the host's model. A rejection answers the server with a
 * JSON-RPC error (its message is told to `onWarning`, never to the server).
 */
export type SamplingHandler = (request: SamplingRequest, context: SamplingContext) => Promise<SamplingResult>;

/**
 * How the client declares and bounds sampling (the `sampling` load option). A server's prompt is
 * untrusted: the bounds hold before the host's handler sees a request, and every refusal answers
 * the server with a JSON-RPC error, never a throw on the host. A request's `includeContext` is
 * always dropped: the host's conversation is never added to what a server sends.
 */
export interface SamplingOptions {
  /**
   * The host's model can call tools: the client declares `sampling.tools` and a server may send
   * `tools`/`toolChoice` with its request (protocol 2025-11-25 on). @default false
   */
  tools?: boolean | undefined;
  /**
   * Asks the user (or a policy) before a request reaches the model; it sees the request as the
   * handler would (bounded, `maxTokens` capped). `false` answers the server with JSON-RPC error `-1`
   * "User rejected sampling request"; a hook that throws answers like a failing handler.
   */
  approve?: ((request: SamplingRequest, context: SamplingContext) => boolean | Promise<boolean>) | undefined;
  /**
   * A request asking for more tokens is capped to this many before the handler sees it (not
   * refused). @default 4096
   */
  maxTokens?: number | undefined;
  /**
   * Requests one server may make per minute (a fixed window from its first request); past it the
   * server gets JSON-RPC error `-32600` and the host one warning per window. @default 30
   */
  maxRequestsPerMinute?: number | undefined;
  /** A request with more messages is refused (JSON-RPC error `-32602`). @default 100 */
  maxMessages?: number | undefined;
  /**
   * A request whose params take more UTF-8 bytes as JSON (messages, system prompt, tools) is refused
   * (JSON-RPC error `-32602`). @default 262144
   */
  maxRequestBytes?: number | undefined;
}

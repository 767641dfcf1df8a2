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

/** How the client declares and bounds sampling (the `sampling` load option). */
export interface SamplingOptions {
  /**
   * The host's model can call tools: the client declares `sampling.tools` and a server may send
   * `tools`/`toolChoice` with its request (protocol 2025-11-25 on). @default false
   */
  tools?: boolean | undefined;
}

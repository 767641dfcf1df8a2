/**
 * The sampling bounds a load runs with: the `sampling` option merged over {@link SAMPLING_DEFAULTS}
 * field by field, and the request as the host's handler gets it (bounded, `includeContext` dropped,
 * `maxTokens` capped).
 * @module
 */
import { utf8ByteLength } from "../utf8-bytes.js";
import type { SamplingOptions, SamplingRequest } from "./sampling-types.js";

/** The `sampling` option with every default applied. */
export interface ResolvedSamplingOptions {
  tools: boolean;
  approve: SamplingOptions["approve"];
  maxTokens: number;
  maxRequestsPerMinute: number;
  maxMessages: number;
  maxRequestBytes: number;
}

/** The defaults of the `sampling` option's fields (the README and the JSDoc state the same). */
export const SAMPLING_DEFAULTS = Object.freeze({
  tools: false,
  maxTokens: 4096,
  maxRequestsPerMinute: 30,
  maxMessages: 100,
  // 256 KiB: some 60 000 tokens of text, more than a tool's sampling step needs; a host raises it.
  maxRequestBytes: 262_144,
});

/** Merges `options` over the defaults, field by field (an explicit `undefined` keeps a default). */
export function resolveSamplingOptions(options: SamplingOptions | undefined): ResolvedSamplingOptions {
  return {
    tools: options?.tools ?? SAMPLING_DEFAULTS.tools,
    approve: options?.approve,
    maxTokens: options?.maxTokens ?? SAMPLING_DEFAULTS.maxTokens,
    maxRequestsPerMinute: options?.maxRequestsPerMinute ?? SAMPLING_DEFAULTS.maxRequestsPerMinute,
    maxMessages: options?.maxMessages ?? SAMPLING_DEFAULTS.maxMessages,
    maxRequestBytes: options?.maxRequestBytes ?? SAMPLING_DEFAULTS.maxRequestBytes,
  };
}

/** A request the handler may see, or why it may not (numbers only: no server text). */
export type BoundedRequest = { ok: true; request: SamplingRequest } | { ok: false; problem: string };

/**
 * The request as the handler gets it: refused above the message or byte bound; else a copy without
 * `includeContext` and with `maxTokens` at most the cap.
 */
export function boundSamplingRequest(
  request: SamplingRequest,
  policy: ResolvedSamplingOptions,
): BoundedRequest {
  const messages = Array.isArray(request.messages) ? request.messages.length : 0;
  if (messages > policy.maxMessages) {
    return { ok: false, problem: `${messages} messages, at most ${policy.maxMessages}` };
  }
  const json = JSON.stringify(request);
  // UTF-8 takes at least one byte a UTF-16 unit: a text longer than the bound is over it, and is
  // not walked character by character to say by how much.
  if (json.length > policy.maxRequestBytes) {
    return { ok: false, problem: `at least ${json.length} bytes, at most ${policy.maxRequestBytes}` };
  }
  const bytes = utf8ByteLength(json);
  if (bytes > policy.maxRequestBytes) {
    return { ok: false, problem: `${bytes} bytes, at most ${policy.maxRequestBytes}` };
  }
  const { includeContext: _dropped, ...rest } = request;
  return { ok: true, request: { ...rest, maxTokens: Math.min(request.maxTokens, policy.maxTokens) } };
}

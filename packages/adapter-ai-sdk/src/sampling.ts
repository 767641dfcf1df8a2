/**
 * `aiSdkSampling`: the host's AI SDK model answers the servers' sampling requests
 * (`sampling/createMessage`), so a server borrows the agent's model with no key of its own.
 * @module
 */
import type { SamplingHandler } from "@toolnexus/mcp-core";
import {
  chooseModel,
  isSamplingRefusal,
  ModelCallBudget,
  offersTools,
  untilAborted,
} from "@toolnexus/mcp-core/adapter";
import { generateText, RetryError } from "ai";
import { systemPromptOption } from "./ai-major.js";
import { countedModel } from "./counted-model.js";
import { samplingToModelMessages } from "./sampling-messages.js";
import {
  type AiSdkSamplingOptions,
  type McpSamplingLoadOptions,
  type ResolvedAiSdkSamplingOptions,
  resolveSamplingOptions,
} from "./sampling-options.js";
import { toSamplingResult } from "./sampling-result.js";
import { samplingToolChoice, samplingToolSet } from "./sampling-tools.js";

/** A refusal the budget made at a retry, which the SDK wraps: thrown as it is, else the error. */
function unwrapRefusal(error: unknown): unknown {
  return RetryError.isInstance(error) && isSamplingRefusal(error.lastError) ? error.lastError : error;
}

function createHandler(options: ResolvedAiSdkSamplingOptions): SamplingHandler {
  // One budget for every server and load the handler answers: the host's provider is one.
  const budget = new ModelCallBudget({
    perServer: options.maxCallsPerMinute,
    total: options.maxCallsPerMinuteTotal,
  });
  return async (request, { server, signal }) => {
    const withTools = offersTools(request, options.tools);
    const model = chooseModel(request.modelPreferences, options.models, options.model);
    // The SDK hands `abortSignal` to the provider but does not race it: bound the wait here.
    const answer = generateText({
      model: countedModel(model, () => budget.take(server)),
      messages: samplingToModelMessages(request.messages),
      ...systemPromptOption(request.systemPrompt),
      maxOutputTokens: Math.min(request.maxTokens, options.maxTokens),
      ...(request.temperature === undefined ? {} : { temperature: request.temperature }),
      ...(request.stopSequences === undefined ? {} : { stopSequences: request.stopSequences }),
      ...(withTools
        ? { tools: samplingToolSet(request.tools ?? []), ...samplingToolChoice(request.toolChoice) }
        : {}),
      abortSignal: signal,
    });
    return toSamplingResult(
      await untilAborted(answer, signal).catch((error: unknown) => {
        throw unwrapRefusal(error);
      }),
      withTools,
    );
  };
}

/**
 * The `loadMcp` options that answer servers' sampling requests with an AI SDK model, through
 * `generateText`: `{ onSampling, sampling: { tools } }`, to spread into `loadMcp`'s options.
 *
 * Per request: the server's messages (text, image, audio, `tool_use`, `tool_result`) become the
 * call's `messages`, its `systemPrompt` the system prompt, `maxOutputTokens` the smaller of its
 * `maxTokens` and the `maxTokens` option, `temperature` and `stopSequences` as given, the request's
 * signal the `abortSignal`; `modelPreferences.hints` pick among `models`. Offered tools go to the
 * model without `execute` (the server runs them) with `toolChoice` as asked. The answer goes back as
 * `{ role: "assistant", content, model: <the answering model's id>, stopReason }`. `includeContext`,
 * `metadata` and the model priorities are not read: the host's own conversation never reaches a
 * server. A failure rejects; the core answers the server with a generic error.
 *
 * Each call that reaches the provider (every attempt: the SDK's retries count) is taken from a
 * budget of `maxCallsPerMinute` per server and `maxCallsPerMinuteTotal` across servers; a request
 * past either is refused (JSON-RPC `-32600`, one warning a minute) without reaching the provider.
 * @throws McpCoreError `OPTIONS_INVALID` for a malformed option, naming it
 */
export function aiSdkSampling(options: AiSdkSamplingOptions): McpSamplingLoadOptions {
  const resolved = resolveSamplingOptions(options);
  return { onSampling: createHandler(resolved), sampling: { tools: resolved.tools } };
}

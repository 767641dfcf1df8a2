/**
 * `langChainSampling`: the host's LangChain chat model answers the servers' sampling requests
 * (`sampling/createMessage`), so a server borrows the agent's model with no key of its own.
 * @module
 */
import type { BaseLanguageModelInput, ToolDefinition } from "@langchain/core/language_models/base";
import type { BaseChatModel, BaseChatModelCallOptions } from "@langchain/core/language_models/chat_models";
import type { AIMessage, AIMessageChunk } from "@langchain/core/messages";
import type { Runnable } from "@langchain/core/runnables";
import type { SamplingHandler } from "@toolnexus/mcp-core";
import { chooseModel, offersTools, type SamplingRequest, untilAborted } from "@toolnexus/mcp-core/adapter";
import { samplingToLangChainMessages } from "./sampling-messages.js";
import {
  type LangChainSamplingOptions,
  type McpSamplingLoadOptions,
  type ResolvedLangChainSamplingOptions,
  resolveSamplingOptions,
} from "./sampling-options.js";
import { answeringModelId, toSamplingResult } from "./sampling-result.js";

type Invocable = Runnable<BaseLanguageModelInput, AIMessageChunk | AIMessage>;

/** MCP's `toolChoice.mode` in LangChain's words (`required` is LangChain's `any`). */
const TOOL_CHOICE = { auto: "auto", required: "any", none: "none" } as const;

/** The request's tools as OpenAI-style tool definitions, schemas as the server gave them. */
function toolDefinitions(tools: NonNullable<SamplingRequest["tools"]>): ToolDefinition[] {
  return tools.map(({ name, description, inputSchema }) => ({
    type: "function",
    function: { name, description: description ?? "", parameters: inputSchema },
  }));
}

/** The model, bound to the request's tools when it offers some. */
function invocable(model: BaseChatModel, request: SamplingRequest, withTools: boolean): Invocable {
  if (!withTools) return model;
  if (typeof model.bindTools !== "function") throw new Error(`${model.getName()} cannot bind tools`);
  const mode = request.toolChoice?.mode;
  const kwargs = mode === undefined ? {} : { tool_choice: TOOL_CHOICE[mode] };
  return model.bindTools(toolDefinitions(request.tools ?? []), kwargs) as Invocable;
}

function createHandler(options: ResolvedLangChainSamplingOptions): SamplingHandler {
  return async (request, { signal }) => {
    const withTools = offersTools(request, options.tools);
    const model = chooseModel(request.modelPreferences, options.models, options.model);
    const limits = {
      maxTokens: Math.min(request.maxTokens, options.maxTokens),
      temperature: request.temperature,
    };
    const callOptions: Partial<BaseChatModelCallOptions> = {
      ...options.callOptions(limits),
      signal,
      ...(request.stopSequences === undefined ? {} : { stop: request.stopSequences }),
    };
    const messages = samplingToLangChainMessages(request);
    // A chat model need not honour `signal` (LangChain leaves it to each model): bound the wait.
    const invoked = invocable(model, request, withTools).invoke(messages, callOptions);
    const answer = (await untilAborted(invoked, signal)) as AIMessage;
    return toSamplingResult(answer, withTools, answeringModelId(answer, model));
  };
}

/**
 * The `loadMcp` options that answer servers' sampling requests with a LangChain chat model, through
 * `invoke`: `{ onSampling, sampling: { tools } }`, to spread into `loadMcp`'s options.
 *
 * Per request: its `systemPrompt` becomes a `SystemMessage` and its messages `HumanMessage` /
 * `AIMessage` / `ToolMessage`s (images and audio as base64 standard blocks, `tool_use` as
 * `tool_calls`); `stopSequences` go as `stop`, the request's signal as `signal`, and `maxTokens`
 * (capped by the `maxTokens` option) with `temperature` to your `callOptions`, LangChain having no
 * common per-call option for them; `modelPreferences.hints` pick among `models`. Offered tools are
 * bound with `bindTools` (`toolChoice` `required` as `any`); the model only proposes calls, the
 * server runs them. The answer goes back as `{ role: "assistant", content, model, stopReason }`.
 * `includeContext`, `metadata` and the model priorities are not read: the host's own conversation
 * never reaches a server. A failure rejects; the core answers the server with a generic error.
 * @throws McpCoreError `OPTIONS_INVALID` for a malformed option, naming it
 */
export function langChainSampling(options: LangChainSamplingOptions): McpSamplingLoadOptions {
  const resolved = resolveSamplingOptions(options);
  return { onSampling: createHandler(resolved), sampling: { tools: resolved.tools } };
}

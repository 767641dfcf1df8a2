/**
 * Options of `langChainSampling` and the one step that resolves them.
 * @module
 */
import type { BaseChatModel } from "@langchain/core/language_models/chat_models";
import type { SamplingHandler } from "@toolnexus/mcp-core";
import { invalidOption } from "@toolnexus/mcp-core/adapter";
import type { SamplingOptions } from "@toolnexus/mcp-core/config";

/** What a request asks of the model beyond its messages, for {@link LangChainSamplingOptions.callOptions}. */
export interface SamplingCallLimits {
  /** The request's `maxTokens`, capped by the `maxTokens` option. */
  maxTokens: number;
  /** The request's `temperature`, when it gave one. */
  temperature: number | undefined;
}

/** Options of `langChainSampling`: the host's chat model, and how far a server may steer it. */
export interface LangChainSamplingOptions {
  /** The chat model that answers servers' sampling requests. */
  model: BaseChatModel;
  /**
   * More chat models a server may pick by name through `modelPreferences.hints`: the first hint
   * that is a substring of a key (case-insensitive) picks that key's model; no match → `model`.
   * @default {} (always `model`)
   */
  models?: Readonly<Record<string, BaseChatModel>> | undefined;
  /**
   * The most output tokens one request may get: what `callOptions` receives as `maxTokens` is the
   * smaller of the request's `maxTokens` and this. An integer from 1 to 2147483647.
   * @default no cap beyond the request's own `maxTokens`
   */
  maxTokens?: number | undefined;
  /**
   * Extra call options for each `invoke`, from the request's limits — LangChain has no per-call
   * max-tokens or temperature option common to all chat models, so map them onto your provider's
   * here (the adapter's own `signal`, `stop` and `tool_choice` win over what it returns).
   * @default none: the model's own configured max tokens and temperature apply
   */
  callOptions?: ((limits: SamplingCallLimits) => Record<string, unknown>) | undefined;
  /**
   * Declare sampling with tools (`sampling.tools`), so a server may offer the model tools
   * (`tools` / `toolChoice`, protocol 2025-11-25 on); they are bound with `bindTools`. A request
   * with tools is refused when it is off.
   * @default true when `model` has `bindTools()`, else false
   */
  tools?: boolean | undefined;
}

/**
 * The `loadMcp` options that lend the host's chat model to the servers: spread them into the
 * options (`loadMcp(config, { ...langChainSampling({ model }), toolCache: false })`).
 */
export interface McpSamplingLoadOptions {
  /** Answers each server's `sampling/createMessage` with the host's chat model. */
  onSampling: SamplingHandler;
  /** Declares sampling with tools when the `tools` option is on. */
  sampling: SamplingOptions;
}

/** `langChainSampling`'s options after validation. */
export interface ResolvedLangChainSamplingOptions {
  model: BaseChatModel;
  models: Readonly<Record<string, BaseChatModel>>;
  maxTokens: number;
  callOptions: (limits: SamplingCallLimits) => Record<string, unknown>;
  tools: boolean;
}

const ENTRY = "LangChain sampling";
const MAX_TOKENS_LIMIT = 2_147_483_647;

function isChatModel(value: unknown): value is BaseChatModel {
  return typeof (value as BaseChatModel | null)?.invoke === "function";
}

function canBindTools(model: BaseChatModel): boolean {
  return typeof model.bindTools === "function";
}

/** Validates the options field by field; an explicit `undefined` keeps the default. */
export function resolveSamplingOptions(options: LangChainSamplingOptions): ResolvedLangChainSamplingOptions {
  if (typeof options !== "object" || options === null) invalidOption(ENTRY, "options", "an object", options);
  const { model, models = {}, maxTokens = MAX_TOKENS_LIMIT, callOptions = () => ({}) } = options;
  if (!isChatModel(model)) invalidOption(ENTRY, "model", "a LangChain chat model", model);
  if (typeof models !== "object" || models === null || Array.isArray(models)) {
    invalidOption(ENTRY, "models", "an object of LangChain chat models", models);
  }
  for (const [name, named] of Object.entries(models)) {
    if (!isChatModel(named)) invalidOption(ENTRY, `models.${name}`, "a LangChain chat model", named);
  }
  if (!Number.isInteger(maxTokens) || maxTokens < 1 || maxTokens > MAX_TOKENS_LIMIT) {
    invalidOption(ENTRY, "maxTokens", `an integer from 1 to ${MAX_TOKENS_LIMIT}`, maxTokens);
  }
  if (typeof callOptions !== "function") invalidOption(ENTRY, "callOptions", "a function", callOptions);
  const tools = options.tools ?? canBindTools(model);
  if (typeof tools !== "boolean") invalidOption(ENTRY, "tools", "a boolean", tools);
  if (tools && !canBindTools(model)) {
    invalidOption(ENTRY, "tools", "false for a chat model without bindTools()", tools, "true");
  }
  return { model, models, maxTokens, callOptions, tools };
}

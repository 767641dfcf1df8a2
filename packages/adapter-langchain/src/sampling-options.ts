/**
 * Options of `langChainSampling` and the one step that resolves them.
 * @module
 */
import type { BaseChatModel } from "@langchain/core/language_models/chat_models";
import {
  invalidOption,
  type McpSamplingLoadOptions,
  resolveSamplingModels,
} from "@toolnexus/mcp-core/adapter";

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

export type { McpSamplingLoadOptions };

/** `langChainSampling`'s options after validation. */
export interface ResolvedLangChainSamplingOptions {
  model: BaseChatModel;
  models: Readonly<Record<string, BaseChatModel>>;
  maxTokens: number;
  callOptions: (limits: SamplingCallLimits) => Record<string, unknown>;
  tools: boolean;
}

const MODEL = {
  entry: "LangChain sampling",
  one: "a LangChain chat model",
  many: "LangChain chat models",
  isModel: (value: unknown): value is BaseChatModel =>
    typeof (value as BaseChatModel | null)?.invoke === "function",
};

function canBindTools(model: BaseChatModel): boolean {
  return typeof model.bindTools === "function";
}

/** Validates the options field by field; an explicit `undefined` keeps the default. */
export function resolveSamplingOptions(options: LangChainSamplingOptions): ResolvedLangChainSamplingOptions {
  const { model, models, maxTokens } = resolveSamplingModels(options, MODEL);
  const { callOptions = () => ({}) } = options;
  const { entry } = MODEL;
  if (typeof callOptions !== "function") invalidOption(entry, "callOptions", "a function", callOptions);
  const tools = options.tools ?? canBindTools(model);
  if (typeof tools !== "boolean") invalidOption(entry, "tools", "a boolean", tools);
  if (tools && !canBindTools(model)) {
    invalidOption(entry, "tools", "false for a chat model without bindTools()", tools, "true");
  }
  return { model, models, maxTokens, callOptions, tools };
}

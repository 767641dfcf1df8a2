/**
 * Options of `aiSdkSampling` and the one step that resolves them.
 * @module
 */
import {
  checkSamplingCount,
  invalidOption,
  type McpSamplingLoadOptions,
  resolveSamplingModels,
} from "@toolnexus/mcp-core/adapter";
import type { LanguageModel } from "ai";

/** Options of `aiSdkSampling`: the host's model, and how far a server may steer it. */
export interface AiSdkSamplingOptions {
  /** The model that answers servers' sampling requests (a provider's model, or a gateway id). */
  model: LanguageModel;
  /**
   * More models a server may pick by name through `modelPreferences.hints`: the first hint that is
   * a substring of a key (case-insensitive) picks that key's model; no match → `model`.
   * @default {} (always `model`)
   */
  models?: Readonly<Record<string, LanguageModel>> | undefined;
  /**
   * The most output tokens one request may get: the model's `maxOutputTokens` is the smaller of the
   * request's `maxTokens` and this. An integer from 1 to 2147483647.
   * @default no cap beyond the request's own `maxTokens`
   */
  maxTokens?: number | undefined;
  /**
   * Declare sampling with tools (`sampling.tools`), so a server may offer the model tools
   * (`tools` / `toolChoice`, protocol 2025-11-25 on). Turn it off for a model without tool calls;
   * a request with tools is then refused.
   * @default true
   */
  tools?: boolean | undefined;
  /**
   * The most calls to the host's model one server may cause in a minute, counted where they reach
   * the provider: every attempt, the AI SDK's retries included (a request retried twice counts
   * three). Past it a request is refused with JSON-RPC `-32600`, warned once a minute. An integer
   * from 1 to 2147483647; the core's own `sampling.maxRequestsPerMinute` still bounds requests.
   * @default 30
   */
  maxCallsPerMinute?: number | undefined;
  /**
   * The most calls to the host's model every server together may cause in a minute (the servers
   * of every load these options are spread into), counted as `maxCallsPerMinute` is. An integer
   * from 1 to 2147483647.
   * @default 60
   */
  maxCallsPerMinuteTotal?: number | undefined;
}

/** The defaults of `aiSdkSampling`'s call budget (the README and SPEC §20.2 state the same). */
export const SAMPLING_CALL_DEFAULTS = Object.freeze({ maxCallsPerMinute: 30, maxCallsPerMinuteTotal: 60 });

export type { McpSamplingLoadOptions };

/** `aiSdkSampling`'s options after validation. */
export interface ResolvedAiSdkSamplingOptions {
  model: LanguageModel;
  models: Readonly<Record<string, LanguageModel>>;
  maxTokens: number;
  tools: boolean;
  maxCallsPerMinute: number;
  maxCallsPerMinuteTotal: number;
}

const MODEL = {
  entry: "AI SDK sampling",
  one: "an AI SDK language model",
  many: "AI SDK language models",
  isModel: (value: unknown): value is LanguageModel =>
    typeof value === "string" ? value !== "" : typeof value === "object" && value !== null,
};

/** Validates the options field by field; an explicit `undefined` keeps the default. */
export function resolveSamplingOptions(options: AiSdkSamplingOptions): ResolvedAiSdkSamplingOptions {
  const { model, models, maxTokens } = resolveSamplingModels(options, MODEL);
  const {
    tools = true,
    maxCallsPerMinute = SAMPLING_CALL_DEFAULTS.maxCallsPerMinute,
    maxCallsPerMinuteTotal = SAMPLING_CALL_DEFAULTS.maxCallsPerMinuteTotal,
  } = options;
  checkSamplingCount(MODEL.entry, "maxCallsPerMinute", maxCallsPerMinute);
  checkSamplingCount(MODEL.entry, "maxCallsPerMinuteTotal", maxCallsPerMinuteTotal);
  if (typeof tools !== "boolean") invalidOption(MODEL.entry, "tools", "a boolean", tools);
  return { model, models, maxTokens, tools, maxCallsPerMinute, maxCallsPerMinuteTotal };
}

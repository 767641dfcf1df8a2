/**
 * Options of `aiSdkSampling` and the one step that resolves them.
 * @module
 */
import type { SamplingHandler } from "@toolnexus/mcp-core";
import { invalidOption } from "@toolnexus/mcp-core/adapter";
import type { SamplingOptions } from "@toolnexus/mcp-core/config";
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

/**
 * The `loadMcp` options that lend the host's model to the servers: spread them into the options
 * (`loadMcp(config, { ...aiSdkSampling({ model }), toolCache: false })`).
 */
export interface McpSamplingLoadOptions {
  /** Answers each server's `sampling/createMessage` with the host's model. */
  onSampling: SamplingHandler;
  /** Declares sampling with tools when the `tools` option is on. */
  sampling: SamplingOptions;
}

/** `aiSdkSampling`'s options after validation. */
export interface ResolvedAiSdkSamplingOptions {
  model: LanguageModel;
  models: Readonly<Record<string, LanguageModel>>;
  maxTokens: number;
  tools: boolean;
  maxCallsPerMinute: number;
  maxCallsPerMinuteTotal: number;
}

const ENTRY = "AI SDK sampling";
/** The largest count an option takes (a 32-bit signed integer, as `maxTokens` on the wire). */
const MAX_TOKENS_LIMIT = 2_147_483_647;

function isModel(value: unknown): value is LanguageModel {
  return typeof value === "string" ? value !== "" : typeof value === "object" && value !== null;
}

function checkCount(name: string, value: unknown): void {
  if (!Number.isInteger(value) || (value as number) < 1 || (value as number) > MAX_TOKENS_LIMIT) {
    invalidOption(ENTRY, name, `an integer from 1 to ${MAX_TOKENS_LIMIT}`, value);
  }
}

/** Validates the options field by field; an explicit `undefined` keeps the default. */
export function resolveSamplingOptions(options: AiSdkSamplingOptions): ResolvedAiSdkSamplingOptions {
  if (typeof options !== "object" || options === null) invalidOption(ENTRY, "options", "an object", options);
  const {
    model,
    models = {},
    maxTokens = MAX_TOKENS_LIMIT,
    tools = true,
    maxCallsPerMinute = SAMPLING_CALL_DEFAULTS.maxCallsPerMinute,
    maxCallsPerMinuteTotal = SAMPLING_CALL_DEFAULTS.maxCallsPerMinuteTotal,
  } = options;
  if (!isModel(model)) invalidOption(ENTRY, "model", "an AI SDK language model", model);
  if (typeof models !== "object" || models === null || Array.isArray(models)) {
    invalidOption(ENTRY, "models", "an object of AI SDK language models", models);
  }
  for (const [name, named] of Object.entries(models)) {
    if (!isModel(named)) invalidOption(ENTRY, `models.${name}`, "an AI SDK language model", named);
  }
  checkCount("maxTokens", maxTokens);
  checkCount("maxCallsPerMinute", maxCallsPerMinute);
  checkCount("maxCallsPerMinuteTotal", maxCallsPerMinuteTotal);
  if (typeof tools !== "boolean") invalidOption(ENTRY, "tools", "a boolean", tools);
  return { model, models, maxTokens, tools, maxCallsPerMinute, maxCallsPerMinuteTotal };
}

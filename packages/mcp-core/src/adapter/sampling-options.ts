/**
 * What the sampling adapters' options share: the `loadMcp` options they return, and the checks of
 * `model`, `models` and the counts, so every adapter refuses the same malformed option the same way.
 * @module
 */
import { invalidOption } from "../option-error.js";
import type { SamplingHandler, SamplingOptions } from "../sampling/sampling-types.js";

/** The largest count a sampling option takes (a 32-bit signed integer, as `maxTokens` on the wire). */
export const MAX_SAMPLING_COUNT = 2_147_483_647;

/**
 * The `loadMcp` options that lend the host's model to the servers: spread them into the options
 * (`loadMcp(config, { ...aiSdkSampling({ model }), toolCache: null })`).
 */
export interface McpSamplingLoadOptions {
  /** Answers each server's `sampling/createMessage` with the host's model. */
  onSampling: SamplingHandler;
  /** Declares sampling with tools when the `tools` option is on. */
  sampling: SamplingOptions;
}

/** How an adapter names and recognizes its host's model, for {@link resolveSamplingModels}. */
export interface SamplingModelKind<M> {
  /** The adapter's entry in error messages, e.g. `"AI SDK sampling"`. */
  entry: string;
  /** One model in words, e.g. `"an AI SDK language model"`. */
  one: string;
  /** Several in words, e.g. `"AI SDK language models"`. */
  many: string;
  /** True for a value the host takes as a model. */
  isModel(value: unknown): value is M;
}

/**
 * Checks that `value` is an integer from 1 to {@link MAX_SAMPLING_COUNT}.
 * @throws McpCoreError `OPTIONS_INVALID` naming `entry` and `name`
 */
export function checkSamplingCount(entry: string, name: string, value: unknown): asserts value is number {
  if (!Number.isInteger(value) || (value as number) < 1 || (value as number) > MAX_SAMPLING_COUNT) {
    invalidOption(entry, name, `an integer from 1 to ${MAX_SAMPLING_COUNT}`, value);
  }
}

/**
 * The options object's `model`, `models` and `maxTokens`, checked field by field (an explicit
 * `undefined` keeps the default: no named models, `maxTokens` {@link MAX_SAMPLING_COUNT}).
 * @throws McpCoreError `OPTIONS_INVALID` naming the first malformed field
 */
export function resolveSamplingModels<M>(
  options: unknown,
  kind: SamplingModelKind<M>,
): { model: M; models: Readonly<Record<string, M>>; maxTokens: number } {
  const { entry } = kind;
  if (typeof options !== "object" || options === null) invalidOption(entry, "options", "an object", options);
  const given = options as { model?: unknown; models?: unknown; maxTokens?: unknown };
  const { model, models = {}, maxTokens = MAX_SAMPLING_COUNT } = given;
  if (!kind.isModel(model)) invalidOption(entry, "model", kind.one, model);
  if (typeof models !== "object" || models === null || Array.isArray(models)) {
    invalidOption(entry, "models", `an object of ${kind.many}`, models);
  }
  for (const [name, named] of Object.entries(models)) {
    if (!kind.isModel(named)) invalidOption(entry, `models.${name}`, kind.one, named);
  }
  checkSamplingCount(entry, "maxTokens", maxTokens);
  return { model, models: models as Readonly<Record<string, M>>, maxTokens };
}

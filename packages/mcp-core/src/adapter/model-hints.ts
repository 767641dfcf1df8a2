/**
 * `modelPreferences.hints` of a sampling request against the host's own named models.
 * @module
 */
import type { SamplingRequest } from "../sampling/sampling-types.js";

/**
 * The model for a request: the first hint (in the server's order) whose name is a substring of a
 * key of `models` (case-insensitive, as the MCP spec suggests: `"sonnet"` matches
 * `"claude-sonnet-4-5"`) picks that key's model (the first such key in `models`' order); with no
 * match, `fallback`. The priorities (cost, speed, intelligence) are not read. Only the host's
 * models can be chosen: a hint never names a model the host did not list.
 */
export function chooseModel<Model>(
  preferences: SamplingRequest["modelPreferences"],
  models: Readonly<Record<string, Model>>,
  fallback: Model,
): Model {
  const keys = Object.keys(models);
  for (const hint of preferences?.hints ?? []) {
    const wanted = hint.name?.toLowerCase();
    if (!wanted) continue;
    const key = keys.find((name) => name.toLowerCase().includes(wanted));
    if (key !== undefined) return models[key] as Model;
  }
  return fallback;
}

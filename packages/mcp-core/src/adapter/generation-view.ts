/**
 * A host's view of the source's current generation, rebuilt only when the generation changes.
 * @module
 */

import { generationParts } from "../generation-parts.js";
import type { McpTool } from "../types.js";
import { type GenerationDelta, type GenerationParts, generationDelta } from "./generation-delta.js";
import type { ToolConverter } from "./tool-converter.js";

/** Anything with the core's current generation of tools (an `McpSource`, or a filtered stand-in). */
export interface ToolGenerationSource {
  readonly tools: readonly McpTool[];
}

/** The host's view of the current generation. */
export interface GenerationView<V> {
  /**
   * The view of `source.tools` as it is now. While the source returns the same generation array, this
   * returns the same view object; a new generation is converted (reusing every unchanged tool's
   * conversion) and built into a new view.
   */
  current(): V;
}

/** A new generation's change from the one the view was built on, with the conversions on both sides. */
export interface ConvertedDelta<T> extends GenerationDelta {
  /** The conversions of `removed`, as the previous view had them. */
  readonly removedConverted: readonly T[];
  /** The conversions of `added`. */
  readonly addedConverted: readonly T[];
}

/**
 * Follows a source's generations for a host. The core swaps `source.tools` for a new array on every
 * effective change and keeps it otherwise, so array identity tells a new generation; no subscription
 * is needed and reading is cheap. Only the stretch of tools a change touched is converted again
 * (`generationDelta`, told by the source's per-server arrays when it has them); the other
 * conversions are carried over from the previous generation.
 * @param convert the per-tool conversion, usually a cached {@link ToolConverter}
 * @param build turns the converted tools (parallel to `generation`) into the host's view, e.g. a
 *   frozen array or a map by name; called once per generation. `delta` is what changed since the
 *   previous call (undefined on the first), for a host that updates its view in place.
 */
export function createGenerationView<T, V>(
  source: ToolGenerationSource,
  convert: ToolConverter<T>,
  build: (converted: readonly T[], generation: readonly McpTool[], delta?: ConvertedDelta<T>) => V,
): GenerationView<V> {
  let built:
    | { generation: readonly McpTool[]; parts?: GenerationParts; converted: readonly T[]; view: V }
    | undefined;
  return {
    current() {
      const generation = source.tools;
      if (built === undefined) {
        const converted = generation.map(convert);
        const parts = generationParts(source);
        built = { generation, ...(parts && { parts }), converted, view: build(converted, generation) };
      } else if (built.generation !== generation) {
        const parts = generationParts(source);
        const change = generationDelta(built.generation, generation, built.parts, parts);
        const end = change.start + change.removed.length;
        const delta: ConvertedDelta<T> = {
          ...change,
          removedConverted: built.converted.slice(change.start, end),
          addedConverted: change.added.map(convert),
        };
        const converted = built.converted
          .slice(0, change.start)
          .concat(delta.addedConverted, built.converted.slice(end));
        built = { generation, ...(parts && { parts }), converted, view: build(converted, generation, delta) };
      }
      return built.view;
    },
  };
}

/**
 * A host's view of the source's current generation, rebuilt only when the generation changes.
 * @module
 */
import type { McpTool } from "../types.js";
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

/**
 * Follows a source's generations for a host. The core swaps `source.tools` for a new array on every
 * effective change and keeps it otherwise, so array identity tells a new generation; no subscription
 * is needed and reading is cheap.
 * @param convert the per-tool conversion, usually a cached {@link ToolConverter}
 * @param build turns the converted tools (parallel to `generation`) into the host's view, e.g. a
 *   frozen array or a map by name; called once per generation
 */
export function createGenerationView<T, V>(
  source: ToolGenerationSource,
  convert: ToolConverter<T>,
  build: (converted: readonly T[], generation: readonly McpTool[]) => V,
): GenerationView<V> {
  let built: { generation: readonly McpTool[]; view: V } | undefined;
  return {
    current() {
      const generation = source.tools;
      if (built === undefined || built.generation !== generation) {
        built = { generation, view: build(generation.map(convert), generation) };
      }
      return built.view;
    },
  };
}

/**
 * The declarations of a live source, regenerated when its catalog changes: memoized on the tool
 * array of the current generation, so a turn that finds the catalog unchanged costs nothing and
 * gets the same text (the prompt cache holds), and a turn after a swap gets the new one.
 * @module
 */
import type { McpTool } from "../tool-types.js";
import { generateTypes, type TypegenOptions } from "./typegen.js";

/** Anything with a live `tools` list, e.g. an `McpSource`. */
export interface ToolCatalog {
  readonly tools: readonly McpTool[];
}

/** A reader of the current declarations of `catalog`; see {@link generateTypes}. */
export function liveTypes(catalog: ToolCatalog, options: TypegenOptions = {}): () => string {
  let seen: readonly McpTool[] | undefined;
  let text = "";
  return () => {
    const tools = catalog.tools;
    if (tools !== seen) {
      text = generateTypes(tools, options);
      seen = tools;
    }
    return text;
  };
}

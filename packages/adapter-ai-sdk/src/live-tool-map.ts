/**
 * The live `ToolSet`'s entries by name and in order, kept in step with the source's generations by
 * touching only the tools a change touched.
 * @module
 */
import type { McpTool } from "@toolnexus/mcp-core";
import {
  type DeferralRule,
  type GenerationParts,
  generationDelta,
  generationParts,
  type ToolGenerationSource,
} from "@toolnexus/mcp-core/adapter";
import type { ToolSet } from "ai";

type AiTool = ToolSet[string];

/** The most keys inserted by one `splice` call (its arguments); more are inserted by a copy. */
const MAX_SPLICED = 10_000;

/** The entries as of one generation. */
export interface ToolMapState {
  /** Every served tool by key: the leading tools, then the generation's tools whose name is free. */
  readonly byName: ReadonlyMap<string, AiTool>;
  /** The keys in order. Updated in place: copy it before keeping it past the next read. */
  readonly keys: readonly string[];
}

/** How the map converts a generation's tools. */
export interface ToolMapParts {
  /** Served first, in this order; the first of a name wins and a generation tool of that name is not served. */
  readonly leading: readonly (readonly [string, AiTool])[];
  /** The conversion of a tool (cached per `McpTool` object). */
  convert(tool: McpTool): AiTool;
  /** The conversion of a tool marked for Anthropic's own tool search (cached likewise). */
  convertDeferred(tool: McpTool): AiTool;
  /** The current generation's deferral rule, when tools may be marked for Anthropic's tool search. */
  anthropicDeferral?: (() => DeferralRule) | undefined;
}

/**
 * Follows `source.tools`. A new generation is applied as its change from the last one
 * (`generationDelta`, told by the source's per-server arrays): the changed stretch's old keys
 * leave, its new tools are converted and inserted at the same place, so the cost is that of the
 * tools that changed (plus a move of the key list in place). Only when the default of the
 * Anthropic deferral flips (a threshold crossed: every tool's conversion may change) is the whole
 * generation converted again.
 */
export function createLiveToolMap(source: ToolGenerationSource, parts: ToolMapParts): () => ToolMapState {
  const byName = new Map<string, AiTool>();
  let keys: string[] = [];
  let generation: readonly McpTool[] | undefined;
  let generationPartsOf: GenerationParts | undefined;
  let deferredByDefault: boolean | undefined;
  /** Indices in the generation of the tools not served because a leading tool has their name (rare). */
  let shadowed: number[] = [];
  const leadingServed = new Set(parts.leading.map(([name]) => name)).size;
  const state: ToolMapState = {
    byName,
    get keys() {
      return keys;
    },
  };

  const conversion = (rule: DeferralRule | undefined) => (tool: McpTool) =>
    rule?.defers(tool) === true ? parts.convertDeferred(tool) : parts.convert(tool);

  const rebuild = (next: readonly McpTool[], rule: DeferralRule | undefined): void => {
    byName.clear();
    shadowed = [];
    for (const [name, tool] of parts.leading) if (!byName.has(name)) byName.set(name, tool);
    const convert = conversion(rule);
    next.forEach((tool, index) => {
      if (byName.has(tool.name)) shadowed.push(index);
      else byName.set(tool.name, convert(tool));
    });
    keys = [...byName.keys()];
  };

  const apply = (
    previous: readonly McpTool[],
    next: readonly McpTool[],
    nextParts: GenerationParts | undefined,
    rule: DeferralRule | undefined,
  ) => {
    const { start, removed, added } = generationDelta(previous, next, generationPartsOf, nextParts);
    const end = start + removed.length;
    const shadowedBefore = shadowed.filter((index) => index < start).length;
    const shadowedRemoved = new Set(shadowed.filter((index) => index >= start && index < end));
    // Names are unique within a generation and the tools outside the stretch keep theirs, so the
    // stretch's old names can all go before its new ones come in.
    removed.forEach((tool, i) => {
      if (!shadowedRemoved.has(start + i)) byName.delete(tool.name);
    });
    const convert = conversion(rule);
    const addedKeys: string[] = [];
    const addedShadowed: number[] = [];
    added.forEach((tool, i) => {
      if (byName.has(tool.name)) addedShadowed.push(start + i);
      else {
        byName.set(tool.name, convert(tool));
        addedKeys.push(tool.name);
      }
    });
    const shift = added.length - removed.length;
    shadowed = [
      ...shadowed.filter((index) => index < start),
      ...addedShadowed,
      ...shadowed.filter((index) => index >= end).map((index) => index + shift),
    ];
    // The stretch's place among the keys: after the leading keys and the served tools before it.
    const at = leadingServed + start - shadowedBefore;
    const deleted = removed.length - shadowedRemoved.size;
    // In place (a memmove, no copy of every key) unless the new keys are too many for arguments.
    if (addedKeys.length <= MAX_SPLICED) keys.splice(at, deleted, ...addedKeys);
    else keys = keys.slice(0, at).concat(addedKeys, keys.slice(at + deleted));
  };

  return () => {
    const next = source.tools;
    if (next === generation) return state;
    const rule = parts.anthropicDeferral?.();
    const nextParts = generationParts(source);
    if (generation === undefined || rule?.byDefault !== deferredByDefault) rebuild(next, rule);
    else apply(generation, next, nextParts, rule);
    generation = next;
    generationPartsOf = nextParts;
    deferredByDefault = rule?.byDefault;
    return state;
  };
}

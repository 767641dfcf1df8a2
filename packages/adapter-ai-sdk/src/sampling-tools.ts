/**
 * The tools a sampling request offers (protocol 2025-11-25 on) as AI SDK tools the model may call
 * but the SDK never runs: the server runs them and sends the results back in its next request.
 * @module
 */
import type { JsonSchemaObject } from "@toolnexus/mcp-core";
import type { SamplingRequest } from "@toolnexus/mcp-core/adapter";
import { type ToolChoice, type ToolSet, tool } from "ai";
import { toInputSchema } from "./input-schema.js";

/** The request's tools as a `ToolSet` keyed by their names, without `execute`, schemas as given. */
export function samplingToolSet(tools: NonNullable<SamplingRequest["tools"]>): ToolSet {
  const names = new Set<string>();
  const entries = tools.map((offered) => {
    if (names.has(offered.name)) throw new TypeError("two tools of a sampling request share a name");
    names.add(offered.name);
    const schema = toInputSchema(offered.inputSchema as JsonSchemaObject);
    return [
      offered.name,
      tool({ ...(offered.description ? { description: offered.description } : {}), inputSchema: schema }),
    ] as const;
  });
  // fromEntries defines own properties, so a tool named like an Object.prototype member stays a tool.
  return Object.fromEntries(entries) as ToolSet;
}

/** The request's `toolChoice.mode` as `generateText`'s `toolChoice` (the same three words); `{}` when it names none. */
export function samplingToolChoice(choice: SamplingRequest["toolChoice"]): {
  toolChoice?: ToolChoice<ToolSet>;
} {
  return choice?.mode === undefined ? {} : { toolChoice: choice.mode };
}

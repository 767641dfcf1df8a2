/**
 * What tool search indexes of a tool: its fields as analyzed terms, each field capped so one
 * verbose tool cannot grow the index without bound.
 * @module
 */
import { isObject } from "../is-object.js";
import type { McpTool } from "../types.js";
import { type AnalyzerOptions, searchTerms } from "./search-terms.js";

/** The indexed fields: the server's name, the raw name, the title, the description, and the input parameters' names and texts. */
export const TOOL_FIELDS = ["server", "name", "title", "description", "params", "paramText"] as const;
export type ToolField = (typeof TOOL_FIELDS)[number];

/** The most terms a field keeps (the rest of a long text is not indexed). */
export const MAX_FIELD_TERMS: Readonly<Record<ToolField, number>> = {
  server: 8,
  name: 32,
  title: 32,
  description: 256,
  params: 128,
  paramText: 512,
};
/** Characters read per term kept: a long text is cut at `cap × this` before analysis. */
const CHARS_PER_TERM = 32;
/** Parameters nested deeper than this (an object in an object in an object…) are not indexed. */
export const MAX_PARAM_DEPTH = 3;
/** The most schema nodes one tool's parameters are read from. */
export const MAX_PARAM_NODES = 256;

/** A tool's fields as space-joined terms (terms never hold a space). */
export type ToolDocument = Record<ToolField, string>;

/** A tool's fields as analyzed terms, in {@link TOOL_FIELDS} order. */
export type ToolFieldTerms = readonly (readonly string[])[];

/** The analyzed, capped fields of `tool`, as term lists in {@link TOOL_FIELDS} order. */
export function toolFieldTerms(tool: McpTool, analyzer?: AnalyzerOptions): ToolFieldTerms {
  const params = parameterTexts(tool.inputSchema);
  const texts: Record<ToolField, string> = {
    server: tool.server,
    name: tool.rawName,
    title: tool.title ?? tool.annotations?.title ?? "",
    // The server's whole text: a term past the model's cut (SPEC §13.4.8) still finds the tool.
    description: tool.fullDescription ?? tool.description,
    params: params.names.join(" "),
    paramText: params.texts.join(" "),
  };
  return TOOL_FIELDS.map((name) => {
    const cap = MAX_FIELD_TERMS[name];
    const text = texts[name];
    // Only the start of a long text can yield the terms kept: analyze no more of it.
    const terms = searchTerms(typeof text === "string" ? text.slice(0, cap * CHARS_PER_TERM) : "", analyzer);
    return terms.length > cap ? terms.slice(0, cap) : terms;
  });
}

/** The analyzed, capped fields of `tool`, each joined by spaces (what tests and diagnostics read). */
export function toolDocument(tool: McpTool, analyzer?: AnalyzerOptions): ToolDocument {
  const terms = toolFieldTerms(tool, analyzer);
  const document = {} as ToolDocument;
  TOOL_FIELDS.forEach((name, i) => {
    document[name] = terms[i]?.join(" ") ?? "";
  });
  return document;
}

interface ParameterTexts {
  names: string[];
  texts: string[];
}

type SchemaNode = Record<string, unknown>;

const isNode: (value: unknown) => value is SchemaNode = isObject;

/**
 * Property names, and their descriptions, titles and string enum values, breadth-first through
 * `properties`, `items` and `anyOf`/`oneOf`/`allOf` down to {@link MAX_PARAM_DEPTH} levels of
 * properties. A server's schema is untrusted: anything not shaped as expected is skipped.
 */
function parameterTexts(schema: unknown): ParameterTexts {
  const result: ParameterTexts = { names: [], texts: [] };
  let level: unknown[] = [schema];
  let visited = 0;
  for (let depth = 0; depth < MAX_PARAM_DEPTH && level.length > 0; depth++) {
    const next: unknown[] = [];
    for (const node of containers(level)) {
      const properties = node.properties;
      if (!isNode(properties)) continue;
      // Entries, not keys and lookups: an own `__proto__` property must be read as itself.
      for (const [name, property] of Object.entries(properties)) {
        if (++visited > MAX_PARAM_NODES) return result;
        result.names.push(name);
        if (!isNode(property)) continue;
        if (typeof property.title === "string") result.texts.push(property.title);
        if (typeof property.description === "string") result.texts.push(property.description);
        if (Array.isArray(property.enum)) {
          for (const value of property.enum) if (typeof value === "string") result.texts.push(value);
        }
        next.push(property);
      }
    }
    level = next;
  }
  return result;
}

/** The object schemas in `nodes` and what they are made of (array items, combinators), bounded. */
function containers(nodes: unknown[]): SchemaNode[] {
  const found: SchemaNode[] = [];
  const queue = nodes.slice();
  for (let next = 0; next < queue.length && found.length < MAX_PARAM_NODES; next++) {
    const node = queue[next];
    if (!isNode(node)) continue;
    found.push(node);
    if (isNode(node.items)) queue.push(node.items);
    for (const key of ["anyOf", "oneOf", "allOf"]) {
      const members = node[key];
      if (Array.isArray(members)) queue.push(...members.slice(0, 16));
    }
  }
  return found;
}

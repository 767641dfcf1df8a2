/**
 * Anthropic's walk of one schema node: every keyword kept and every subschema walked, so that the
 * shaper (`shape-node.ts`, which counts and bounds the walk) inlines its references; only what a
 * draft 2020-12 validator would refuse the whole tool over (an unknown type name, a bad `required`)
 * goes to the description instead. The narrow dialects' rewrite is `shape-node.ts`'s.
 * @module
 */
import { isObject } from "../is-object.js";
import { SILENT_KEYWORDS } from "./dialect-rules.js";
import type { ShapedNode, Where } from "./dialect-types.js";
import { describeWithNotes, keywordNote } from "./schema-notes.js";
import { jsonTypes, setOwn, stringList } from "./schema-parts.js";

type Json = Record<string, unknown>;

/** Shapes one subschema found at `at`: the shaper's own walk. */
export type ShapeSubschema = (node: unknown, at: Where) => ShapedNode;

/** Keys holding one subschema, a map of subschemas, a list of subschemas (Anthropic keeps them all). */
const SCHEMA_KEYS = new Set(["items", "additionalProperties", "not", "if", "then", "else", "contains"]);
const SCHEMA_KEYS_MORE = new Set(["propertyNames", "unevaluatedItems", "unevaluatedProperties"]);
const SCHEMA_MAPS = new Set(["properties", "patternProperties", "dependentSchemas"]);
const SCHEMA_LISTS = new Set(["anyOf", "oneOf", "allOf", "prefixItems"]);

/** Anthropic: every keyword kept, every subschema walked (through `shape`) so that its references are inlined. */
export function inlineNode(node: Json, at: Where, shape: ShapeSubschema): ShapedNode {
  const next = { ...at, depth: at.depth + 1 };
  const schema: Json = {};
  const notes: string[] = [];
  for (const [key, value] of Object.entries(node)) {
    if (SILENT_KEYWORDS.has(key)) continue;
    if (key === "type" || key === "required") {
      // A draft 2020-12 validator refuses the whole tool over an unknown type name or a bad list.
      const kept = key === "type" ? jsonTypes(value) : stringList(value);
      if (kept === undefined) notes.push(keywordNote(key, value));
      else schema[key] = kept;
    } else if (
      (SCHEMA_KEYS.has(key) || SCHEMA_KEYS_MORE.has(key)) &&
      (isObject(value) || typeof value === "boolean")
    ) {
      schema[key] = typeof value === "boolean" ? value : shape(value, next).schema;
    } else if (SCHEMA_MAPS.has(key) && isObject(value)) {
      schema[key] = Object.fromEntries(Object.entries(value).map(([k, v]) => [k, shape(v, next).schema]));
    } else if (key === "items" && Array.isArray(value) && node.prefixItems === undefined) {
      // Draft 07's tuple form; draft 2020-12 (what Anthropic validates against) names it prefixItems.
      schema.prefixItems = value.map((v) => shape(v, next).schema);
    } else if (SCHEMA_LISTS.has(key) && Array.isArray(value)) {
      schema[key] = value.map((v) => shape(v, next).schema);
    } else setOwn(schema, key, value);
  }
  const text = describeWithNotes(
    typeof schema.description === "string" ? schema.description : undefined,
    notes,
  );
  if (text !== undefined) schema.description = text;
  return { schema, plan: undefined, acceptsNull: false };
}

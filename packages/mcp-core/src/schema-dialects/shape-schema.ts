/**
 * A server's input schema shaped for a provider, and the model's arguments shaped back: the pure
 * function hosts call (`shapeInputSchema`), and the per-schema cache the adapters and the call
 * pipeline share so a tool's schema is shaped once per dialect (SPEC §13.5).
 * @module
 */
import type { JsonSchemaObject } from "../tool-types.js";
import type { SchemaDialect, ShapedSchema } from "./dialect-types.js";
import { restoreArguments } from "./restore-arguments.js";
import { rootObject } from "./root-object.js";
import { describeWithNotes } from "./schema-notes.js";
import { Shaper } from "./shape-node.js";

/**
 * Shapes `schema` (a tool's `inputSchema`) for `dialect`. Pure: the input is not changed, the same
 * input gives an equal output. `"as-is"` returns the schema itself. The others inline same-document
 * references (a cycle becomes an open value with a note; a network `$ref` is never fetched), keep
 * the keywords the provider accepts and move the rest into the description; `"openai-strict"` also
 * makes every property required (an optional one nullable) and every object closed. An open value
 * the dialect cannot describe (an object without properties, any value) is asked for as JSON text.
 * Bounded on hostile schemas (depth, node count); never throws on what a server sent.
 * @param dialect `"as-is"` (default), `"openai-strict"`, `"gemini"` or `"anthropic"`
 * @returns the schema for the model and the plan `restoreArguments` takes
 */
export function shapeInputSchema(schema: JsonSchemaObject, dialect: SchemaDialect = "as-is"): ShapedSchema {
  if (dialect === "as-is") return { dialect, schema, plan: undefined };
  const notes: string[] = [];
  const root = rootObject(schema, notes);
  const shaped = new Shaper(schema, dialect).shape(root, { depth: 0, objectDepth: 0, refs: [] });
  const out = shaped.schema;
  const description = describeWithNotes(out.description as string | undefined, notes);
  if (description !== undefined) out.description = description;
  return { dialect, schema: out as JsonSchemaObject, plan: shaped.plan };
}

const cache = new WeakMap<object, Map<SchemaDialect, ShapedSchema>>();

/**
 * `shapeInputSchema` remembered per schema object and dialect: the core keeps a tool's schema
 * object while its listing is unchanged, so an adapter's conversion and every call of the tool
 * share one shaping. Treat the result as read-only.
 */
export function shapedInputSchema(schema: JsonSchemaObject, dialect: SchemaDialect = "as-is"): ShapedSchema {
  if (dialect === "as-is") return { dialect, schema, plan: undefined };
  let byDialect = cache.get(schema);
  if (byDialect === undefined) {
    byDialect = new Map();
    cache.set(schema, byDialect);
  }
  let shaped = byDialect.get(dialect);
  if (shaped === undefined) {
    shaped = shapeInputSchema(schema, dialect);
    byDialect.set(dialect, shaped);
  }
  return shaped;
}

/** The model's arguments for a tool whose schema was shaped for `dialect`, as the server's schema asks. */
export function restoreToolArguments(
  schema: JsonSchemaObject,
  dialect: SchemaDialect,
  args: Record<string, unknown>,
): Record<string, unknown> {
  return restoreArguments(args, shapedInputSchema(schema, dialect).plan);
}

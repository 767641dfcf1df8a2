/**
 * The cheap check of a cached tool: a definition made only of what the spec's `Tool` schema knows,
 * in the plain shapes a listing has, is accepted as it is; anything else goes to the full check
 * (`checkTool`, the spec's schema), which gives the reason or the stripped copy. A load of a big
 * catalog reads thousands of cached tools, and the schema's copy of each was most of its cost.
 * @module
 */
import type { Tool } from "@modelcontextprotocol/client";
import { MAX_TOOL_DEPTH } from "../tools/json-depth.js";

/** The `Tool` schema's keys (its `icons` are left to the full check). */
const TOOL_KEYS = new Set([
  "name",
  "title",
  "description",
  "inputSchema",
  "outputSchema",
  "annotations",
  "execution",
  "_meta",
]);
const ANNOTATION_KEYS: Readonly<Record<string, "string" | "boolean">> = {
  title: "string",
  readOnlyHint: "boolean",
  destructiveHint: "boolean",
  idempotentHint: "boolean",
  openWorldHint: "boolean",
};
const TASK_SUPPORT = new Set(["required", "optional", "forbidden"]);

type Plain = Record<string, unknown>;

const isPlain = (value: unknown): value is Plain =>
  typeof value === "object" &&
  value !== null &&
  (Object.getPrototypeOf(value) === Object.prototype || Object.getPrototypeOf(value) === null);

const optionalString = (value: unknown) => value === undefined || typeof value === "string";

/**
 * A JSON tree no deeper than `depth` levels: strings, finite numbers, booleans, null, plain objects
 * and arrays, no object reached twice (`seen`: what JSON.parse makes never shares; a custom store's
 * objects may, and then the full check decides). Without `seen` the value is known to be a fresh
 * parse, where no object can be reached twice.
 */
function isJsonValue(value: unknown, depth: number, seen: Set<object> | undefined): boolean {
  switch (typeof value) {
    case "string":
    case "boolean":
      return true;
    case "number":
      return Number.isFinite(value);
    case "object": {
      if (value === null) return true;
      if (depth <= 0) return false;
      if (seen !== undefined) {
        if (seen.has(value)) return false;
        seen.add(value);
      }
      // Loops, not `Object.values(…).every(…)`: a big catalog's load checks every schema node, and
      // an array and a closure per node were a visible part of its garbage.
      if (Array.isArray(value)) {
        for (let i = 0; i < value.length; i++) {
          if (i in value && !isJsonValue(value[i], depth - 1, seen)) return false;
        }
        return true;
      }
      if (!isPlain(value)) return false;
      // `for…in` over own keys, not `Object.keys`: an array of keys per node was the largest
      // part of a big catalog's garbage at load (for…in reads the shape's cached key list).
      for (const key in value) {
        if (Object.hasOwn(value, key) && !isJsonValue(value[key], depth - 1, seen)) return false;
      }
      return true;
    }
    default:
      return false;
  }
}

function plainAnnotations(value: unknown): boolean {
  if (value === undefined) return true;
  if (!isPlain(value)) return false;
  // Own keys by for…in, not entries or `Object.keys`: no pair or array per annotation of every cached tool.
  for (const key in value) {
    if (Object.hasOwn(value, key) && typeof value[key] !== ANNOTATION_KEYS[key]) return false;
  }
  return true;
}

function plainExecution(value: unknown): boolean {
  if (value === undefined) return true;
  if (!isPlain(value)) return false;
  for (const key of Object.keys(value)) {
    const v = value[key];
    if (key !== "taskSupport" || typeof v !== "string" || !TASK_SUPPORT.has(v)) return false;
  }
  return true;
}

function plainInputSchema(value: unknown, depth: number, seen: Set<object> | undefined): boolean {
  if (!isPlain(value) || value.type !== "object") return false;
  const { properties, required } = value;
  if (required !== undefined && !(Array.isArray(required) && required.every((r) => typeof r === "string"))) {
    return false;
  }
  if (properties !== undefined && !isPlain(properties)) return false;
  // Its properties are JSON values; any other keyword passes: the depth is bounded as the full check's.
  return isJsonValue(value, depth, seen);
}

/**
 * `value` itself when the full check would accept it unchanged (it holds only keys the schema
 * knows, each of the shape it takes, within the depth bound), else undefined: then the full
 * check decides.
 * @param parsed `value` is part of a tree `JSON.parse` made and nothing has touched since (a file
 *   cache's entry, `tool-cache/parsed-entries.ts`): no object in it can be reached twice, so no
 *   set of the objects seen is kept (a load of 10 000 cached tools made one per tool)
 */
export function plainTool(value: unknown, parsed = false): Tool | undefined {
  if (!isPlain(value)) return undefined;
  for (const key in value) if (Object.hasOwn(value, key) && !TOOL_KEYS.has(key)) return undefined;
  const { name, title, description, inputSchema, outputSchema, annotations, execution, _meta } = value;
  // Levels below the definition itself and the schema object: the full check counts from 1.
  const depth = MAX_TOOL_DEPTH - 2;
  const seen = parsed ? undefined : new Set<object>();
  const plain =
    typeof name === "string" &&
    name !== "" &&
    optionalString(title) &&
    optionalString(description) &&
    plainInputSchema(inputSchema, depth, seen) &&
    (outputSchema === undefined ||
      (isPlain(outputSchema) &&
        optionalString(outputSchema.$schema) &&
        isJsonValue(outputSchema, depth, seen))) &&
    plainAnnotations(annotations) &&
    plainExecution(execution) &&
    (_meta === undefined || (isPlain(_meta) && isJsonValue(_meta, depth, seen)));
  return plain ? (value as unknown as Tool) : undefined;
}

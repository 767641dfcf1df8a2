/**
 * The root of a tool's input schema as every provider wants it: one object, no `anyOf`, `oneOf`
 * or `allOf` at the top (Anthropic refuses them there, OpenAI's strict mode wants an object root,
 * Gemini's `parameters` is an OBJECT).
 * @module
 */
import { isObject } from "../is-object.js";
import { isLocalRef, resolveLocalRef } from "./local-refs.js";
import { keywordNote } from "./schema-notes.js";
import { mergeAllOf, splitUnion } from "./schema-parts.js";

type Json = Record<string, unknown>;

function readThrough(branch: unknown, root: Json): unknown {
  if (isObject(branch) && typeof branch.$ref === "string" && isLocalRef(branch.$ref)) {
    const target = resolveLocalRef(root, branch.$ref);
    const { $ref: _ref, ...siblings } = branch;
    return isObject(target) ? { ...target, ...siblings } : siblings;
  }
  return branch;
}

/**
 * The root as one object: a root `$ref` read through (one level; a network one dropped with a
 * note), `allOf` merged, and a top-level union of objects made one object with the properties of
 * every shape, required only where every shape requires them, the union itself noted.
 */
export function rootObject(schema: Json, notes: string[]): Json {
  let node = schema;
  if (typeof node.$ref === "string") {
    if (isLocalRef(node.$ref)) node = readThrough(node, schema) as Json;
    else {
      notes.push(`refers to ${keywordNote("$ref", node.$ref)}, not fetched`);
      const { $ref: _ref, ...rest } = node;
      node = rest;
    }
  }
  node = mergeAllOf(node, schema, notes);
  const union = splitUnion(node, notes);
  const { anyOf: _a, oneOf: _o, type: _t, ...rest } = node;
  const merged: Json = { ...rest, type: "object" };
  if (union.branches.length > 0) {
    const shapes = union.branches.map((branch) => readThrough(branch, schema)).filter(isObject);
    let properties = isObject(merged.properties) ? merged.properties : {};
    for (const shape of shapes)
      if (isObject(shape.properties)) properties = { ...properties, ...shape.properties };
    const requiredBy = shapes.map((shape) => (Array.isArray(shape.required) ? shape.required : []));
    const [first = []] = requiredBy;
    const everywhere = first.filter((key) => requiredBy.every((required) => required.includes(key)));
    const own = Array.isArray(merged.required) ? merged.required : [];
    merged.properties = properties;
    merged.required = [...new Set([...own, ...everywhere])];
    notes.push(
      keywordNote(Array.isArray(node.anyOf) ? "any of these shapes" : "one of these shapes", union.branches),
    );
  }
  if (!isObject(merged.properties)) merged.properties = {};
  return merged;
}

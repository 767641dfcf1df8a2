/**
 * Reading the parts of one schema node that the dialects rewrite: its types, its `allOf` merged
 * into one object, its `anyOf`/`oneOf` split into the value's shapes and null. Each is linear in
 * the node's size and follows no reference further than one level.
 * @module
 */
import { isObject } from "../is-object.js";
import { isLocalRef, resolveLocalRef } from "./local-refs.js";
import { keywordNote } from "./schema-notes.js";

type Json = Record<string, unknown>;

/** The node's types: its `type` (a name or a list), else what its keywords imply. */
export function typesOf(node: Json): string[] {
  if (typeof node.type === "string") return [node.type];
  if (Array.isArray(node.type)) return node.type.filter((type): type is string => typeof type === "string");
  if (isObject(node.properties) || isObject(node.additionalProperties)) return ["object"];
  if (node.items !== undefined || node.prefixItems !== undefined) return ["array"];
  return [];
}

/** Keywords that make a union branch a shape of its own rather than one more constraint. */
const SHAPE_KEYWORDS = ["type", "properties", "items", "$ref", "enum", "const", "anyOf", "oneOf", "allOf"];

function isNullBranch(branch: unknown): boolean {
  return isObject(branch) && branch.type === "null";
}

/**
 * The shapes of a node's `anyOf` (else `oneOf`) and whether one of them is `null`. Branches that
 * only add constraints to the node (`{ required: ["a"] }`: "a or b must be given") are no shapes:
 * they go into the description.
 */
export function splitUnion(node: Json, notes: string[]): { branches: unknown[]; acceptsNull: boolean } {
  const key = Array.isArray(node.anyOf) ? "anyOf" : Array.isArray(node.oneOf) ? "oneOf" : undefined;
  if (key === undefined) return { branches: [], acceptsNull: false };
  if (key === "anyOf" && Array.isArray(node.oneOf)) notes.push(keywordNote("oneOf", node.oneOf));
  const all = node[key] as unknown[];
  const branches = all.filter((branch) => !isNullBranch(branch));
  const acceptsNull = branches.length < all.length;
  const shapes = branches.some((branch) => !isObject(branch) || SHAPE_KEYWORDS.some((k) => k in branch));
  if (!shapes) {
    if (branches.length > 0) notes.push(keywordNote(key, branches));
    return { branches: [], acceptsNull };
  }
  if (key === "oneOf" && branches.length > 1) notes.push("exactly one of these shapes");
  return { branches, acceptsNull };
}

/**
 * `allOf` merged into the node: properties joined, `required` lists joined, any other keyword the
 * first one given. A branch that is a same-document `$ref` is read through (one level); a branch's
 * own `$ref` or `allOf` past that goes into the description.
 */
export function mergeAllOf(node: Json, root: Json, notes: string[]): Json {
  if (!Array.isArray(node.allOf)) return node;
  const { allOf, ...merged } = node;
  for (const raw of allOf as unknown[]) {
    const ref = isObject(raw) && typeof raw.$ref === "string" && isLocalRef(raw.$ref) ? raw.$ref : undefined;
    const branch = ref === undefined ? raw : resolveLocalRef(root, ref);
    if (!isObject(branch)) {
      notes.push(keywordNote("allOf", raw));
      continue;
    }
    for (const [key, value] of Object.entries(branch)) {
      if (key === "$ref" || key === "allOf") notes.push(keywordNote(key, value));
      else if (key === "properties" && isObject(value)) {
        merged.properties = { ...(isObject(merged.properties) ? merged.properties : {}), ...value };
      } else if (key === "required" && Array.isArray(value)) {
        merged.required = [...(Array.isArray(merged.required) ? merged.required : []), ...value];
      } else if (!(key in merged)) merged[key] = value;
    }
  }
  return merged;
}

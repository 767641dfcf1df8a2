/**
 * Reading the parts of one schema node that the dialects rewrite: its types, its `allOf` merged
 * into one object, its `anyOf`/`oneOf` split into the value's shapes and null, the values its
 * `enum` or `const` lists, a `type` or `required` read leniently; and a key written as data. Each is linear in
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

/** `object[key] = value` as a data property: a server's `"__proto__"` key stays a key. */
export function setOwn(object: Json, key: string, value: unknown): void {
  Object.defineProperty(object, key, { value, enumerable: true, writable: true, configurable: true });
}

/** JSON Schema's type names. */
export const JSON_TYPES = new Set(["string", "number", "integer", "boolean", "object", "array", "null"]);

/** A `type` of JSON Schema's type names (a list loses the unknown ones), else `undefined`. */
export function jsonTypes(value: unknown): unknown {
  if (typeof value === "string") return JSON_TYPES.has(value) ? value : undefined;
  if (!Array.isArray(value)) return undefined;
  const known = [...new Set(value.filter((t) => typeof t === "string" && JSON_TYPES.has(t)))];
  return known.length > 0 ? known : undefined;
}

/** A `required` list: strings, each once; anything else `undefined`. */
export function stringList(value: unknown): string[] | undefined {
  return Array.isArray(value) && value.every((k) => typeof k === "string") ? [...new Set(value)] : undefined;
}

/** The values an `enum` (else a `const`) allows, null left out (it is the nullable's part). */
export function listedValues(node: Json): unknown[] | undefined {
  if (Array.isArray(node.enum)) return node.enum.filter((v) => v !== null);
  return "const" in node && node.const !== null ? [node.const] : undefined;
}

/** The type the values of an untyped enum share (every dialect but Anthropic's wants a type). */
export function typeOfValues(values: readonly unknown[] | undefined): string | undefined {
  if (values === undefined || values.length === 0) return undefined;
  if (values.every((v) => typeof v === "string")) return "string";
  if (values.every((v) => Number.isInteger(v))) return "integer";
  if (values.every((v) => typeof v === "number")) return "number";
  if (values.every((v) => typeof v === "boolean")) return "boolean";
  return undefined;
}

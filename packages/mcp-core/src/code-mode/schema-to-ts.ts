/**
 * JSON Schema → a TypeScript type, bounded: a schema a server sends is untrusted, so depth, node
 * count, enum length and `$ref` chains are capped, and whatever is past a cap (or says nothing we
 * can type) is `unknown`, never an error. Local refs (`#/$defs/…`, `#/definitions/…`) are followed;
 * a ref already on the path (recursion) is `unknown`.
 * @module
 */
import { isObject } from "../is-object.js";
import { docBlock, propertyKey } from "./ts-text.js";

/** Deepest nesting typed; deeper is `unknown`. */
export const MAX_SCHEMA_DEPTH = 8;
/** Schema nodes typed per root schema; past it every node is `unknown`. */
export const MAX_SCHEMA_NODES = 400;
/** Longest `enum` typed as a literal union; a longer one is its base type. */
export const MAX_ENUM_MEMBERS = 50;

interface Walk {
  readonly root: Record<string, unknown>;
  nodes: number;
  readonly refs: string[];
}

/** The TypeScript type of `schema`, lines indented from `indent` (the first line is not). */
export function schemaToTs(schema: unknown, indent: string): string {
  const walk: Walk = { root: isObject(schema) ? schema : {}, nodes: 0, refs: [] };
  return typeOf(schema, walk, 0, indent);
}

function typeOf(schema: unknown, walk: Walk, depth: number, indent: string): string {
  if (schema === true || schema === undefined) return "unknown";
  if (schema === false) return "never";
  if (!isObject(schema) || depth > MAX_SCHEMA_DEPTH || ++walk.nodes > MAX_SCHEMA_NODES) return "unknown";
  if (typeof schema.$ref === "string") return refType(schema.$ref, walk, depth, indent);
  if ("const" in schema) return literal(schema.const);
  if (Array.isArray(schema.enum)) {
    const members = schema.enum.map(literal);
    if (members.length > 0 && members.length <= MAX_ENUM_MEMBERS && !members.includes("unknown"))
      return union([...new Set(members)]);
  }
  for (const [key, join] of [
    ["anyOf", union],
    ["oneOf", union],
    ["allOf", intersection],
  ] as const) {
    const list = schema[key];
    if (Array.isArray(list) && list.length > 0)
      return join(list.map((s) => typeOf(s, walk, depth + 1, indent)));
  }
  const types = Array.isArray(schema.type) ? schema.type : [schema.type];
  const parts = types.map((type) => typeOfType(type, schema, walk, depth, indent));
  return parts.includes("unknown") ? "unknown" : union(parts);
}

function typeOfType(
  type: unknown,
  schema: Record<string, unknown>,
  walk: Walk,
  depth: number,
  indent: string,
): string {
  switch (type) {
    case "string":
      return "string";
    case "number":
    case "integer":
      return "number";
    case "boolean":
      return "boolean";
    case "null":
      return "null";
    case "array":
      return arrayType(schema, walk, depth, indent);
    case "object":
      return objectType(schema, walk, depth, indent);
    case undefined:
      if (isObject(schema.properties)) return objectType(schema, walk, depth, indent);
      if ("items" in schema) return arrayType(schema, walk, depth, indent);
      return "unknown";
    default:
      return "unknown";
  }
}

function arrayType(schema: Record<string, unknown>, walk: Walk, depth: number, indent: string): string {
  const items = Array.isArray(schema.items) ? undefined : schema.items;
  const item = typeOf(items, walk, depth + 1, indent);
  return /^[A-Za-z0-9_]+$/.test(item) ? `${item}[]` : `Array<${item}>`;
}

function objectType(schema: Record<string, unknown>, walk: Walk, depth: number, indent: string): string {
  const properties = isObject(schema.properties) ? schema.properties : {};
  const required = new Set(
    Array.isArray(schema.required) ? schema.required.filter((r) => typeof r === "string") : [],
  );
  // Sorted by code unit, so the same properties in another order give the same text.
  const names = Object.keys(properties).sort(byCodeUnit);
  const extra = schema.additionalProperties;
  if (names.length === 0) {
    if (extra === false) return "Record<string, never>";
    return `Record<string, ${typeOf(isObject(extra) ? extra : undefined, walk, depth + 1, indent)}>`;
  }
  const inner = `${indent}  `;
  const lines = ["{"];
  for (const name of names) {
    const property = properties[name];
    const description =
      isObject(property) && typeof property.description === "string" ? property.description : undefined;
    lines.push(...docBlock(description, inner));
    const optional = required.has(name) ? "" : "?";
    lines.push(`${inner}${propertyKey(name)}${optional}: ${typeOf(property, walk, depth + 1, inner)};`);
  }
  lines.push(`${indent}}`);
  return lines.join("\n");
}

function refType(ref: string, walk: Walk, depth: number, indent: string): string {
  const match = /^#\/(\$defs|definitions)\/([^/]+)$/.exec(ref);
  if (!match || walk.refs.includes(ref)) return "unknown";
  const defs = walk.root[match[1] as string];
  const target = isObject(defs) ? defs[decodePointer(match[2] as string)] : undefined;
  if (target === undefined) return "unknown";
  walk.refs.push(ref);
  try {
    return typeOf(target, walk, depth + 1, indent);
  } finally {
    walk.refs.pop();
  }
}

function decodePointer(token: string): string {
  return token.replace(/~1/g, "/").replace(/~0/g, "~");
}

function literal(value: unknown): string {
  if (typeof value === "string" || typeof value === "boolean") return JSON.stringify(value);
  if (typeof value === "number" && Number.isFinite(value)) return JSON.stringify(value);
  if (value === null) return "null";
  return "unknown";
}

function union(parts: readonly string[]): string {
  if (parts.includes("unknown")) return "unknown";
  const unique = [...new Set(parts)];
  return unique.length === 1 ? (unique[0] as string) : unique.map(wrap).join(" | ");
}

function intersection(parts: readonly string[]): string {
  const known = [...new Set(parts.filter((p) => p !== "unknown"))];
  if (known.length === 0) return "unknown";
  return known.length === 1 ? (known[0] as string) : known.map(wrap).join(" & ");
}

/**
 * Parenthesized when it may hold a union or intersection, so precedence reads as meant (a spare
 * pair around an object type is harmless; a missing one changes the type).
 */
function wrap(type: string): string {
  return type.includes(" | ") || type.includes(" & ") ? `(${type})` : type;
}

/** Code-unit order, not the locale's, so every machine sorts alike. */
export function byCodeUnit(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

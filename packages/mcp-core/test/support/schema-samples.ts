/**
 * Arguments for the round trip of a shaped schema: an instance of the server's schema (what the
 * server should receive), and the same arguments as a model following the shaped schema writes
 * them (the forced nulls in, open values as JSON text), made from the plan's inverse.
 */
import type { ArgPlan } from "../../src/schema-dialects/index.js";

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === "object" && v !== null && !Array.isArray(v);

function resolve(root: Json, ref: string): unknown {
  if (!ref.startsWith("#")) return {};
  let node: unknown = root;
  for (const token of ref.slice(2).split("/").filter(Boolean))
    node = isObject(node) ? node[token] : undefined;
  return node ?? {};
}

/**
 * A value the server's schema describes: every required property and every other optional one, one
 * item per array, an enum's first value, the first branch of a union, no null. Depth-bounded.
 */
export function sampleOf(node: unknown, root: Json, depth = 0): unknown {
  if (!isObject(node) || depth > 12) return "x";
  if (typeof node.$ref === "string") return sampleOf(resolve(root, node.$ref), root, depth + 1);
  if (Array.isArray(node.enum) && node.enum.length > 0) return node.enum.find((v) => v !== null) ?? "x";
  if ("const" in node && node.const !== null) return node.const;
  const branches = (node.anyOf ?? node.oneOf) as unknown[] | undefined;
  const shape = Array.isArray(branches)
    ? branches.find((b) => !(isObject(b) && b.type === "null"))
    : undefined;
  if (
    shape !== undefined &&
    isObject(shape) &&
    ("type" in shape || "$ref" in shape || "properties" in shape)
  ) {
    return sampleOf({ ...node, anyOf: undefined, oneOf: undefined, ...shape }, root, depth + 1);
  }
  if (Array.isArray(node.allOf)) {
    let merged: Json = {};
    for (const b of node.allOf) {
      const branch = isObject(b) && typeof b.$ref === "string" ? resolve(root, b.$ref) : b;
      if (!isObject(branch)) continue;
      const properties = { ...(merged.properties as Json), ...(branch.properties as Json) };
      merged = { ...merged, ...branch, properties };
    }
    return sampleOf({ ...node, allOf: undefined, ...merged }, root, depth + 1);
  }
  const types = (Array.isArray(node.type) ? node.type : [node.type]).filter((t) => t !== "null");
  const type = types[0] ?? (isObject(node.properties) ? "object" : node.items ? "array" : undefined);
  if (type === "object") {
    const required = Array.isArray(node.required) ? node.required : [];
    const entries = Object.entries(isObject(node.properties) ? node.properties : {});
    let optional = 0;
    // No prototype: a validator reading `constructor` of a sample without one finds nothing.
    const out: Json = Object.create(null);
    for (const [key, value] of entries) {
      if (!required.includes(key) && optional++ % 2 === 1) continue;
      out[key] = sampleOf(value, root, depth + 1);
    }
    return out;
  }
  if (type === "array") return [sampleOf(isObject(node.items) ? node.items : {}, root, depth + 1)];
  if (type === "integer" || type === "number") return 1;
  if (type === "boolean") return true;
  return "x";
}

/** The arguments as a model writes them against the shaped schema: the inverse of the plan. */
export function asModelWrites(value: unknown, plan: ArgPlan | undefined): unknown {
  if (plan === undefined) return value;
  if (plan.json !== undefined) return JSON.stringify(value);
  if (plan.anyOf !== undefined) {
    for (const branch of plan.anyOf) {
      if (branch.props !== undefined && isObject(value)) return asModelWrites(value, branch);
      if (branch.items !== undefined && Array.isArray(value)) return asModelWrites(value, branch);
      if (branch.json !== undefined && !plan.textBranch && !(typeof value === "string")) {
        return asModelWrites(value, branch);
      }
    }
    return value;
  }
  if (plan.items !== undefined && Array.isArray(value)) return value.map((v) => asModelWrites(v, plan.items));
  if (plan.props === undefined || !isObject(value)) return value;
  const out: Json = { ...value };
  for (const [key, prop] of plan.props) {
    if (key in value) out[key] = asModelWrites(value[key], prop.plan);
    else if (prop.dropNull) out[key] = null;
  }
  return out;
}

/**
 * The nulls a model must still write: a property strict mode requires that the arguments lack and
 * whose server schema took null already (so the plan keeps that null).
 */
export function withRequiredNulls(value: unknown, schema: unknown): unknown {
  if (!isObject(schema)) return value;
  if (Array.isArray(value))
    return isObject(schema.items) ? value.map((v) => withRequiredNulls(v, schema.items)) : value;
  if (!isObject(value)) return value;
  const branches = Array.isArray(schema.anyOf) ? schema.anyOf.filter(isObject) : [schema];
  const shape = branches.find(
    (b) => isObject(b.properties) && Object.keys(value).every((k) => k in (b.properties as Json)),
  );
  if (shape === undefined || !isObject(shape.properties)) return value;
  const out: Json = Object.create(null);
  for (const [key, item] of Object.entries(value)) out[key] = withRequiredNulls(item, shape.properties[key]);
  for (const key of Array.isArray(shape.required) ? shape.required : []) if (!(key in out)) out[key] = null;
  return out;
}

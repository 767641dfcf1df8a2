/**
 * Tool parameters mirrored into HTTP headers (SEP-2243, protocol revision 2026-07-28): a property of
 * a tool's `inputSchema` reached through `properties` alone may declare `"x-mcp-header": "<Name>"`;
 * a call then sends the argument's value as `Mcp-Param-<Name>`, so a gateway can route on it
 * without reading the body. A declaration anywhere else, or one that is not a valid header name on
 * a primitive property, makes the tool unusable over Streamable HTTP: the listing drops it.
 * @module
 */
import { isObject } from "../is-object.js";
import { serverLabel } from "../server-message.js";
import type { Listing } from "./list-tools.js";

/** One mirrored parameter: where its value sits in the arguments, and the header's name. */
export interface ParamHeader {
  path: string[];
  name: string;
}

const KEY = "x-mcp-header";
/** An HTTP header name (an RFC 9110 token). */
const TOKEN = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;
const PRIMITIVE_TYPES = new Set(["string", "integer", "boolean"]);
/** Subschema keywords whose properties a header may not be declared under (array or single schema). */
const UNREACHABLE_SCHEMAS = [
  "items",
  "prefixItems",
  "contains",
  "additionalProperties",
  "unevaluatedProperties",
].concat(["unevaluatedItems", "propertyNames", "oneOf", "anyOf", "allOf", "not", "if", "then", "else"]);
/** Subschema keywords that map names to schemas. */
const UNREACHABLE_SCHEMA_MAPS = ["patternProperties", "dependentSchemas", "$defs", "definitions"];

/** The schema's declarations, or why they are invalid. The schema's depth is already bounded (§5.2). */
export function paramHeaders(inputSchema: unknown): { headers: ParamHeader[] } | { reason: string } {
  const headers: ParamHeader[] = [];
  const names = new Map<string, string>();

  const visit = (node: unknown, path: string[], reachable: boolean): string | undefined => {
    if (!isObject(node)) return undefined;
    if (Object.hasOwn(node, KEY)) {
      const where = path.length === 0 ? "the schema root" : `"${path.join(".")}"`;
      const name = node[KEY];
      if (!reachable || path.length === 0)
        return `x-mcp-header on ${where}, not on a property reached through "properties"`;
      if (typeof name !== "string" || !TOKEN.test(name))
        return `x-mcp-header of ${where} is not a valid header name`;
      if (typeof node.type !== "string" || !PRIMITIVE_TYPES.has(node.type)) {
        return `x-mcp-header of ${where} is on a property that is not a string, integer or boolean`;
      }
      const seen = names.get(name.toLowerCase());
      if (seen !== undefined) return `x-mcp-header "${name}" is declared twice (also as "${seen}")`;
      names.set(name.toLowerCase(), name);
      headers.push({ path, name });
    }
    if (isObject(node.properties)) {
      for (const [key, child] of Object.entries(node.properties)) {
        const fault = visit(child, [...path, key], reachable);
        if (fault) return fault;
      }
    }
    const nested = [
      ...UNREACHABLE_SCHEMAS.flatMap((k) => (Array.isArray(node[k]) ? node[k] : [node[k]])),
      ...UNREACHABLE_SCHEMA_MAPS.flatMap((k) => (isObject(node[k]) ? Object.values(node[k]) : [])),
    ];
    for (const child of nested) {
      const fault = visit(child, [...path, "…"], false);
      if (fault) return fault;
    }
    return undefined;
  };

  const reason = visit(inputSchema, [], true);
  return reason === undefined ? { headers } : { reason };
}

/** The `Mcp-Param-*` headers of one call; a parameter that is absent, null or not primitive is left out. */
export function paramHeaderValues(
  headers: readonly ParamHeader[],
  args: Record<string, unknown>,
): Record<string, string> {
  const out: Record<string, string> = {};
  for (const { path, name } of headers) {
    let value: unknown = args;
    for (const key of path) value = isObject(value) ? value[key] : undefined;
    const text = primitiveText(value);
    if (text !== undefined) out[`Mcp-Param-${name}`] = headerValue(text);
  }
  return out;
}

function primitiveText(value: unknown): string | undefined {
  if (typeof value === "string") return value;
  if (typeof value === "boolean") return String(value);
  if (
    typeof value === "number" &&
    Number.isFinite(value) &&
    (!Number.isInteger(value) || Number.isSafeInteger(value))
  ) {
    return String(value);
  }
  return undefined;
}

const SENTINEL = ["=?base64?", "?="] as const;

/**
 * The value as it may travel in a header: as it is when it is non-empty visible ASCII (tabs and
 * inner spaces allowed) with no surrounding space, else UTF-8 in base64 between `=?base64?` and `?=`
 * (also when it already looks like that, so the server never decodes a literal).
 */
function headerValue(text: string): string {
  const plain =
    text !== "" &&
    text === text.trim() &&
    !(text.startsWith(SENTINEL[0]) && text.endsWith(SENTINEL[1])) &&
    /^[\t\x20-\x7e]*$/.test(text);
  return plain ? text : `${SENTINEL[0]}${Buffer.from(text, "utf8").toString("base64")}${SENTINEL[1]}`;
}

/**
 * A listing for a Streamable HTTP server of the modern era: tools with an invalid declaration are
 * dropped with a warning (the spec's MUST), and the declarations of the rest kept by raw name.
 */
export function withParamHeaders(
  listing: Listing,
  server: string,
): { listing: Listing; byTool: Map<string, ParamHeader[]> } {
  const byTool = new Map<string, ParamHeader[]>();
  const warnings = [...listing.warnings];
  const tools = listing.tools.filter((tool) => {
    const found = paramHeaders(tool.inputSchema);
    if ("reason" in found) {
      warnings.push(`${serverLabel(server)}: dropped tool "${tool.name}" (${found.reason})`);
      return false;
    }
    if (found.headers.length > 0) byTool.set(tool.name, found.headers);
    return true;
  });
  return { listing: { tools, warnings }, byTool };
}

/**
 * Checks a shaped input schema against each provider's published rules, written from the pages
 * below on their own (not from src/schema-dialects/dialect-rules.ts), so that the corpus test
 * catches the shaper breaking a rule it means to keep. Each returns the violations found, as
 * `path: what` lines; an empty list passes.
 *
 * Of the providers' SDKs only `openai` ships an offline converter (`openai/lib/transform`'s
 * `toStrictJsonSchema`, which throws on what strict mode cannot take): the corpus test runs it on
 * every shaped schema besides this checker. `@google/genai` (2.32) passes an MCP tool's schema on
 * as `parametersJsonSchema` and exports no converter or validator; Anthropic's refusal says what it
 * runs ("JSON schema is invalid. It must match JSON Schema draft 2020-12"), which Ajv's draft
 * 2020-12 meta-schema checks here.
 */
import { Ajv2020 } from "ajv/dist/2020.js";

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === "object" && v !== null && !Array.isArray(v);

/** Walks every subschema the dialect's keywords hold: properties, items, anyOf. */
function walk(schema: unknown, path: string, visit: (node: Json, path: string) => void): void {
  if (!isObject(schema)) return;
  visit(schema, path);
  if (isObject(schema.properties)) {
    for (const [key, value] of Object.entries(schema.properties))
      walk(value, `${path}.properties.${key}`, visit);
  }
  if (isObject(schema.items)) walk(schema.items, `${path}.items`, visit);
  if (Array.isArray(schema.anyOf)) {
    for (const [i, branch] of schema.anyOf.entries()) walk(branch, `${path}.anyOf[${i}]`, visit);
  }
}

/**
 * OpenAI Structured Outputs, strict mode, "Supported schemas"
 * (https://platform.openai.com/docs/guides/structured-outputs#supported-schemas):
 * - types: string, number, boolean, integer, object, array, enum, anyOf (null through a type union);
 * - string: pattern, format (date-time, time, date, duration, email, hostname, ipv4, ipv6, uuid);
 *   number: multipleOf, maximum, exclusiveMaximum, minimum, exclusiveMinimum; array: minItems, maxItems;
 * - "Root objects must not be anyOf and must be an object";
 * - "All fields must be required" and "additionalProperties: false must always be set in objects";
 * - "up to 5000 object properties total, with up to 10 levels of nesting"; "up to 1000 enum values
 *   across all enum properties"; names, enum and const values under 120 000 characters in all;
 * - not supported: allOf, not, dependentRequired, dependentSchemas, if, then, else (and so on).
 */
export function checkOpenAiStrict(schema: Json): string[] {
  const errors: string[] = [];
  const formats = new Set([
    "date-time",
    "time",
    "date",
    "duration",
    "email",
    "hostname",
    "ipv4",
    "ipv6",
    "uuid",
  ]);
  const byType: Record<string, string[]> = {
    string: ["pattern", "format"],
    number: ["multipleOf", "maximum", "exclusiveMaximum", "minimum", "exclusiveMinimum"],
    integer: ["multipleOf", "maximum", "exclusiveMaximum", "minimum", "exclusiveMinimum"],
    array: ["items", "minItems", "maxItems"],
    object: ["properties", "required", "additionalProperties"],
  };
  const types = new Set(["string", "number", "boolean", "integer", "object", "array", "null"]);
  if (schema.type !== "object") errors.push("$: the root must be an object");
  if ("anyOf" in schema) errors.push("$: the root must not be anyOf");
  let properties = 0;
  let enumValues = 0;
  let chars = 0;
  const depthOf = (path: string) => path.split(".properties.").length - 1 + path.split(".items").length - 1;
  walk(schema, "$", (node, path) => {
    const declared = Array.isArray(node.type) ? node.type : node.type === undefined ? [] : [node.type];
    if (declared.length === 0 && !Array.isArray(node.anyOf)) errors.push(`${path}: no type and no anyOf`);
    if (declared.some((t) => !types.has(t as string)))
      errors.push(`${path}: unknown type ${String(node.type)}`);
    if (declared.filter((t) => t !== "null").length > 1)
      errors.push(`${path}: more than one type besides null`);
    const allowed = new Set(["type", "description", "enum", "anyOf", "title"]);
    for (const t of declared) for (const k of byType[t as string] ?? []) allowed.add(k);
    for (const key of Object.keys(node))
      if (!allowed.has(key)) errors.push(`${path}: keyword ${key} not supported`);
    if (typeof node.format === "string" && !formats.has(node.format))
      errors.push(`${path}: format ${node.format}`);
    if (declared.includes("object")) {
      if (node.additionalProperties !== false) errors.push(`${path}: additionalProperties must be false`);
      const keys = isObject(node.properties) ? Object.keys(node.properties) : [];
      properties += keys.length;
      for (const key of keys) chars += key.length;
      const required = Array.isArray(node.required) ? node.required : [];
      if (required.length !== keys.length || keys.some((k) => !required.includes(k))) {
        errors.push(`${path}: every property must be required`);
      }
    }
    if (declared.includes("array") && !isObject(node.items)) errors.push(`${path}: an array needs items`);
    if (Array.isArray(node.enum)) {
      enumValues += node.enum.length;
      for (const value of node.enum) if (typeof value === "string") chars += value.length;
    }
    if (depthOf(path) > 10) errors.push(`${path}: more than 10 levels of nesting`);
  });
  if (properties > 5000) errors.push(`$: ${properties} properties (at most 5000)`);
  if (enumValues > 1000) errors.push(`$: ${enumValues} enum values (at most 1000)`);
  if (chars > 120_000) errors.push(`$: ${chars} characters of names and enum values (at most 120000)`);
  return errors;
}

/**
 * Gemini function declarations: `parameters` is a `Schema`, "a select subset of an OpenAPI 3.0
 * schema object" (https://ai.google.dev/api/caching#Schema), whose fields are type, format, title,
 * description, nullable, enum, maxItems, minItems, properties, required, minProperties,
 * maxProperties, minLength, maxLength, pattern, example, anyOf, propertyOrdering, default, items,
 * minimum, maximum. `type` is one Type (STRING, NUMBER, INTEGER, BOOLEAN, ARRAY, OBJECT); `enum`
 * holds strings ("Type.STRING with enum format"); `format` for NUMBER float, double, for INTEGER
 * int32, int64, for STRING enum, date-time; `required` names properties of the object (the API
 * answers "property is not defined" otherwise); an OBJECT property needs properties (the API
 * answers "should be non-empty for OBJECT type"); an ARRAY needs items.
 */
export function checkGemini(schema: Json): string[] {
  const errors: string[] = [];
  const fields = new Set(
    "type format title description nullable enum maxItems minItems properties required minProperties maxProperties minLength maxLength pattern example anyOf propertyOrdering default items minimum maximum".split(
      " ",
    ),
  );
  const types = new Set(["string", "number", "integer", "boolean", "array", "object"]);
  const formats: Record<string, string[]> = {
    number: ["float", "double"],
    integer: ["int32", "int64"],
    string: ["enum", "date-time"],
  };
  if (String(schema.type).toLowerCase() !== "object") errors.push("$: parameters must be an OBJECT");
  walk(schema, "$", (node, path) => {
    for (const key of Object.keys(node))
      if (!fields.has(key)) errors.push(`${path}: field ${key} not in Schema`);
    const type = typeof node.type === "string" ? node.type.toLowerCase() : undefined;
    if (type === undefined && !Array.isArray(node.anyOf)) errors.push(`${path}: type must be one Type`);
    if (type !== undefined && !types.has(type)) errors.push(`${path}: type ${String(node.type)}`);
    if (node.enum !== undefined) {
      if (type !== "string" || !Array.isArray(node.enum) || node.enum.some((v) => typeof v !== "string")) {
        errors.push(`${path}: enum only of strings on a STRING`);
      }
    }
    if (typeof node.format === "string" && !(formats[type ?? ""] ?? []).includes(node.format)) {
      errors.push(`${path}: format ${node.format} on ${type}`);
    }
    if (type === "object") {
      const keys = isObject(node.properties) ? Object.keys(node.properties) : [];
      if (keys.length === 0 && path !== "$") errors.push(`${path}: an OBJECT needs properties`);
      const required = Array.isArray(node.required) ? node.required : [];
      for (const key of required)
        if (!keys.includes(key as string)) errors.push(`${path}: required ${key} not defined`);
    }
    if (type === "array" && !isObject(node.items)) errors.push(`${path}: an ARRAY needs items`);
  });
  return errors;
}

const ajv = new Ajv2020({ strict: false, validateFormats: false });

/**
 * Anthropic tool use (https://docs.claude.com/en/docs/agents-and-tools/tool-use/implement-tool-use):
 * `input_schema` is a JSON Schema object with `type: "object"` at the root; the API refuses
 * "oneOf, allOf, or anyOf at the top level" and a schema that does not "match JSON Schema draft
 * 2020-12" (its 400 answers). Our own rule on top: no `$ref` left (a network one is never fetched).
 */
export function checkAnthropic(schema: Json): string[] {
  const errors: string[] = [];
  if (schema.type !== "object") errors.push("$: type must be object");
  for (const key of ["oneOf", "allOf", "anyOf"]) if (key in schema) errors.push(`$: ${key} at the top level`);
  if (JSON.stringify(schema).includes('"$ref"')) errors.push("$: a $ref is left");
  if (!ajv.validateSchema(schema)) errors.push(`$: not draft 2020-12: ${ajv.errorsText(ajv.errors)}`);
  return errors;
}

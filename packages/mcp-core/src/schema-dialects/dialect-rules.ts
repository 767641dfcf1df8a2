/**
 * What each provider accepts in a tool's input schema, as data the shaper reads. Each rule names
 * the page it was written from; SPEC §13.5 lists them and test/support/schema-dialect-checker.ts checks the
 * shaped schemas against the same pages, written separately.
 * @module
 */
import type { SchemaDialect } from "./dialect-types.js";

/** A dialect that changes the schema (every one but `"as-is"`). */
export type ShapingDialect = Exclude<SchemaDialect, "as-is">;

/** How one dialect shapes a schema. */
export interface DialectRules {
  readonly dialect: ShapingDialect;
  /** Whether a keyword the shaper does not handle itself stays on a schema of `type`. */
  keeps(keyword: string, type: string | undefined): boolean;
  /** The `format` values kept on a schema of `type`; `undefined`: every format is kept. */
  formats(type: string | undefined): ReadonlySet<string> | undefined;
  /** One type per schema: a union of types becomes `anyOf`, `null` becomes the dialect's nullable. */
  readonly singleTypes: boolean;
  /** How a schema accepts null: a `"null"` in a type array (OpenAI), `nullable: true` (Gemini). */
  readonly nullable: "type-array" | "nullable-flag" | "keep";
  /** An open value (no properties, no type, a cut recursion) is JSON text the plan parses back. */
  readonly openAsJsonText: boolean;
  /** Every property required, optional ones made nullable; `additionalProperties: false` everywhere. */
  readonly strictObjects: boolean;
  /** `enum` only on strings (a number enum moves into the description). */
  readonly stringEnumsOnly: boolean;
  /** `allOf` merged into one schema, `oneOf` read as `anyOf`, everywhere (else at the root only). */
  readonly flattenCombinators: boolean;
  /** Levels of nested objects; deeper objects become JSON text. */
  readonly maxObjectDepth: number;
  /** Object properties in the whole schema; past them objects become JSON text. */
  readonly maxProperties: number;
  /** Enum values in the whole schema; past them an enum moves into the description. */
  readonly maxEnumValues: number;
}

const NUMBER_TYPES = new Set(["number", "integer"]);

function byType(table: Readonly<Record<string, readonly string[]>>) {
  const sets = new Map(Object.entries(table).map(([type, keys]) => [type, new Set(keys)]));
  return (keyword: string, type: string | undefined): boolean =>
    type !== undefined && (sets.get(NUMBER_TYPES.has(type) ? "number" : type)?.has(keyword) ?? false);
}

/**
 * OpenAI Structured Outputs, strict mode ("Supported schemas",
 * https://platform.openai.com/docs/guides/structured-outputs#supported-schemas): types string,
 * number, integer, boolean, object, array, enum, anyOf; string `pattern` and `format` (date-time,
 * time, date, duration, email, hostname, ipv4, ipv6, uuid); number `multipleOf`, `maximum`,
 * `exclusiveMaximum`, `minimum`, `exclusiveMinimum`; array `minItems`, `maxItems`. Every property
 * required ("emulate optional parameters with a union type with null"), `additionalProperties:
 * false` on every object, the root an object and not `anyOf`; at most 5 000 properties, 10 levels
 * of nesting and 1 000 enum values; `allOf`, `not`, `if`/`then`/`else`, `dependentRequired`,
 * `dependentSchemas` and the rest are not supported.
 */
const OPENAI_STRICT_FORMATS = new Set([
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
const openAiStrict: DialectRules = {
  dialect: "openai-strict",
  keeps: byType({
    string: ["pattern"],
    number: ["multipleOf", "maximum", "exclusiveMaximum", "minimum", "exclusiveMinimum"],
    array: ["minItems", "maxItems"],
  }),
  formats: (type) => (type === "string" ? OPENAI_STRICT_FORMATS : new Set()),
  singleTypes: true,
  nullable: "type-array",
  openAsJsonText: true,
  strictObjects: true,
  stringEnumsOnly: false,
  flattenCombinators: true,
  maxObjectDepth: 10,
  maxProperties: 5000,
  maxEnumValues: 1000,
};

/**
 * Gemini function declarations: `parameters` is a `Schema`, "a select subset of an OpenAPI 3.0
 * schema object" (https://ai.google.dev/api/caching#Schema): `type` one of STRING, NUMBER,
 * INTEGER, BOOLEAN, ARRAY, OBJECT; `format` (NUMBER: float, double; INTEGER: int32, int64; STRING:
 * enum, date-time); `title`, `description`, `nullable`, `enum` (of strings), `properties`,
 * `required`, `items`, `anyOf`, `minItems`/`maxItems`, `minLength`/`maxLength`, `pattern`,
 * `minimum`/`maximum`, `minProperties`/`maxProperties`. No `$ref`/`$defs`, `$schema`,
 * `additionalProperties`, `oneOf`/`allOf`, `const` or type arrays; an OBJECT needs properties.
 */
const GEMINI_FORMATS: Readonly<Record<string, ReadonlySet<string>>> = {
  string: new Set(["enum", "date-time"]),
  number: new Set(["float", "double"]),
  integer: new Set(["int32", "int64"]),
};
const gemini: DialectRules = {
  dialect: "gemini",
  keeps: (keyword, type) =>
    keyword === "title" ||
    byType({
      string: ["minLength", "maxLength", "pattern"],
      number: ["minimum", "maximum"],
      array: ["minItems", "maxItems"],
      object: ["minProperties", "maxProperties"],
    })(keyword, type),
  formats: (type) => GEMINI_FORMATS[type ?? ""] ?? new Set(),
  singleTypes: true,
  nullable: "nullable-flag",
  openAsJsonText: true,
  strictObjects: false,
  stringEnumsOnly: true,
  flattenCombinators: true,
  maxObjectDepth: 32,
  maxProperties: Number.POSITIVE_INFINITY,
  maxEnumValues: Number.POSITIVE_INFINITY,
};

/**
 * Anthropic tool use: `input_schema` is "a JSON Schema object"
 * (https://docs.claude.com/en/docs/agents-and-tools/tool-use/implement-tool-use) with `type:
 * "object"` at the root; the API refuses `oneOf`, `allOf` or `anyOf` at the top level ("input_schema
 * does not support oneOf, allOf, or anyOf at the top level", its 400 answer). Everything else of
 * JSON Schema stays; references are inlined so no network `$ref` reaches it.
 */
const anthropic: DialectRules = {
  dialect: "anthropic",
  keeps: () => true,
  formats: () => undefined,
  singleTypes: false,
  nullable: "keep",
  openAsJsonText: false,
  strictObjects: false,
  stringEnumsOnly: false,
  flattenCombinators: false,
  maxObjectDepth: 32,
  maxProperties: Number.POSITIVE_INFINITY,
  maxEnumValues: Number.POSITIVE_INFINITY,
};

/** The rules of each dialect that shapes. */
export const DIALECT_RULES: Readonly<Record<ShapingDialect, DialectRules>> = {
  "openai-strict": openAiStrict,
  gemini,
  anthropic,
};

/** Keywords that say nothing to a model and go without a note (the references are inlined first). */
export const SILENT_KEYWORDS: ReadonlySet<string> = new Set([
  "$schema",
  "$id",
  "$comment",
  "$defs",
  "definitions",
  "$anchor",
  "$dynamicAnchor",
  "$vocabulary",
]);

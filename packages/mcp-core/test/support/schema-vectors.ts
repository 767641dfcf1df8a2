/**
 * Input schemas no test server sends but real ones do (references, cycles, unions, open maps), and
 * hostile ones (deep nesting, a `$defs` that doubles at each level, thousands of properties): the
 * corpus test shapes them beside the captured ones.
 */
type Json = Record<string, unknown>;

/** `{ properties: { x: … } }` nested `depth` times, built without recursion. */
function nested(depth: number): Json {
  let node: Json = { type: "object", properties: { leaf: { type: "string" } } };
  for (let i = 0; i < depth; i++) node = { type: "object", properties: { x: node }, required: ["x"] };
  return node;
}

/** `$defs` d0 … d{n-1}, each holding the next one twice: 2^n nodes if inlined naively. */
function doubling(n: number): Json {
  const defs: Json = {};
  for (let i = 0; i < n; i++) {
    const next = i + 1 < n ? { $ref: `#/$defs/d${i + 1}` } : { type: "string" };
    defs[`d${i}`] = { type: "object", properties: { a: next, b: next }, required: ["a"] };
  }
  return { type: "object", properties: { root: { $ref: "#/$defs/d0" } }, $defs: defs };
}

export const SCHEMA_VECTORS: Readonly<Record<string, Json>> = {
  refs: {
    type: "object",
    properties: {
      owner: { $ref: "#/$defs/person" },
      tags: { type: "array", items: { $ref: "#/definitions/tag" } },
    },
    required: ["owner"],
    $defs: {
      person: {
        type: "object",
        properties: { name: { type: "string" }, email: { type: "string", format: "email" } },
        required: ["name"],
      },
    },
    definitions: { tag: { type: "string", minLength: 1 } },
  },
  "ref-cycle": {
    type: "object",
    properties: { tree: { $ref: "#/$defs/node" } },
    required: ["tree"],
    $defs: {
      node: {
        type: "object",
        properties: {
          value: { type: "string" },
          children: { type: "array", items: { $ref: "#/$defs/node" } },
        },
        required: ["value"],
      },
    },
  },
  "root-ref-cycle": { type: "object", properties: { self: { $ref: "#" }, name: { type: "string" } } },
  "network-ref": {
    type: "object",
    properties: {
      config: { $ref: "https://example.com/schemas/config.json" },
      other: { $ref: "other.json#/x" },
    },
  },
  "dangling-ref": {
    type: "object",
    properties: { a: { $ref: "#/$defs/missing" }, b: { $ref: "#/$defs/a~1b" } },
    $defs: { "a/b": { type: "integer" } },
  },
  unions: {
    type: "object",
    properties: {
      maybe: { anyOf: [{ type: "string" }, { type: "null" }] },
      either: { anyOf: [{ type: "string" }, { type: "number" }] },
      shape: {
        oneOf: [
          {
            type: "object",
            properties: { kind: { const: "a" }, size: { type: "integer" } },
            required: ["kind"],
          },
          {
            type: "object",
            properties: { kind: { const: "b" }, open: { type: "object" } },
            required: ["kind"],
          },
        ],
      },
      multi: { type: ["string", "integer", "null"] },
      obj: { anyOf: [{ type: "object", properties: { q: { type: "string" } } }, { type: "null" }] },
    },
    required: ["either"],
  },
  "all-of": {
    allOf: [
      { $ref: "#/$defs/base" },
      { type: "object", properties: { extra: { type: "boolean" } }, required: ["extra"] },
    ],
    $defs: { base: { type: "object", properties: { id: { type: "string" } }, required: ["id"] } },
  },
  "root-any-of-shapes": {
    anyOf: [
      { type: "object", properties: { url: { type: "string", format: "uri" } }, required: ["url"] },
      { type: "object", properties: { path: { type: "string" } }, required: ["path"] },
    ],
  },
  "root-one-of-constraints": {
    type: "object",
    properties: { id: { type: "string" }, name: { type: "string" } },
    oneOf: [{ required: ["id"] }, { required: ["name"] }],
  },
  arrays: {
    type: "object",
    properties: {
      pair: { type: "array", items: [{ type: "string" }, { type: "number" }] },
      tuple: { type: "array", prefixItems: [{ type: "string" }] },
      anything: { type: "array" },
      unique: { type: "array", items: { type: "integer" }, uniqueItems: true, minItems: 1, maxItems: 3 },
    },
  },
  "open-values": {
    type: "object",
    properties: {
      headers: { type: "object", additionalProperties: { type: "string" } },
      payload: {},
      any: true,
      data: { type: "object" },
      map: { type: "object", patternProperties: { "^x-": { type: "string" } } },
    },
    required: ["payload"],
  },
  keywords: {
    type: "object",
    $schema: "https://json-schema.org/draft/2020-12/schema",
    title: "Keywords",
    properties: {
      code: { type: "integer", enum: [1, 2, 3], default: 1, exclusiveMinimum: 0, format: "int32" },
      label: {
        type: "string",
        minLength: 1,
        maxLength: 20,
        pattern: "^[a-z]+$",
        format: "uri",
        examples: ["a"],
      },
      when: { type: "string", format: "date-time" },
      flag: { const: true },
      mode: { const: "fast" },
      num: { type: "number", multipleOf: 0.5, not: { const: 2 } },
      // JSON Schema's if/then/else, built from JSON so that no object literal has a `then`.
      either: JSON.parse('{"if":{"type":"string"},"then":{"minLength":2},"else":{"type":"number"}}'),
      count: { type: "integer", minimum: 0, maximum: 10, nullable: true },
      weird: { type: "nonsense" },
    },
    required: ["code"],
    dependentRequired: { label: ["code"] },
  },
  "deep-nesting": nested(3000),
  "doubling-defs": doubling(40),
  "many-properties": {
    type: "object",
    properties: Object.fromEntries(
      Array.from({ length: 6000 }, (_, i) => [
        `p${i}`,
        { type: "object", properties: { v: { type: "string" } } },
      ]),
    ),
  },
  "many-enum-values": {
    type: "object",
    properties: {
      a: { type: "string", enum: Array.from({ length: 900 }, (_, i) => `a${i}`) },
      b: { type: "string", enum: Array.from({ length: 900 }, (_, i) => `b${i}`) },
    },
  },
  "no-properties": { type: "object" },
  "proto-keys": JSON.parse(
    '{"type":"object","properties":{"__proto__":{"type":"object"},"constructor":{"type":"string"}}}',
  ),
};

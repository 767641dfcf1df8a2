// The pure function of SPEC §13.5, rule by rule: each case shapes one schema, checks what the
// model is offered, and round-trips the arguments a model writes against it back to the server's.
import { describe, expect, it } from "vitest";
import { restoreArguments, shapeInputSchema } from "../src/schema-dialects/index.js";
import type { JsonSchemaObject } from "../src/types.js";

const object = (properties: Record<string, unknown>, extra: Record<string, unknown> = {}) =>
  ({ type: "object", properties, ...extra }) as JsonSchemaObject;

describe("shapeInputSchema", () => {
  it("as-is (the default): the server's own object, arguments untouched", () => {
    const schema = object({ a: { type: "string" } });
    expect(shapeInputSchema(schema).schema).toBe(schema);
    expect(shapeInputSchema(schema, "as-is").plan).toBeUndefined();
  });

  it("openai-strict: optional properties nullable-required, objects closed; the forced nulls go back out", () => {
    const schema = object(
      { q: { type: "string" }, n: { type: "integer" }, tags: { enum: ["a", "b"] } },
      { required: ["q"] },
    );
    const { schema: shaped, plan } = shapeInputSchema(schema, "openai-strict");
    expect(shaped).toEqual({
      type: "object",
      properties: {
        q: { type: "string" },
        n: { type: ["integer", "null"] },
        tags: { type: ["string", "null"], enum: ["a", "b", null] },
      },
      required: ["q", "n", "tags"],
      additionalProperties: false,
    });
    expect(restoreArguments({ q: "x", n: null, tags: "a" }, plan)).toEqual({ q: "x", tags: "a" });
  });

  it("openai-strict: a null the server's schema took stays (the model's null means null)", () => {
    const schema = object({
      v: { type: ["string", "null"] },
      w: { anyOf: [{ type: "number" }, { type: "null" }] },
    });
    const { schema: shaped, plan } = shapeInputSchema(schema, "openai-strict");
    expect(shaped.properties).toEqual({ v: { type: ["string", "null"] }, w: { type: ["number", "null"] } });
    expect(restoreArguments({ v: null, w: null }, plan)).toEqual({ v: null, w: null });
  });

  it("openai-strict, gemini: an open object is asked for as JSON text and parsed back", () => {
    const schema = object(
      { headers: { type: "object", additionalProperties: { type: "string" } }, any: {} },
      { required: ["headers", "any"] },
    );
    for (const dialect of ["openai-strict", "gemini"] as const) {
      const { schema: shaped, plan } = shapeInputSchema(schema, dialect);
      expect(shaped.properties?.headers).toMatchObject({ type: "string" });
      expect((shaped.properties?.headers as { description: string } | undefined)?.description).toContain(
        "JSON object written as JSON text",
      );
      expect(restoreArguments({ headers: '{"a":"b"}', any: "[1,2]" }, plan)).toEqual({
        headers: { a: "b" },
        any: [1, 2],
      });
      // Text that is not the JSON asked for goes through as written; the server judges it.
      expect(restoreArguments({ headers: "nope", any: "plain" }, plan)).toEqual({
        headers: "nope",
        any: "plain",
      });
    }
  });

  it("every dialect: same-document $ref and $defs inlined, a cycle cut with a note", () => {
    const schema = object(
      { tree: { $ref: "#/$defs/node" } },
      { $defs: { node: object({ value: { type: "string" }, next: { $ref: "#/$defs/node" } }) } },
    );
    for (const dialect of ["openai-strict", "gemini", "anthropic"] as const) {
      const shaped = JSON.stringify(shapeInputSchema(schema, dialect).schema);
      expect(shaped).not.toContain("$ref");
      expect(shaped).not.toContain(`"$defs"`);
      expect(shaped).toContain("recursive: the shape of #/$defs/node again");
    }
    const { plan } = shapeInputSchema(schema, "openai-strict");
    const written = { tree: { value: "a", next: '{"value":"b"}' } };
    expect(restoreArguments(written, plan)).toEqual({ tree: { value: "a", next: { value: "b" } } });
  });

  it("every dialect: a network $ref is never fetched: an open value with a note", () => {
    const schema = object({ cfg: { $ref: "https://example.com/cfg.json", description: "Config" } });
    expect(shapeInputSchema(schema, "anthropic").schema.properties?.cfg).toEqual({
      description: "Config (refers to $ref: https://example.com/cfg.json, not fetched)",
    });
    expect(shapeInputSchema(schema, "gemini").schema.properties?.cfg).toMatchObject({ type: "string" });
  });

  it("unsupported keywords move into the description, per dialect", () => {
    const schema = object({
      s: { type: "string", maxLength: 5, format: "uri", default: "x", description: "S" },
    });
    expect(shapeInputSchema(schema, "openai-strict").schema.properties?.s).toEqual({
      type: ["string", "null"],
      description: "S (format: uri; maxLength: 5; default: x)",
    });
    expect(shapeInputSchema(schema, "gemini").schema.properties?.s).toEqual({
      type: "string",
      maxLength: 5,
      description: "S (format: uri; default: x)",
    });
    expect(shapeInputSchema(schema, "anthropic").schema.properties?.s).toEqual(schema.properties?.s);
  });

  it("gemini: one type with nullable, enums of strings only, no additionalProperties", () => {
    const schema = object(
      { n: { type: ["integer", "null"] }, k: { type: "integer", enum: [1, 2] } },
      { additionalProperties: false, required: ["k", "gone"] },
    );
    const { schema: shaped, plan } = shapeInputSchema(schema, "gemini");
    expect(shaped).toEqual({
      type: "object",
      properties: {
        n: { type: "integer", nullable: true },
        k: { type: "integer", description: "(one of: [1,2])" },
      },
      required: ["k"],
    });
    expect(restoreArguments({ n: null, k: 1 }, plan)).toEqual({ n: null, k: 1 });
  });

  it("root: a top-level union becomes one object (Anthropic refuses anyOf there), constraints noted", () => {
    const shapes = {
      anyOf: [
        object({ url: { type: "string" } }, { required: ["url"] }),
        object({ path: { type: "string" } }),
      ],
    };
    const constraint = object(
      { a: { type: "string" }, b: { type: "string" } },
      { oneOf: [{ required: ["a"] }, { required: ["b"] }] },
    );
    for (const dialect of ["openai-strict", "gemini", "anthropic"] as const) {
      const merged = shapeInputSchema(shapes as unknown as JsonSchemaObject, dialect).schema;
      expect(merged.type).toBe("object");
      expect(Object.keys(merged.properties ?? {})).toEqual(["url", "path"]);
      expect(merged.anyOf).toBeUndefined();
      const noted = shapeInputSchema(constraint, dialect).schema;
      expect(noted.oneOf).toBeUndefined();
      expect(noted.description).toContain('oneOf: [{"required":["a"]},{"required":["b"]}]');
    }
  });

  it("bounded on hostile schemas: deep nesting, a doubling $defs, a property named __proto__", () => {
    let deep: Record<string, unknown> = { type: "string" };
    for (let i = 0; i < 50_000; i++) deep = { type: "object", properties: { x: deep } };
    const defs: Record<string, unknown> = {};
    for (let i = 0; i < 60; i++)
      defs[`d${i}`] = object({ a: { $ref: `#/$defs/d${i + 1}` }, b: { $ref: `#/$defs/d${i + 1}` } });
    const doubling = object({ r: { $ref: "#/$defs/d0" } }, { $defs: defs });
    for (const dialect of ["openai-strict", "gemini", "anthropic"] as const) {
      expect(JSON.stringify(shapeInputSchema(deep as JsonSchemaObject, dialect).schema)).toContain(
        "nested too deeply",
      );
      expect(JSON.stringify(shapeInputSchema(doubling, dialect).schema).length).toBeLessThan(5_000_000);
    }
    const proto = JSON.parse(
      '{"type":"object","properties":{"__proto__":{"type":"string"}}}',
    ) as JsonSchemaObject;
    const shaped = shapeInputSchema(proto, "openai-strict");
    expect(Object.keys(shaped.schema.properties ?? {})).toEqual(["__proto__"]);
    const back = restoreArguments(JSON.parse('{"__proto__":null}'), shaped.plan);
    expect(Object.getPrototypeOf(back)).toBe(Object.prototype);
    expect(Object.keys(back)).toEqual([]);
  });
});

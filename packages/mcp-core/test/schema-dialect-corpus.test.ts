// Goal 6 of issue 42: every input schema the project's test servers list (fixtures/schema-corpus.json,
// captured by scripts/capture-schema-corpus.mjs from the fixtures, server-everything and
// server-filesystem) and the vectors of test/support/schema-vectors.ts, shaped for each dialect,
// pass a checker written from that provider's published rules, and their arguments round-trip:
// what a model writes against the shaped schema is valid for it and goes back to the server's.

import { Validator } from "@cfworker/json-schema";
import corpus from "@toolnexus/fixtures/schema-corpus.json" with { type: "json" };
import { toStrictJsonSchema } from "openai/lib/transform";
import { describe, expect, it } from "vitest";
import { restoreArguments, type SchemaDialect, shapeInputSchema } from "../src/schema-dialects/index.js";
import type { JsonSchemaObject } from "../src/types.js";
import { checkAnthropic, checkGemini, checkOpenAiStrict } from "./support/schema-dialect-checker.js";
import { asModelWrites, sampleOf, withRequiredNulls } from "./support/schema-samples.js";
import { SCHEMA_VECTORS } from "./support/schema-vectors.js";

const CHECKERS = {
  "openai-strict": checkOpenAiStrict,
  gemini: checkGemini,
  anthropic: checkAnthropic,
} satisfies Record<Exclude<SchemaDialect, "as-is">, (schema: JsonSchemaObject) => string[]>;

/** The corpus's distinct schemas (many tools share one), each named by its first tool. */
function distinct(entries: typeof corpus): [string, JsonSchemaObject][] {
  const byText = new Map<string, [string, JsonSchemaObject]>();
  for (const { server, tool, inputSchema } of entries) {
    const text = JSON.stringify(inputSchema);
    if (!byText.has(text)) byText.set(text, [`${server}/${tool}`, inputSchema as JsonSchemaObject]);
  }
  return [...byText.values()];
}

const SCHEMAS: [string, JsonSchemaObject][] = [
  ...distinct(corpus),
  ...Object.entries(SCHEMA_VECTORS).map(
    ([name, schema]) => [`vector/${name}`, schema] as [string, JsonSchemaObject],
  ),
];

/** Constraints on values the sample does not try to meet; every other keyword must hold. */
const VALUE_KEYWORDS = new Set(["pattern", "format", "minLength", "maxLength", "minimum", "maximum"]);

/** The errors a JSON Schema validator (draft 2020-12, interpreted: no code generated per schema) finds. */
function structuralErrors(schema: JsonSchemaObject, value: unknown): string[] {
  const result = new Validator(schema as never, "2020-12", false).validate(value);
  return (
    result.errors
      .filter(
        (error) =>
          !VALUE_KEYWORDS.has(error.keyword) && !["exclusiveMinimum", "multipleOf"].includes(error.keyword),
      )
      // A container (properties, items) fails with its leaves, which name what broke.
      .filter((error) => !["properties", "items"].includes(error.keyword))
      .map((error) => `${error.instanceLocation} ${error.error}`)
  );
}

describe("the schema corpus, shaped for each dialect", () => {
  it("holds the captured listings of the test servers", () => {
    expect(corpus.length).toBeGreaterThanOrEqual(600);
    expect(new Set(corpus.map((entry) => entry.server))).toContain("everything");
  });

  for (const [dialect, check] of Object.entries(CHECKERS) as [keyof typeof CHECKERS, typeof checkGemini][]) {
    it(`${dialect}: every schema passes the provider's rules`, () => {
      const failures: string[] = [];
      for (const [name, schema] of SCHEMAS) {
        const shaped = shapeInputSchema(schema, dialect);
        for (const error of check(shaped.schema)) failures.push(`${name} ${error}`);
      }
      expect(failures.slice(0, 20)).toEqual([]);
    });

    it(`${dialect}: arguments round-trip (valid for the shaped schema, back to the server's)`, () => {
      const failures: string[] = [];
      for (const [name, schema] of SCHEMAS) {
        // What these cut (past the depth, node and property bounds) the model cannot write: SPEC §13.5.
        if (["vector/deep-nesting", "vector/doubling-defs", "vector/many-properties"].includes(name))
          continue;
        const shaped = shapeInputSchema(schema, dialect);
        const sample = sampleOf(schema, schema) as Record<string, unknown>;
        const written = asModelWrites(sample, shaped.plan) as Record<string, unknown>;
        const complete = withRequiredNulls(written, shaped.schema) as Record<string, unknown>;
        // Ajv's generated check of additionalProperties does not see an own "__proto__" property.
        const errors = name === "vector/proto-keys" ? [] : structuralErrors(shaped.schema, complete);
        for (const error of errors) failures.push(`${name} ${error}`);
        const back = restoreArguments(written, shaped.plan);
        if (JSON.stringify(back) !== JSON.stringify(sample))
          failures.push(`${name}: ${JSON.stringify(back)}`);
      }
      expect(failures.slice(0, 20)).toEqual([]);
    });
  }

  it("openai-strict: OpenAI's own offline converter (openai/lib/transform toStrictJsonSchema) takes every shaped schema as it is", () => {
    const changed: string[] = [];
    for (const [name, schema] of SCHEMAS) {
      const shaped = shapeInputSchema(schema, "openai-strict").schema;
      // It throws on what strict mode cannot take and rewrites what it can; ours needs neither.
      if (JSON.stringify(toStrictJsonSchema(shaped as never)) !== JSON.stringify(shaped)) changed.push(name);
    }
    expect(changed).toEqual([]);
  });

  it("as-is: every schema is the server's own object", () => {
    for (const [, schema] of SCHEMAS) expect(shapeInputSchema(schema).schema).toBe(schema);
  });
});

import { readFileSync } from "node:fs";
import { join } from "node:path";
import { toolnexusName } from "@toolnexus/mcp-core/config";
import { describe, expect, it } from "vitest";
import { sanitize, toolName, toolnexusInputSchema } from "../src/index.js";
import { fixturesDir } from "./helpers.js";

describe("toolnexusInputSchema", () => {
  it.each([
    [
      "forces additionalProperties after the server's keys",
      { type: "object", properties: { a: {} }, required: ["a"] },
      '{"type":"object","properties":{"a":{}},"required":["a"],"additionalProperties":false}',
    ],
    [
      "defaults properties to {}",
      { type: "object" },
      '{"type":"object","properties":{},"additionalProperties":false}',
    ],
    [
      "overrides additionalProperties: true in place",
      { additionalProperties: true, type: "object" },
      '{"additionalProperties":false,"type":"object","properties":{}}',
    ],
    [
      "keeps $schema and other keys in place",
      { $schema: "x", type: "object", properties: {} },
      '{"$schema":"x","type":"object","properties":{},"additionalProperties":false}',
    ],
    [
      "forces type: object",
      { type: "string" },
      '{"type":"object","properties":{},"additionalProperties":false}',
    ],
    [
      "turns a missing schema into an empty object schema",
      undefined,
      '{"type":"object","properties":{},"additionalProperties":false}',
    ],
  ])("should normalize: %s", (_label, schema, expected) => {
    expect(JSON.stringify(toolnexusInputSchema(schema))).toBe(expected);
  });

  it("should not modify the server's schema", () => {
    const schema = { type: "object", properties: { a: {} } };
    const copy = structuredClone(schema);
    const normalized = toolnexusInputSchema(schema);
    expect(schema).toEqual(copy);
    expect(normalized).not.toBe(schema);
  });
});

describe("toolnexus naming", () => {
  const vectors = JSON.parse(readFileSync(join(fixturesDir, "naming-vectors.json"), "utf8")) as {
    vectors: Array<{ server: string; raw: string; toolnexus: string }>;
  };

  it("should match every toolnexus naming vector, and the core's toolnexus naming", () => {
    expect(vectors.vectors.length).toBeGreaterThan(0);
    for (const v of vectors.vectors) {
      expect(toolName(v.server, v.raw), `${v.server} / ${v.raw}`).toBe(v.toolnexus);
      expect(toolnexusName(v.server, v.raw)).toBe(v.toolnexus);
    }
  });

  it("should sanitize per UTF-16 code unit with no length cap", () => {
    expect(sanitize("a.b c/d😀")).toBe("a_b_c_d__");
    expect(toolName("s".repeat(40), "t".repeat(40))).toHaveLength(81);
  });
});

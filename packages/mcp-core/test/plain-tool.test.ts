import { CATALOG_SETS, catalogTools } from "@toolnexus/fixtures/catalog";
import { describe, expect, it } from "vitest";
import { jsonEqual } from "../src/json-equal.js";
import { plainTool } from "../src/lazy/plain-tool.js";
import { fileToolCache } from "../src/tool-cache/file-tool-cache.js";
import { returnsParsedEntries } from "../src/tool-cache/parsed-entries.js";
import { canonicalJson } from "../src/tools/canonical-json.js";
import { checkTool } from "../src/tools/list-tools.js";

const base = {
  name: "echo",
  description: "Echoes",
  inputSchema: { type: "object", properties: { text: { type: "string" } } },
};

function nested(levels: number): unknown {
  let value: unknown = {};
  for (let i = 0; i < levels; i++) value = { deeper: value };
  return value;
}

const cyclic: Record<string, unknown> = { type: "string" };
cyclic.self = cyclic;

/** What a cache entry (a hand-edited file, another port's bug, a hostile shared store) may hold. */
const variants: Record<string, unknown> = {
  "an extra key the schema strips": { ...base, injected: "x" },
  "a numeric title": { ...base, title: 7 },
  "an empty name": { ...base, name: "" },
  "no name": { description: "x", inputSchema: { type: "object" } },
  "an array schema": { ...base, inputSchema: { type: "array" } },
  "properties as an array": { ...base, inputSchema: { type: "object", properties: [] } },
  "a numeric required name": { ...base, inputSchema: { type: "object", required: [1] } },
  "an unknown annotation": { ...base, annotations: { readOnlyHint: true, trustMe: true } },
  "a string hint": { ...base, annotations: { readOnlyHint: "yes" } },
  "an unknown task support": { ...base, execution: { taskSupport: "sometimes" } },
  icons: { ...base, icons: [{ src: "https://example.com/i.png" }] },
  "a schema 300 levels deep": { ...base, inputSchema: { type: "object", properties: { a: nested(300) } } },
  "a cyclic schema (a custom store's objects)": {
    ...base,
    inputSchema: { type: "object", properties: { a: cyclic } },
  },
  "a non-finite number": { ...base, inputSchema: { type: "object", maximum: Number.POSITIVE_INFINITY } },
  "a class instance": { ...base, inputSchema: Object.assign(new (class Schema {})(), { type: "object" }) },
  "an array as the tool": [base],
};

describe("plainTool: the cheap check of a cached tool", () => {
  it("accepts every catalog fixture tool unchanged, as the spec schema does", () => {
    for (const set of CATALOG_SETS) {
      for (const tool of catalogTools(set).slice(0, 10)) {
        const checked = checkTool(tool);
        expect(plainTool(tool)).toBe(tool);
        expect("tool" in checked && canonicalJson(checked.tool)).toBe(canonicalJson(tool));
      }
    }
  });

  it("leaves every odd or hostile shape to the spec schema", () => {
    for (const [what, value] of Object.entries(variants)) {
      expect(plainTool(value), what).toBeUndefined();
    }
  });

  it("accepts only what the spec schema accepts unchanged", () => {
    const accepted = [
      base,
      { ...base, title: "Echo", annotations: { title: "Echo", readOnlyHint: true, openWorldHint: false } },
      { ...base, execution: { taskSupport: "optional" }, _meta: { "x/y": { a: [1, null] } } },
      { ...base, outputSchema: { type: "object", $schema: "https://json-schema.org/draft/2020-12/schema" } },
      { ...base, inputSchema: { type: "object", properties: { a: nested(250) } } },
    ];
    for (const value of [...accepted, ...Object.values(variants)]) {
      const plain = plainTool(value);
      if (plain === undefined) continue;
      const checked = checkTool(value);
      expect("tool" in checked && jsonEqual(checked.tool, value)).toBe(true);
    }
    for (const value of accepted) expect(plainTool(value)).toBe(value);
  });
});

describe("plainTool on a fresh parse (a file cache's entry)", () => {
  it("gives the verdict it gives with its seen-set, for every shape JSON text can hold", () => {
    const texts = [
      ...CATALOG_SETS.flatMap((set) => catalogTools(set).slice(0, 10)),
      ...Object.values(variants).filter(
        (value) => value !== variants["a cyclic schema (a custom store's objects)"],
      ),
    ].map((value) => JSON.stringify(value));
    let accepted = 0;
    for (const text of texts) {
      const verdict = plainTool(JSON.parse(text)) !== undefined;
      const parsed = JSON.parse(text);
      expect(plainTool(parsed, true) === undefined ? false : plainTool(parsed, true) === parsed).toBe(
        verdict,
      );
      if (verdict) accepted++;
    }
    expect(accepted).toBeGreaterThan(0);
    expect(accepted).toBeLessThan(texts.length);
  });

  it("is assumed only of a store fileToolCache made, not of a store around it or another", () => {
    const file = fileToolCache("/nonexistent/toolnexus-parsed-entries");
    expect(returnsParsedEntries(file)).toBe(true);
    expect(
      returnsParsedEntries({ get: (key) => file.get(key), set: (key, entry) => file.set(key, entry) }),
    ).toBe(false);
  });
});

describe("jsonEqual", () => {
  it("agrees with canonical JSON on key order, nesting and left-out values", () => {
    const pairs: [unknown, unknown][] = [
      [
        { a: 1, b: [1, { c: 2, d: "x" }] },
        { b: [1, { d: "x", c: 2 }], a: 1 },
      ],
      [{ a: 1 }, { a: 1, b: undefined }],
      [{ a: [1, 2] }, { a: [2, 1] }],
      [{ a: null }, { a: undefined }],
      [[undefined], [null]],
      [{ a: "1" }, { a: 1 }],
      [{}, []],
      [{ a: { b: 1 } }, { a: { b: 1, c: 2 } }],
    ];
    for (const [a, b] of pairs) expect(jsonEqual(a, b)).toBe(canonicalJson(a) === canonicalJson(b));
  });
});

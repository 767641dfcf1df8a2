// The hidden-text stage (SPEC §9.4.4) against a plain reading of it: every title and description a
// model reads loses its invisible characters, a tool with none is returned as the same object with
// no warning, and a tool with some is a copy, with one warning naming where they were.
import type { Tool } from "@modelcontextprotocol/client";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { withoutInvisible } from "../src/pins/invisible-chars.js";
import { modelText } from "../src/pins/model-text.js";

/** Text made of plain letters, a non-ASCII visible letter, and invisible characters of several kinds. */
const text = fc.string({
  unit: fc.constantFrom("a", "b", " ", "\n", "\u00e9", "\u200b", "\u202e", "\udb40\udc41", "\u00ad"),
  maxLength: 8,
});

const schemaOf = (depth: number): fc.Arbitrary<unknown> =>
  depth === 0
    ? fc.constant({ type: "string" })
    : fc.record(
        {
          type: fc.constant("object"),
          title: text,
          description: text,
          properties: fc.dictionary(fc.constantFrom("p", "q"), schemaOf(depth - 1), { maxKeys: 2 }),
          items: fc.array(schemaOf(depth - 1), { maxLength: 2 }),
          enum: fc.array(text, { maxLength: 2 }),
        },
        { requiredKeys: ["type"] },
      );

const toolArb = fc.record(
  {
    name: text,
    title: text,
    description: text,
    annotations: fc.record({ title: text, readOnlyHint: fc.boolean() }, { requiredKeys: [] }),
    inputSchema: schemaOf(2),
    outputSchema: schemaOf(2),
  },
  { requiredKeys: ["name", "inputSchema"] },
) as fc.Arbitrary<Tool>;

/** The reading of SPEC §9.4.4: `title` and `description` strings at every level of a schema cleaned. */
function cleanSchema(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(cleanSchema);
  if (typeof schema !== "object" || schema === null) return schema;
  return Object.fromEntries(
    Object.entries(schema).map(([key, value]) => [
      key,
      (key === "title" || key === "description") && typeof value === "string"
        ? withoutInvisible(value).text
        : cleanSchema(value),
    ]),
  );
}

function expected(tool: Tool): Tool {
  const out: Record<string, unknown> = { ...tool, inputSchema: cleanSchema(tool.inputSchema) };
  if (tool.title !== undefined) out.title = withoutInvisible(tool.title).text;
  if (tool.description !== undefined) out.description = withoutInvisible(tool.description).text;
  if (tool.annotations?.title !== undefined) {
    out.annotations = { ...tool.annotations, title: withoutInvisible(tool.annotations.title).text };
  }
  if (tool.outputSchema !== undefined) out.outputSchema = cleanSchema(tool.outputSchema);
  return out as Tool;
}

describe("modelText", () => {
  it("should clean every text the model reads, copy only a tool that had some, and warn once for it", () => {
    fc.assert(
      fc.property(toolArb, (tool) => {
        const warnings: string[] = [];
        const before = JSON.stringify(tool);
        const shown = modelText(tool, "s", (m) => warnings.push(m));
        expect(JSON.stringify(tool)).toBe(before);
        const want = expected(tool);
        expect(shown).toEqual(want);
        const textsChanged = JSON.stringify(want) !== before;
        expect(shown === tool).toBe(!textsChanged);
        const nameHidden = withoutInvisible(tool.name).removed > 0;
        expect(warnings).toHaveLength(textsChanged || nameHidden ? 1 : 0);
        if (nameHidden) expect(warnings[0]).toContain("name (sent unchanged on the wire");
        // The raw name is the wire's and is never changed.
        expect(shown.name).toBe(tool.name);
      }),
      { numRuns: 1000 },
    );
  });
});

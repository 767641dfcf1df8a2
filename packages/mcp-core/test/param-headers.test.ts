// SEP-2243 parameter headers, as pure functions: which declarations are valid, and how values travel.
import { describe, expect, it } from "vitest";
import { paramHeaders, paramHeaderValues } from "../src/tools/param-headers.js";

const schema = (properties: Record<string, unknown>, extra: Record<string, unknown> = {}) => ({
  type: "object",
  properties,
  ...extra,
});

describe("paramHeaders", () => {
  it("should find declarations reached through properties, nested ones included", () => {
    const found = paramHeaders(
      schema({
        region: { type: "string", "x-mcp-header": "Region" },
        opts: { type: "object", properties: { dry: { type: "boolean", "x-mcp-header": "Dry-Run" } } },
        plain: { type: "string" },
      }),
    );
    expect(found).toEqual({
      headers: [
        { path: ["region"], name: "Region" },
        { path: ["opts", "dry"], name: "Dry-Run" },
      ],
    });
  });

  it.each([
    ["a name that is not an HTTP token", schema({ v: { type: "string", "x-mcp-header": "My Region" } })],
    ["an empty name", schema({ v: { type: "string", "x-mcp-header": "" } })],
    ["a non-primitive property", schema({ v: { type: "object", "x-mcp-header": "V" } })],
    ["a number property", schema({ v: { type: "number", "x-mcp-header": "V" } })],
    [
      "a declaration under items",
      schema({ v: { type: "array", items: { type: "string", "x-mcp-header": "V" } } }),
    ],
    [
      "a declaration under anyOf",
      schema({}, { anyOf: [schema({ v: { type: "string", "x-mcp-header": "V" } })] }),
    ],
    ["a declaration under $defs", schema({}, { $defs: { d: { type: "string", "x-mcp-header": "V" } } })],
    ["the root", { type: "object", "x-mcp-header": "V" }],
    [
      "a name declared twice in another case",
      schema({ a: { type: "string", "x-mcp-header": "Id" }, b: { type: "string", "x-mcp-header": "ID" } }),
    ],
  ])("should reject %s", (_, inputSchema) => {
    expect(paramHeaders(inputSchema)).toHaveProperty("reason", expect.stringContaining("x-mcp-header"));
  });
});

describe("paramHeaderValues", () => {
  const headers = [
    { path: ["s"], name: "S" },
    { path: ["o", "n"], name: "N" },
  ];
  const values = (args: Record<string, unknown>) => paramHeaderValues(headers, args);

  it("should send visible ASCII as it is, and numbers and booleans as their text", () => {
    expect(values({ s: "us-west1", o: { n: 42 } })).toEqual({
      "Mcp-Param-S": "us-west1",
      "Mcp-Param-N": "42",
    });
    expect(values({ s: "a b\tc" })).toEqual({ "Mcp-Param-S": "a b\tc" });
    expect(paramHeaderValues([{ path: ["b"], name: "B" }], { b: false })).toEqual({ "Mcp-Param-B": "false" });
  });

  it("should base64 what a header cannot carry as it is", () => {
    const b64 = (text: string) => `=?base64?${Buffer.from(text, "utf8").toString("base64")}?=`;
    expect(values({ s: "café" })).toEqual({ "Mcp-Param-S": b64("café") });
    expect(values({ s: " padded" })).toEqual({ "Mcp-Param-S": b64(" padded") });
    expect(values({ s: "" })).toEqual({ "Mcp-Param-S": b64("") });
    expect(values({ s: "line\nbreak" })).toEqual({ "Mcp-Param-S": b64("line\nbreak") });
    expect(values({ s: "=?base64?abc?=" })).toEqual({ "Mcp-Param-S": b64("=?base64?abc?=") });
  });

  it("should leave out a parameter that is absent, null, not primitive or an unsafe integer", () => {
    expect(values({})).toEqual({});
    expect(values({ s: null, o: { n: { deep: 1 } } })).toEqual({});
    expect(values({ s: ["x"], o: { n: 2 ** 60 } })).toEqual({});
    expect(values({ o: { n: Number.NaN } })).toEqual({});
  });
});

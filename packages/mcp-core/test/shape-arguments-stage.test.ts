// The call pipeline's `shapeArguments` stage alone, on a call record: the arguments a model wrote
// against a shaped schema (SPEC §13.5) go back to the server's shape before the send.
import { describe, expect, it } from "vitest";
import { CALL_STAGES, checkDurations, shapeArguments } from "../src/calls/call-pipeline.js";
import type { CallSite } from "../src/calls/call-site.js";
import { newCall } from "../src/calls/tool-call.js";
import type { McpTool } from "../src/types.js";

const TOOL = {
  name: "mcp__s__search",
  rawName: "search",
  server: "s",
  inputSchema: {
    type: "object",
    properties: { query: { type: "string" }, page: { type: "integer" }, filter: { type: "object" } },
    required: ["query"],
  },
} as unknown as McpTool;

const SITE = { config: { name: "s" } } as unknown as CallSite;

describe("shapeArguments", () => {
  it("should run right after checkDurations, before anything waits", () => {
    expect(CALL_STAGES.indexOf(shapeArguments)).toBe(CALL_STAGES.indexOf(checkDurations) + 1);
  });

  it("should remove the nulls strict mode forced and parse the JSON text of an open object", () => {
    const args = { query: "q", page: null, filter: '{"a":1}' };
    const call = shapeArguments(newCall(SITE, TOOL, args, { schemaDialect: "openai-strict" }));
    expect(call.args).toEqual({ query: "q", filter: { a: 1 } });
    expect(call.result).toBeUndefined();
  });

  it("should leave the arguments as they are with no dialect or as-is", () => {
    const args = { query: "q", page: null };
    expect(shapeArguments(newCall(SITE, TOOL, args, undefined)).args).toBe(args);
    expect(shapeArguments(newCall(SITE, TOOL, args, { schemaDialect: "as-is" })).args).toBe(args);
  });

  it("should settle a call whose schemaDialect is no dialect, unsent", () => {
    const ctx = { schemaDialect: "openai" as never };
    const call = shapeArguments(newCall(SITE, TOOL, {}, ctx));
    expect(call.result?.error).toMatchObject({ kind: "protocol", code: "PROTOCOL_ERROR" });
    expect(call.result?.error?.message).toContain('"openai-strict"');
  });
});

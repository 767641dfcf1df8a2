// The sampling glue both model-lending adapters share, in the adapter kit: the request's blocks,
// whether it offers tools, the result built from the answer's blocks, and the option checks.
import { describe, expect, it } from "vitest";
import {
  checkSamplingCount,
  instructionsPrompt,
  MAX_SAMPLING_COUNT,
  offersTools,
  resolveSamplingModels,
  type SamplingRequest,
  samplingBlocks,
  samplingResultOf,
} from "../src/adapter/index.js";

const request = (extra: Partial<SamplingRequest> = {}): SamplingRequest => ({
  messages: [{ role: "user", content: { type: "text", text: "hi" } }],
  maxTokens: 10,
  ...extra,
});

const kind = {
  entry: "Test sampling",
  one: "a test model",
  many: "test models",
  isModel: (value: unknown): value is string => typeof value === "string" && value !== "",
};

describe("the adapter kit's sampling glue", () => {
  it("should read one block or an array of blocks as a list", () => {
    const one = { role: "user" as const, content: { type: "text" as const, text: "a" } };
    const many = { role: "user" as const, content: [one.content, { type: "text" as const, text: "b" }] };
    expect(samplingBlocks(one)).toEqual([one.content]);
    expect(samplingBlocks(many)).toHaveLength(2);
  });

  it("should tell a request that offers tools, and refuse it when tools are off", () => {
    expect(offersTools(request())).toBe(false);
    expect(offersTools(request({ toolChoice: { mode: "auto" } }))).toBe(true);
    expect(offersTools(request({ tools: [] }), true)).toBe(true);
    expect(() => offersTools(request({ tools: [] }), false)).toThrow(/tools are off/);
    expect(offersTools(request(), false)).toBe(false);
  });

  it("should answer one block without tools: the texts joined, else the first media, else empty text", () => {
    const image = { type: "image" as const, data: "AA==", mimeType: "image/png" };
    const texts = [{ type: "text" as const, text: "a" }, image, { type: "text" as const, text: "b" }];
    expect(samplingResultOf(texts, false, "m", "endTurn")).toEqual({
      role: "assistant",
      model: "m",
      stopReason: "endTurn",
      content: { type: "text", text: "ab" },
    });
    expect(samplingResultOf([image], false, "m", undefined)).toEqual({
      role: "assistant",
      model: "m",
      content: image,
    });
    expect(samplingResultOf([], false, "m", undefined).content).toEqual({ type: "text", text: "" });
  });

  it("should answer every block with tools, a tool call making the stop reason toolUse", () => {
    const call = { type: "tool_use" as const, id: "c1", name: "t", input: {} };
    const result = samplingResultOf([{ type: "text", text: "x" }, call], true, "m", "endTurn");
    expect(result).toMatchObject({ stopReason: "toolUse", content: [{ type: "text" }, call] });
    expect(samplingResultOf([call], false, "m", "endTurn")).toMatchObject({ stopReason: "endTurn" });
  });

  it("should check model, models and the counts the same way for every adapter", () => {
    expect(resolveSamplingModels({ model: "a" }, kind)).toEqual({
      model: "a",
      models: {},
      maxTokens: MAX_SAMPLING_COUNT,
    });
    expect(() => resolveSamplingModels(null, kind)).toThrow(/Test sampling.*options/);
    expect(() => resolveSamplingModels({ model: "" }, kind)).toThrow(/model.*a test model/);
    expect(() => resolveSamplingModels({ model: "a", models: [] }, kind)).toThrow(/an object of test models/);
    expect(() => resolveSamplingModels({ model: "a", models: { x: 1 } }, kind)).toThrow(/models\.x/);
    expect(() => resolveSamplingModels({ model: "a", maxTokens: 0 }, kind)).toThrow(/maxTokens/);
    expect(() => checkSamplingCount("E", "n", MAX_SAMPLING_COUNT + 1)).toThrow(/an integer from 1 to/);
    expect(() => checkSamplingCount("E", "n", 1)).not.toThrow();
  });

  it("should build the instructions prompt every adapter exports, named as the adapters name it", () => {
    const source = { servers: () => [{ name: "a", instructions: "Use a.\n" }, { name: "b" }] };
    expect(instructionsPrompt(source)).toBe('## MCP server "a"\nUse a.');
    expect(() => instructionsPrompt(source, { servers: "c" })).toThrow(
      /^instructionsPrompt: no MCP server named "c"/,
    );
  });
});

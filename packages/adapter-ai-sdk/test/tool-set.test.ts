import { sourceLoader, stdioServer, waitFor } from "@toolnexus/fixtures";
import { loadMcp } from "@toolnexus/mcp-core";
import { asSchema, dynamicTool, jsonSchema, type ToolSet } from "ai";
import { afterEach, describe, expect, it } from "vitest";
import { type AiSdkToolProgress, isMcpToolCallError, toAiSdkTool, toAiSdkTools } from "../src/index.js";

const sources = sourceLoader(loadMcp, { toolCache: null });
afterEach(() => sources.closeAll());

const callOptions = { toolCallId: "1", messages: [] };

describe("toAiSdkTools", () => {
  it("should key dynamic tools by final name with the MCP description and JSON Schema", async () => {
    const source = await sources.loadServers({ basic: stdioServer("basic") });
    const tools = toAiSdkTools(source);
    expect(Object.keys(tools)).toEqual(source.tools.map((t) => t.name));
    const echo = tools.mcp__basic__echo;
    expect(echo?.type).toBe("dynamic");
    expect(echo?.description).toBe("Echoes the given text");
    const schema = await asSchema(echo?.inputSchema).jsonSchema;
    expect(schema).toMatchObject({
      type: "object",
      properties: { text: { type: "string" } },
      required: ["text"],
    });
    expect("mcp__basic__echo" in tools).toBe(true);
    expect(Object.hasOwn(tools, "mcp__basic__echo")).toBe(true);
    expect(Object.entries(tools).map(([name]) => name)).toEqual(Object.keys(tools));
    expect(tools.nope).toBeUndefined();
  });

  it("should convert each MCP tool once and re-convert only a changed one", async () => {
    const source = await sources.loadServers({ lc: stdioServer("mcp-list-changed") });
    const tools = toAiSdkTools(source);
    const echo = tools.mcp__lc__echo;
    const slow = tools.mcp__lc__slow;
    expect(tools.mcp__lc__echo).toBe(echo);

    await source.tools
      .find((t) => t.rawName === "change_tool")
      ?.execute({ name: "echo", description: "Echo v2" });
    await waitFor(() => tools.mcp__lc__echo?.description === "Echo v2", {
      timeoutMs: 5000,
      message: "echo changed",
    });
    expect(tools.mcp__lc__echo).not.toBe(echo);
    expect(tools.mcp__lc__slow).toBe(slow);
  });

  it("should be read-only and say how to add your own tools", async () => {
    const source = await sources.loadServers({ basic: stdioServer("basic") });
    const tools = toAiSdkTools(source);
    expect(() => {
      tools.mine = dynamicTool({ inputSchema: jsonSchema({ type: "object" }), execute: async () => "x" });
    }).toThrow(/extraTools/);
    expect(() => delete tools.mcp__basic__echo).toThrow(TypeError);
    expect(() => Object.freeze(tools)).toThrow(TypeError);
  });

  it("should serve extraTools from the same live object, first and winning on a clash", async () => {
    const source = await sources.loadServers({ basic: stdioServer("basic") });
    const mine = dynamicTool({ inputSchema: jsonSchema({ type: "object" }), execute: async () => "mine" });
    const extraTools: ToolSet = { local_tool: mine, mcp__basic__pid: mine };
    const tools = toAiSdkTools(source, { extraTools });
    const keys = Object.keys(tools);
    expect(keys[0]).toBe("local_tool");
    expect(keys.filter((k) => k === "mcp__basic__pid")).toHaveLength(1);
    expect(tools.local_tool).toBe(mine);
    expect(tools.mcp__basic__pid).toBe(mine);
    expect(tools.mcp__basic__echo?.type).toBe("dynamic");
  });

  it("should pass the timeout option to the core and report progress with the call id", async () => {
    const source = await sources.loadServers({ basic: stdioServer("basic") });
    const progress: AiSdkToolProgress[] = [];
    const tools = toAiSdkTools(source, { onProgress: (p) => progress.push(p) });
    const output = await tools.mcp__basic__slow?.execute?.(
      { ms: 60, steps: 3 },
      { ...callOptions, toolCallId: "c7" },
    );
    expect(output).toMatchObject({ text: "done" });
    expect(progress.length).toBeGreaterThan(0);
    expect(progress[0]).toMatchObject({
      toolName: "mcp__basic__slow",
      server: "basic",
      toolCallId: "c7",
      total: 3,
    });

    const hurried = toAiSdkTools(source, { timeoutMs: 100 });
    const error = await Promise.resolve(hurried.mcp__basic__slow?.execute?.({ ms: 5000 }, callOptions)).catch(
      (e: unknown) => e,
    );
    expect(isMcpToolCallError(error)).toBe(true);
    expect(error).toMatchObject({ kind: "timeout" });
  });

  it("should reject a non-object input and treat a missing one as {}", async () => {
    const source = await sources.loadServers({ basic: stdioServer("basic") });
    const tools = toAiSdkTools(source);
    await expect(Promise.resolve(tools.mcp__basic__echo?.execute?.("hi", callOptions))).rejects.toThrow(
      /expects a JSON object/,
    );
    const pid = await tools.mcp__basic__pid?.execute?.(undefined, callOptions);
    expect(pid).toMatchObject({ text: expect.stringMatching(/^\d+$/) });
  });

  it("should validate its options", async () => {
    const source = await sources.loadServers({ basic: stdioServer("basic") });
    expect(() => toAiSdkTools(source, { timeoutMs: 0 })).toThrow(/timeoutMs/);
    // A longer timer fires after 1 ms: every call would time out at once.
    expect(() => toAiSdkTools(source, { timeoutMs: 2 ** 31 })).toThrow(
      /"timeoutMs": expected at most 2147483647 ms/,
    );
    expect(() => toAiSdkTools(source, { onProgress: 1 as never })).toThrow(/onProgress/);
    for (const options of [{ timeoutMs: 0 }, { timeoutMs: 2 ** 31 }, { onProgress: 1 }, { extraTools: 1 }]) {
      // Every entry reports a bad option as the core does.
      expect(() => toAiSdkTools(source, options as never)).toThrow(
        expect.objectContaining({ name: "McpCoreError", code: "OPTIONS_INVALID" }),
      );
    }
    expect(() => toAiSdkTools(source, { timeoutMs: undefined })).not.toThrow();
  });

  it("toAiSdkTool should convert one tool as a snapshot", async () => {
    const source = await sources.loadServers({ basic: stdioServer("basic") });
    const echo = source.tools.find((t) => t.rawName === "echo");
    if (!echo) throw new Error("no echo tool");
    const tool = toAiSdkTool(echo);
    expect(tool.type).toBe("dynamic");
    expect(await tool.execute?.({ text: "one" }, callOptions)).toMatchObject({ text: "one" });
  });
});

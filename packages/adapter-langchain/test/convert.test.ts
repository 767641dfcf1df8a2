import { join } from "node:path";
import { ToolMessage } from "@langchain/core/messages";
import { ToolInputParsingException } from "@langchain/core/tools";
import { convertToOpenAITool } from "@langchain/core/utils/function_calling";
import {
  countEvents,
  makeTempDir,
  removeTempDir,
  sourceLoader,
  tinyPngBase64,
  waitFor,
} from "@toolnexus/fixtures";
import { loadMcp } from "@toolnexus/mcp-core";
import { afterEach, describe, expect, it } from "vitest";
import { createLangChainToolkit, type McpToolArtifact, toLangChainTools } from "../src/index.js";

const sources = sourceLoader(loadMcp, { toolCache: null });
afterEach(() => sources.closeAll());

let callId = 0;
const toolCall = (name: string, args: Record<string, unknown> = {}) => ({
  name,
  args,
  id: `call_${++callId}`,
  type: "tool_call" as const,
});

describe("toLangChainTools", () => {
  it("should convert every tool with its final name, description and JSON Schema as given", async () => {
    const source = await sources.loadServers({ basic: "basic" });
    const tools = toLangChainTools(source);
    expect(tools.map((tool) => tool.name)).toEqual(source.tools.map((tool) => tool.name));
    expect(tools.map((tool) => tool.name)).toContain("mcp__basic__echo");
    for (const [i, tool] of tools.entries()) {
      const mcp = source.tools[i];
      expect(tool.description).toBe(mcp?.description);
      expect(tool.schema).toEqual(mcp?.inputSchema);
      expect(tool.responseFormat).toBe("content_and_artifact");
      expect(convertToOpenAITool(tool).function.parameters).toEqual(mcp?.inputSchema);
    }
  });

  it("should return the server's text in a success ToolMessage with the result as artifact", async () => {
    const source = await sources.loadServers({ basic: "basic" });
    const echo = toLangChainTools(source).find((tool) => tool.name === "mcp__basic__echo");
    const call = toolCall("mcp__basic__echo", { text: "hello" });
    const message = await echo?.invoke(call);
    expect(ToolMessage.isInstance(message)).toBe(true);
    expect(message).toMatchObject({ content: "hello", status: "success", tool_call_id: call.id });
    expect((message as ToolMessage).artifact).toMatchObject({ isError: false, text: "hello" });
  });

  it("should keep structuredContent in the artifact", async () => {
    const source = await sources.loadServers({ basic: "basic" });
    const add = toLangChainTools(source).find((tool) => tool.name === "mcp__basic__add");
    const message = (await add?.invoke(toolCall("mcp__basic__add", { a: 2, b: 3 }))) as ToolMessage;
    expect(message.content).toBe("5");
    expect((message.artifact as McpToolArtifact).structuredContent).toEqual({ sum: 5 });
  });

  it("should turn an image result into LangChain standard image and text blocks", async () => {
    const source = await sources.loadServers({ basic: "basic" });
    const image = toLangChainTools(source).find((tool) => tool.name === "mcp__basic__image");
    const message = (await image?.invoke(toolCall("mcp__basic__image"))) as ToolMessage;
    expect(message.content).toEqual([
      { type: "image", mimeType: "image/png", data: tinyPngBase64 },
      { type: "text", text: "a 1x1 png" },
    ]);
    expect((message.artifact as McpToolArtifact).content[0]).toMatchObject({ type: "image" });
  });

  it("should turn an isError result into a status error ToolMessage, not an exception", async () => {
    const source = await sources.loadServers({ basic: "basic" });
    const fail = toLangChainTools(source).find((tool) => tool.name === "mcp__basic__fail");
    const call = toolCall("mcp__basic__fail", { message: "boom" });
    const message = (await fail?.invoke(call)) as ToolMessage;
    expect(ToolMessage.isInstance(message)).toBe(true);
    expect(message).toMatchObject({ status: "error", content: "boom", tool_call_id: call.id });
    expect((message.artifact as McpToolArtifact).error).toEqual({
      kind: "tool",
      code: "TOOL_ERROR",
      message: "boom",
    });
  });

  it("should reject with the error text when invoked with plain arguments", async () => {
    const source = await sources.loadServers({ basic: "basic" });
    const fail = toLangChainTools(source).find((tool) => tool.name === "mcp__basic__fail");
    await expect(fail?.invoke({ message: "plain" })).rejects.toThrow("plain");
  });

  it("should reject input that does not match the schema before calling the server", async () => {
    const source = await sources.loadServers({ basic: "basic" });
    const echo = toLangChainTools(source).find((tool) => tool.name === "mcp__basic__echo");
    await expect(echo?.invoke(toolCall("mcp__basic__echo", { text: 42 }))).rejects.toBeInstanceOf(
      ToolInputParsingException,
    );
  });

  it("should pass the run's abort signal to the MCP call", async () => {
    const dir = makeTempDir();
    const log = join(dir, "basic.log");
    const source = await sources.loadServers({ basic: { fixture: "basic", args: ["--log", log] } });
    const slow = toLangChainTools(source).find((tool) => tool.name === "mcp__basic__slow");
    const controller = new AbortController();
    const pending = slow?.invoke(toolCall("mcp__basic__slow", { ms: 10_000, steps: 1 }), {
      signal: controller.signal,
    });
    await waitFor(() => countEvents(log, "call") === 1, { message: "the slow call at the server" });
    controller.abort(new Error("stop now"));
    // The slow call takes 10 s; rejecting with the abort's reason shows the abort ended it.
    await expect(pending).rejects.toThrow("stop now");
    await waitFor(() => countEvents(log, "cancelled") === 1, { message: "notifications/cancelled" });
    // The server's last write about the call: its log is done with, so the dir can go.
    await waitFor(() => countEvents(log, "aborted") === 1, { message: "slow stopped" });
    const echo = toLangChainTools(source).find((tool) => tool.name === "mcp__basic__echo");
    expect(await echo?.invoke({ text: "still alive" })).toBe("still alive");
    removeTempDir(dir);
  });
});

describe("conversion cache", () => {
  it("should return the same StructuredTool objects across reads while nothing changed", async () => {
    const source = await sources.loadServers({ basic: "basic" });
    const first = toLangChainTools(source);
    const second = toLangChainTools(source);
    expect(second).toHaveLength(first.length);
    for (const [i, tool] of second.entries()) expect(tool).toBe(first[i]);

    const toolkit = createLangChainToolkit(source);
    const tools = toolkit.tools;
    expect(toolkit.tools).toBe(tools);
    expect(Object.isFrozen(tools)).toBe(true);
    expect(toolkit.tool("mcp__basic__echo")).toBe(tools.find((tool) => tool.name === "mcp__basic__echo"));
    toolkit.dispose();
  });
});

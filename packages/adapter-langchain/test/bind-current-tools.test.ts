import { type AIMessageChunk, type BaseMessage, HumanMessage } from "@langchain/core/messages";
import { sourceLoader, waitFor } from "@toolnexus/fixtures";
import { loadMcp } from "@toolnexus/mcp-core";
import { afterEach, describe, expect, it } from "vitest";
import { bindCurrentTools, createLangChainToolkit } from "../src/index.js";
import { callTool, ScriptedChatModel, say } from "./scripted-chat-model.js";

const sources = sourceLoader(loadMcp, { toolCache: null });
afterEach(() => sources.closeAll());

describe("bindCurrentTools", () => {
  it("should bind the model to the current tools on every invocation", async () => {
    const source = await sources.loadServers({ lc: "mcp-list-changed" });
    const toolkit = createLangChainToolkit(source);
    const model = new ScriptedChatModel([
      callTool("mcp__lc__add_tool", { name: "fresh" }),
      callTool("mcp__lc__fresh"),
      say("done"),
    ]);
    const runnable = bindCurrentTools(model, toolkit);
    const messages: BaseMessage[] = [new HumanMessage("add a tool, then use it")];

    const first = await runnable.invoke(messages);
    messages.push(first);
    for (const call of first.tool_calls ?? []) messages.push(await toolkit.runToolCall(call));
    await waitFor(() => toolkit.tool("mcp__lc__fresh"), { message: "list_changed refresh" });

    const second = await runnable.invoke(messages);
    messages.push(second);
    for (const call of second.tool_calls ?? []) messages.push(await toolkit.runToolCall(call));
    expect(messages.at(-1)).toMatchObject({ name: "mcp__lc__fresh", content: "fresh ok", status: "success" });

    const chunks: AIMessageChunk[] = [];
    for await (const chunk of await runnable.stream(messages)) chunks.push(chunk);
    expect(chunks.map((chunk) => chunk.text).join("")).toBe("done");

    expect(model.calls[0]?.toolNames).not.toContain("mcp__lc__fresh");
    expect(model.calls[1]?.toolNames).toContain("mcp__lc__fresh");
    expect(model.calls[2]?.toolNames).toEqual(toolkit.tools.map((tool) => tool.name));
    expect(
      model.calls[1]?.tools.find((t) => t.function.name === "mcp__lc__fresh")?.function.parameters,
    ).toEqual(source.tools.find((tool) => tool.name === "mcp__lc__fresh")?.inputSchema);
  });

  it("should pass kwargs to every bindTools call and refuse a model without bindTools", async () => {
    const source = await sources.loadServers({ basic: "basic" });
    const toolkit = createLangChainToolkit(source);
    const model = new ScriptedChatModel([say("a")]);
    const seen: unknown[] = [];
    const bindTools = model.bindTools.bind(model);
    model.bindTools = (tools, kwargs) => {
      seen.push(kwargs);
      return bindTools(tools, kwargs);
    };
    await bindCurrentTools(model, toolkit, { tool_choice: "auto" }).invoke("hi");
    expect(seen).toEqual([{ tool_choice: "auto" }]);

    const bare = new ScriptedChatModel([]);
    Object.defineProperty(bare, "bindTools", { value: undefined });
    expect(() => bindCurrentTools(bare, toolkit)).toThrow(TypeError);
  });
});

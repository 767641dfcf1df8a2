import { ToolMessage } from "@langchain/core/messages";
import { collectToolChanges, sourceLoader, waitFor } from "@toolnexus/fixtures";
import { loadMcp, type ToolsChange } from "@toolnexus/mcp-core";
import { afterEach, describe, expect, it } from "vitest";
import { mcpToolsMiddleware } from "../src/agent.js";
import { createLangChainToolkit, toLangChainTools } from "../src/index.js";

const sources = sourceLoader(loadMcp, { toolCache: null });
afterEach(() => sources.closeAll());

let callId = 0;
const toolCall = (name: string, args: Record<string, unknown> = {}) => ({ name, args, id: `tk_${++callId}` });
/** Every entry reports a bad option as the core does. */
const OPTIONS_INVALID = expect.objectContaining({ name: "McpCoreError", code: "OPTIONS_INVALID" });

describe("createLangChainToolkit", () => {
  it("should re-emit the source's tool changes and follow them in tools", async () => {
    const source = await sources.loadServers({ lc: "mcp-list-changed" });
    const toolkit = createLangChainToolkit(source);
    const before = toolkit.tools;
    const events: Array<{ server: string; change: ToolsChange }> = [];
    toolkit.onToolsChange((server, change) => events.push({ server, change }));

    const added = await toolkit.runToolCall(toolCall("mcp__lc__add_tool", { name: "fresh" }));
    expect(added).toMatchObject({ status: "success", content: "added fresh" });
    await waitFor(() => events.length > 0, { message: "a tools change" });

    expect(events).toEqual([
      { server: "lc", change: { added: ["mcp__lc__fresh"], removed: [], changed: [] } },
    ]);
    const after = toolkit.tools;
    expect(after).not.toBe(before);
    expect(after.map((tool) => tool.name)).toEqual([...before.map((tool) => tool.name), "mcp__lc__fresh"]);
    // Unchanged tools keep their converted objects: only the new tool was converted.
    for (const [i, tool] of before.entries()) expect(after[i]).toBe(tool);
  });

  it("should stop re-emitting after dispose and refuse new listeners", async () => {
    const source = await sources.loadServers({ lc: "mcp-list-changed" });
    const toolkit = createLangChainToolkit(source);
    const mine: ToolsChange[] = [];
    toolkit.onToolsChange((_server, change) => mine.push(change));
    const all = collectToolChanges<ToolsChange>(source);
    toolkit.dispose();
    toolkit.dispose();

    await toolkit.runToolCall(toolCall("mcp__lc__add_tool", { name: "late" }));
    await waitFor(() => all.events.length > 0, { message: "the source's own event" });
    all.stop();
    expect(mine).toEqual([]);
    expect(toolkit.tool("mcp__lc__late")).toBeDefined();
    expect(() => toolkit.onToolsChange(() => {})).toThrow(/disposed/);
  });

  it("should answer unknown tools and invalid input with error ToolMessages", async () => {
    const source = await sources.loadServers({ basic: "basic" });
    const toolkit = createLangChainToolkit(source);

    const unknown = await toolkit.runToolCall(toolCall("mcp__basic__nope"));
    expect(ToolMessage.isInstance(unknown)).toBe(true);
    expect(unknown.status).toBe("error");
    expect(unknown.text).toContain("mcp__basic__nope is not a valid tool");
    expect(unknown.text).toContain("mcp__basic__echo");

    const invalid = await toolkit.runToolCall(toolCall("mcp__basic__echo", { text: 1 }));
    expect(invalid.status).toBe("error");
    expect(invalid.text).toContain("did not match expected schema");

    const image = await toolkit.runToolCall(toolCall("mcp__basic__image"));
    expect(image.status).toBe("success");
    expect(Array.isArray(image.content)).toBe(true);
  });

  it("should apply timeoutMs and report progress with the tool call id", async () => {
    const progress: Array<{ progress: number; tool: string; toolCallId: string | undefined }> = [];
    const source = await sources.loadServers({ basic: "basic" });
    const toolkit = createLangChainToolkit(source, {
      timeoutMs: 5_000,
      onProgress: (p) => progress.push({ progress: p.progress, tool: p.toolName, toolCallId: p.toolCallId }),
    });
    const call = toolCall("mcp__basic__slow", { ms: 100, steps: 2 });
    const done = await toolkit.runToolCall(call);
    expect(done).toMatchObject({ status: "success", content: "done" });
    expect(progress).toEqual([
      { progress: 1, tool: "mcp__basic__slow", toolCallId: call.id },
      { progress: 2, tool: "mcp__basic__slow", toolCallId: call.id },
    ]);

    const quick = createLangChainToolkit(source, { timeoutMs: 50 });
    const late = await quick.runToolCall(toolCall("mcp__basic__slow", { ms: 2_000, steps: 1 }));
    expect(late.status).toBe("error");
    expect(late.text).toMatch(/timed out/);
    expect((late.artifact as { error?: { kind: string } }).error?.kind).toBe("timeout");
  });

  it("should reject invalid options with an OPTIONS_INVALID McpCoreError, as the core does", async () => {
    const source = await sources.loadServers({ basic: "basic" });
    expect(() => createLangChainToolkit(source, { timeoutMs: 0 })).toThrow(OPTIONS_INVALID);
    // A longer timer fires after 1 ms: every call would time out at once.
    expect(() => createLangChainToolkit(source, { timeoutMs: 2 ** 31 })).toThrow(/at most 2147483647/);
    expect(() => createLangChainToolkit(source, { timeoutMs: 2 ** 31 })).toThrow(OPTIONS_INVALID);
    expect(() => toLangChainTools(source, { onProgress: 1 as never })).toThrow(OPTIONS_INVALID);
    const toolkit = createLangChainToolkit(source);
    expect(() => mcpToolsMiddleware(toolkit, { name: "" })).toThrow(OPTIONS_INVALID);
    expect(() => createLangChainToolkit(source, { timeoutMs: undefined })).not.toThrow();
  });

  it("should answer a call of a tool that left the set with the core's reason", async () => {
    const source = await sources.loadServers({ lc: "mcp-list-changed" });
    const toolkit = createLangChainToolkit(source);
    await toolkit.runToolCall(toolCall("mcp__lc__remove_tool", { name: "echo" }));
    await waitFor(() => toolkit.tool("mcp__lc__echo") === undefined, { message: "echo removed" });
    const stale = await toolkit.runToolCall(toolCall("mcp__lc__echo", { text: "hi" }));
    expect(stale.status).toBe("error");
    expect(stale.text).toContain("no longer offered");
  });
});

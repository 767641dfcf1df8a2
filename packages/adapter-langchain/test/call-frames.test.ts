// What a call crosses between the adapter's tool function and the bytes on the wire, counted from
// the stack at the write of its `tools/call` to a real `basic` server (2025 era: the core's own
// call channel): at most 7 frames in at most 12 files of our packages (ARCHITECTURE "One tool call").
import { callStackAtWrite, sourceLoader } from "@toolnexus/fixtures";
import { loadMcp } from "@toolnexus/mcp-core";
import { afterEach, describe, expect, it } from "vitest";
import { toLangChainTools } from "../src/index.js";

const sources = sourceLoader(loadMcp, { toolCache: null });
afterEach(() => sources.closeAll());

describe("a call's path to the wire", () => {
  it("should reach the write within 7 frames in at most 12 files from the tool's function", async () => {
    const source = await sources.loadServers({ basic: "basic" });
    const echo = toLangChainTools(source).find((tool) => tool.name === "mcp__basic__echo");
    const call = { name: "mcp__basic__echo", args: { text: "hi" }, id: "call_1", type: "tool_call" as const };
    const { frames, files } = await callStackAtWrite(() => echo?.invoke(call) as Promise<unknown>);
    const path = frames.map((frame) => frame.name).join(" ← ");
    expect(frames.at(-1)?.file, path).toMatch(/adapter-langchain\/(src|dist)\/mcp-structured-tool\./);
    expect(frames.length, path).toBeLessThanOrEqual(7);
    expect(files.length, files.join("\n")).toBeLessThanOrEqual(12);
  });
});

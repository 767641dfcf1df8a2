// What a call crosses between the adapter's `execute` and the bytes on the wire, counted from the
// stack at the write of its `tools/call` to a real `basic` server (2025 era: the core's own call
// channel): at most 7 frames in at most 12 files of our packages (ARCHITECTURE "One tool call").
import { callStackAtWrite, sourceLoader, stdioServer } from "@toolnexus/fixtures";
import { loadMcp } from "@toolnexus/mcp-core";
import { afterEach, describe, expect, it } from "vitest";
import { toAiSdkTools } from "../src/index.js";

const sources = sourceLoader(loadMcp, { toolCache: null });
afterEach(() => sources.closeAll());

describe("a call's path to the wire", () => {
  it("should reach the write within 7 frames in at most 12 files from execute", async () => {
    const source = await sources.loadServers({ basic: stdioServer("basic") });
    const echo = toAiSdkTools(source).mcp__basic__echo;
    const run = () =>
      echo?.execute?.({ text: "hi" }, { toolCallId: "call-1", messages: [] }) as Promise<unknown>;
    const { frames, files } = await callStackAtWrite(run);
    const path = frames.map((frame) => frame.name).join(" ← ");
    expect(frames.at(-1)?.file, path).toMatch(/adapter-ai-sdk\/(src|dist)\/convert-tool\./);
    expect(frames.length, path).toBeLessThanOrEqual(7);
    expect(files.length, files.join("\n")).toBeLessThanOrEqual(12);
  });
});

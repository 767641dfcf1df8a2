// What a call crosses between the adapter's `execute` and the bytes on the wire, counted from the
// stack at the write of its `tools/call` to a real `basic` server (2025 era: the core's own call
// channel): at most 7 frames in at most 12 files of our packages (ARCHITECTURE "One tool call").
import { callStackAtWrite } from "@toolnexus/fixtures";
import { describe, expect, it } from "vitest";
import { loadMcp } from "../src/index.js";
import { local, tool } from "./helpers.js";

describe("a call's path to the wire", () => {
  it("should reach the write within 7 frames in at most 12 files from execute", async () => {
    const source = await loadMcp({ mcp: { basic: local("basic") } }, { toolCache: false });
    try {
      const echo = tool(source, "basic_echo");
      const { frames, files } = await callStackAtWrite(() => echo.execute({ text: "hi" }));
      const path = frames.map((frame) => frame.name).join(" ← ");
      expect(frames.at(-1)?.file, path).toMatch(/adapter-toolnexus\/(src|dist)\/tool-view\./);
      expect(frames.length, path).toBeLessThanOrEqual(7);
      expect(files.length, files.join("\n")).toBeLessThanOrEqual(12);
    } finally {
      await source.close();
    }
  });
});

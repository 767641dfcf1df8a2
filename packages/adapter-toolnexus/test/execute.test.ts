import { join } from "node:path";
import { countEvents, makeTempDir, removeTempDir, waitFor } from "@toolnexus/fixtures";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadMcp, type McpSource } from "../src/index.js";
import { local, tool } from "./helpers.js";

describe("Tool.execute against fixture servers", () => {
  let source: McpSource;
  const dir = makeTempDir();
  const basicLog = join(dir, "basic.log");

  beforeAll(async () => {
    source = await loadMcp(
      {
        mcp: {
          basic: local("basic", ["--log", basicLog]),
          dyn: local("mcp-list-changed", [], { timeout: 5000 }),
        },
      },
      { toolCache: false },
    );
  });

  afterAll(async () => {
    await source.close();
    removeTempDir(dir);
  });

  it("should resolve a per-call timeout as an error result", async () => {
    const result = await tool(source, "basic_slow").execute({ ms: 5000 }, { timeout: 100 });
    expect(result).toEqual({
      output: 'Call to tool "basic_slow" on MCP server "basic" timed out after 100 ms',
      isError: true,
      metadata: { server: "basic" },
    });
  });

  it("should resolve an aborted call as an error result", async () => {
    const controller = new AbortController();
    const callsBefore = countEvents(basicLog, "call");
    const pending = tool(source, "basic_slow").execute({ ms: 5000 }, { signal: controller.signal });
    await waitFor(() => countEvents(basicLog, "call") > callsBefore, {
      message: "the slow call at the server",
    });
    controller.abort();
    const result = await pending;
    expect(result.isError).toBe(true);
    expect(result.output).toMatch(/aborted/);
    expect(result.metadata).toEqual({ server: "basic" });
  });

  it("should show a JSON-RPC error as the SDK's error message, as toolnexus does", async () => {
    const result = await tool(source, "dyn_remove_tool").execute({ name: "add_tool" });
    // The fixture throws McpError("… control tool"); the server SDK sends its message (already
    // prefixed) and the client SDK prefixes it again.
    expect(result).toEqual({
      output: "MCP error -32602: MCP error -32602: add_tool is a control tool",
      isError: true,
      metadata: { server: "dyn" },
    });
  });

  it("should accept ctx.answer and ignore it", async () => {
    const result = await tool(source, "basic_echo").execute(
      { text: "hi" },
      { answer: { id: "x", ok: true } },
    );
    expect(result).toEqual({ output: "hi", isError: false, metadata: { server: "basic" } });
  });

  it("should treat missing args as {}", async () => {
    const result = await tool(source, "basic_image").execute(undefined as unknown as Record<string, unknown>);
    expect(result).toEqual({ output: "a 1x1 png", isError: false, metadata: { server: "basic" } });
  });
});

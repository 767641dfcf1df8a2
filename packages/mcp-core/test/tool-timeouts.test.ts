/** `toolTimeouts`: a call timeout per raw tool name, against the `basic` fixture's `slow` tool. */
import { stdioServer } from "@toolnexus/fixtures";
import { describe, expect, it } from "vitest";
import { toolByRawName, useSources } from "./support/harness.js";

const sources = useSources({ toolCache: null });

describe("toolTimeouts", () => {
  it("should time a tool out by its own timeout while the server's other tools keep the server's", async () => {
    const source = await sources.load({
      mcpServers: {
        // `later` is no tool of the server (yet): a name the listing lacks is fine.
        tuned: { ...stdioServer("basic"), timeout: 20_000, toolTimeouts: { slow: 300, later: 5 } },
        other: { ...stdioServer("basic"), timeout: 20_000, toolTimeouts: { echo: 300 } },
      },
    });
    const slow = toolByRawName(source, "slow", "tuned");

    expect(await slow.execute({ ms: 10_000, steps: 1 })).toMatchObject({
      isError: true,
      error: {
        kind: "timeout",
        code: "TIMEOUT",
        message: 'Call to tool "mcp__tuned__slow" on MCP server "tuned" timed out after 300 ms',
      },
    });
    expect(await toolByRawName(source, "echo", "tuned").execute({ text: "hi" })).toMatchObject({
      isError: false,
      text: "hi",
    });
    // The other server's `echo` entry does not reach its `slow`: 800 ms is within its 20 s.
    expect(await toolByRawName(source, "slow", "other").execute({ ms: 800, steps: 1 })).toMatchObject({
      isError: false,
      text: "done",
    });
  });

  it("should let a call's own timeout win over the tool's", async () => {
    const source = await sources.load({
      mcpServers: { basic: { ...stdioServer("basic"), toolTimeouts: { slow: 300 } } },
    });
    const result = await toolByRawName(source, "slow").execute({ ms: 800, steps: 1 }, { timeoutMs: 20_000 });
    expect(result).toMatchObject({ isError: false, text: "done" });
  });
});

import { sourceLoader, stdioServer } from "@toolnexus/fixtures";
import { afterAll, describe, expect, it } from "vitest";
import { loadMcp } from "../src/index.js";
import { tool } from "./helpers.js";

const open = sourceLoader(loadMcp);
afterAll(() => open.closeAll());

const { command, args } = stdioServer("basic", ["--big-results"]);
const config = { mcp: { b: { type: "local", command: [command, ...args] } } };

describe("the result budget in toolnexus", () => {
  it("should hand a large result over whole by default (byte-compatible), with no tool added", async () => {
    const source = await open.load(config, { toolCache: false });
    const result = await tool(source, "b_big_text").execute({ chars: 120_000 });
    expect(result.output).toHaveLength(120_000);
    expect(source.tools.map((t) => t.name)).not.toContain("mcp_read_result");
  });

  it("should give the preview and the reader when resultBudget opts in", async () => {
    const source = await open.load(config, { toolCache: false, resultBudget: {} });
    expect(source.tools.map((t) => t.name)).not.toContain("mcp_read_result");
    const result = await tool(source, "b_big_text").execute({ chars: 120_000 });
    expect(result.output.length).toBeLessThan(9_000);
    const found = /mcp_read_result \{"handle": "([\w-]+)", "offset": (\d+)\}/.exec(result.output);
    expect(found).not.toBeNull();
    const reader = tool(source, "mcp_read_result");
    const slice = await reader.execute({ handle: found?.[1], offset: Number(found?.[2]), length: 100 });
    expect(slice.isError).toBe(false);
    expect(slice.output).toMatch(/\n\n\[Characters \d+ to \d+ of 120000; read on with mcp_read_result/);
    expect((await reader.execute({ handle: "gone" })).output).toMatch(
      /^\[No kept result has the handle "gone"/,
    );
  });
});

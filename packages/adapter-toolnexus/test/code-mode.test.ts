// Code mode in toolnexus (SPEC §22.3): off by default (the tool list of today), and with codeMode: {}
// the two code tools after the MCP tools, a program's calls going to the basic fixture (a real
// stdio process) through each tool's own call.
import { sourceLoader, stdioServer } from "@toolnexus/fixtures";
import { afterAll, describe, expect, it } from "vitest";
import { loadMcp } from "../src/index.js";
import { tool } from "./helpers.js";

const open = sourceLoader(loadMcp);
afterAll(() => open.closeAll());

const { command, args } = stdioServer("basic");
const config = { mcp: { b: { type: "local", command: [command, ...args] } } };

describe("code mode in toolnexus", () => {
  it("should add no tool by default", async () => {
    const source = await open.load(config, { toolCache: false });
    const names = source.tools.map((t) => t.name);
    expect(names).not.toContain("mcp_run_code");
    expect(names).not.toContain("mcp_describe_tools");
  });

  it("should serve the code tools after the MCP tools, describe the API and run a program's calls", async () => {
    const source = await open.load(config, { toolCache: false, codeMode: { maxCalls: 3 } });
    const names = source.tools.map((t) => t.name);
    expect(names.slice(-2)).toEqual(["mcp_run_code", "mcp_describe_tools"]);
    expect(names).toContain("b_add");
    const described = await tool(source, "mcp_describe_tools").execute({ names: ["b.add"] });
    expect(described.isError).toBe(false);
    expect(described.output).toContain("add(input: {");
    const run = await tool(source, "mcp_run_code").execute({
      code: "async () => { const r = await codemode.b.add({ a: 20, b: 22 }); console.log('sum', r.sum); return r.sum; }",
    });
    expect(run.isError).toBe(false);
    expect(run.output).toContain("42");
    expect(run.output).toContain("sum 42");
    const capped = await tool(source, "mcp_run_code").execute({
      code: "async () => { for (let i = 0; i < 5; i++) await codemode.b.add({ a: i, b: 0 }); return 'done'; }",
    });
    expect(capped.isError).toBe(true);
    expect(capped.output).toContain("maxCalls");
  });

  it("should refuse a codeMode that is not an object, naming loadMcp and the option", async () => {
    await expect(open.load(config, { toolCache: false, codeMode: true as never })).rejects.toThrow(
      /loadMcp.*codeMode/,
    );
  });
});

import { HumanMessage } from "@langchain/core/messages";
import { sourceLoader, stdioServer } from "@toolnexus/fixtures";
import { loadMcp, type McpConfigInput } from "@toolnexus/mcp-core";
import { afterEach, describe, expect, it } from "vitest";
import { createLangChainToolkit } from "../src/index.js";

const sources = sourceLoader(loadMcp, { toolCache: null });
afterEach(() => sources.closeAll());

const CODE_TOOLS = ["mcp_run_code", "mcp_describe_tools"];

async function loadBasic() {
  const source = await sources.load({ mcpServers: { basic: stdioServer("basic") } } as McpConfigInput);
  await source.whenSettled();
  return source;
}

describe("code mode", () => {
  it("should be off by default, and with codeMode: {} run a program through the toolkit, offered while tools are deferred", async () => {
    const source = await loadBasic();
    expect(createLangChainToolkit(source).tools.map((t) => t.name)).not.toContain("mcp_run_code");
    const toolkit = createLangChainToolkit(source, { codeMode: {}, deferLoading: {} });
    const offered = toolkit.toolsFor([new HumanMessage("add")]).map((t) => t.name);
    expect(offered).toEqual(expect.arrayContaining(CODE_TOOLS));
    expect(offered).not.toContain("mcp__basic__add");
    const described = await toolkit.runToolCall({
      id: "d",
      name: "mcp_describe_tools",
      args: { names: ["basic"] },
    });
    expect(String(described.content)).toContain("echo(input: {");
    const ran = await toolkit.runToolCall({
      id: "r",
      name: "mcp_run_code",
      args: { code: "async () => (await codemode.basic.add({ a: 40, b: 2 })).sum" },
    });
    expect(ran.status).not.toBe("error");
    expect(String(ran.content)).toBe("42");
  });

  it("should refuse a program's call the approval policy selects unless codeMode.approve allows it", async () => {
    const source = await loadBasic();
    const toolkit = createLangChainToolkit(source, { approval: true, codeMode: {} });
    const denied = await toolkit.runToolCall({
      id: "r",
      name: "mcp_run_code",
      args: { code: 'async () => codemode.basic.echo({ text: "x" })' },
    });
    expect(denied.status).toBe("error");
    expect(String(denied.content)).toContain("not approved (APPROVAL_DENIED)");
    const allowed = createLangChainToolkit(source, { approval: true, codeMode: { approve: () => true } });
    const ran = await allowed.runToolCall({
      id: "r",
      name: "mcp_run_code",
      args: { code: 'async () => codemode.basic.echo({ text: "x" })' },
    });
    expect(String(ran.content)).toBe('"x"');
  });
});

import { AIMessage, HumanMessage } from "@langchain/core/messages";
import { sourceLoader, stdioServer, tinyPngBase64 } from "@toolnexus/fixtures";
import { loadMcp, type McpConfigInput } from "@toolnexus/mcp-core";
import { afterEach, describe, expect, it } from "vitest";
import { createLangChainToolkit } from "../src/index.js";

const sources = sourceLoader(loadMcp, { toolCache: null });
afterEach(() => sources.closeAll());

const RESOURCE_TOOLS = ["mcp_list_resources", "mcp_read_resource"];

async function loadResources() {
  const config = { mcpServers: { docs: stdioServer("dual-era", ["--resources"]) } };
  const source = await sources.load(config as McpConfigInput);
  await source.whenSettled();
  return source;
}

describe("resource tools", () => {
  it("should list and read a resource through the toolkit, offered even while tools are deferred", async () => {
    const source = await loadResources();
    const toolkit = createLangChainToolkit(source, { resourceTools: {}, deferLoading: {} });
    expect(toolkit.tools.map((t) => t.name)).toEqual(expect.arrayContaining(RESOURCE_TOOLS));
    const conversation = [new HumanMessage("read the greeting")];
    const offered = toolkit.toolsFor(conversation).map((t) => t.name);
    expect(offered).toEqual(expect.arrayContaining([...RESOURCE_TOOLS, "mcp_search_tools"]));
    expect(offered).not.toContain("mcp__docs__echo");

    const listed = await toolkit.runToolCall({ id: "1", name: "mcp_list_resources", args: {} });
    expect(String(listed.content)).toContain("text://greeting");
    const read = await toolkit.runToolCall({
      id: "2",
      name: "mcp_read_resource",
      args: { server: "docs", uri: "text://greeting" },
    });
    expect(read.status).not.toBe("error");
    expect(JSON.stringify(read.content)).toMatch(/hello v\d/);
    // A conversation that called them keeps them: they are never deferred.
    const later = [
      ...conversation,
      new AIMessage({ content: "", tool_calls: [{ id: "1", name: "mcp_list_resources", args: {} }] }),
    ];
    expect(toolkit.toolsFor(later).map((t) => t.name)).toEqual(expect.arrayContaining(RESOURCE_TOOLS));
  });

  it("should read a blob as an image block and a failed read as an error message", async () => {
    const source = await loadResources();
    const toolkit = createLangChainToolkit(source, { resourceTools: {} });
    const pixel = await toolkit.runToolCall({
      id: "p",
      name: "mcp_read_resource",
      args: { server: "docs", uri: "blob://pixel" },
    });
    expect(pixel.content).toEqual([{ type: "image", mimeType: "image/png", data: tinyPngBase64 }]);
    const missing = await toolkit.runToolCall({
      id: "m",
      name: "mcp_read_resource",
      args: { server: "docs", uri: "text://nope" },
    });
    expect(missing.status).toBe("error");
  });

  it("should leave them out by default and refuse a malformed option naming it", async () => {
    const source = await loadResources();
    expect(createLangChainToolkit(source).tools.map((t) => t.name)).not.toContain("mcp_read_resource");
    expect(() => createLangChainToolkit(source, { resourceTools: "yes" as never })).toThrow(
      'LangChain adapter option "resourceTools": expected an object { maxBytes?: a positive integer } ({} for the defaults)',
    );
    // A boolean does not stand in for the object (CONTRIBUTING.md's option naming rule).
    for (const flag of [true, false]) {
      expect(() => createLangChainToolkit(source, { resourceTools: flag as never })).toThrow(
        /option "resourceTools": expected an object .*, got boolean$/,
      );
    }
  });
});

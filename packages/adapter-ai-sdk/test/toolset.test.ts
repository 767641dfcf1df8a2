import { sourceLoader, stdioServer, waitFor } from "@toolnexus/fixtures";
import { loadMcp, type McpSource, type ToolsChange } from "@toolnexus/mcp-core";
import { afterEach, describe, expect, it } from "vitest";
import { activeToolsFor, createAiSdkToolset } from "../src/index.js";

const sources = sourceLoader(loadMcp, { toolCache: null });
afterEach(() => sources.closeAll());

async function addTool(source: McpSource, name: string): Promise<void> {
  await source.tools.find((t) => t.server === "lc" && t.rawName === "add_tool")?.execute({ name });
}

describe("createAiSdkToolset", () => {
  it("should re-emit tool changes by ToolSet key, with tools already updated", async () => {
    const source = await sources.loadServers({ lc: stdioServer("mcp-list-changed") });
    const toolset = createAiSdkToolset(source);
    const seen: Array<{ server: string; change: ToolsChange; present: boolean }> = [];
    toolset.onToolsChange((server, change) =>
      seen.push({ server, change, present: change.added.every((name) => name in toolset.tools) }),
    );
    await addTool(source, "fresh");
    await waitFor(() => seen.length > 0, { timeoutMs: 5000, message: "a tools change" });
    expect(seen).toEqual([
      { server: "lc", change: { added: ["mcp__lc__fresh"], removed: [], changed: [] }, present: true },
    ]);
  });

  it("should stop emitting after unsubscribe and after dispose", async () => {
    const source = await sources.loadServers({ lc: stdioServer("mcp-list-changed") });
    const toolset = createAiSdkToolset(source);
    const unsubscribed: string[] = [];
    const disposed: string[] = [];
    const probe: string[] = [];
    toolset.onToolsChange((_s, c) => unsubscribed.push(...c.added))();
    toolset.onToolsChange((_s, c) => disposed.push(...c.added));
    source.onToolsChange((_s, c) => probe.push(...c.added));
    toolset.dispose();
    toolset.dispose();
    await addTool(source, "after");
    await waitFor(() => probe.length > 0, { timeoutMs: 5000, message: "the core's own event" });
    expect(unsubscribed).toEqual([]);
    expect(disposed).toEqual([]);
    expect("mcp__lc__after" in toolset.tools).toBe(true);
    expect(() => toolset.onToolsChange(() => {})).toThrow(/disposed/);
  });
});

describe("activeToolsFor", () => {
  it("should list the current tool names of the given servers only", async () => {
    const source = await sources.loadServers({
      alpha: stdioServer("basic"),
      lc: stdioServer("mcp-list-changed"),
    });
    const toolset = createAiSdkToolset(source);
    const lcNames = source.tools.filter((t) => t.server === "lc").map((t) => t.name);
    expect(toolset.activeToolsFor("lc")).toEqual(lcNames);
    expect(activeToolsFor(source, ["alpha", "lc"])).toEqual(source.tools.map((t) => t.name));
    expect(activeToolsFor(source, [])).toEqual([]);

    await addTool(source, "grown");
    await waitFor(() => toolset.activeToolsFor("lc").includes("mcp__lc__grown"), {
      timeoutMs: 5000,
      message: "the new tool among lc's names",
    });
  });

  it("should throw for a server the source does not configure", async () => {
    const source = await sources.loadServers({ alpha: stdioServer("basic") });
    expect(() => activeToolsFor(source, ["alpha", "alpah"])).toThrow(/no MCP server named "alpah".*alpha/);
  });

  it("should list nothing for a server that has no tools (failed to start)", async () => {
    const source = await sources.loadServers(
      { alpha: stdioServer("basic"), broken: { command: "/nonexistent/toolnexus-fixture" } },
      // The failure is expected: keep the core's default stderr line out of the test output.
      { autoRestart: { enabled: false }, onWarning: () => {} },
    );
    expect(source.state("broken")).toBe("error");
    expect(activeToolsFor(source, "broken")).toEqual([]);
    expect(activeToolsFor(source, ["alpha", "broken"]).length).toBeGreaterThan(0);
  });
});

import type { McpSource, McpTool } from "@toolnexus/mcp-core";
import { describe, expect, it } from "vitest";
import { createLangChainToolkit } from "../src/index.js";

/** A stand-in core tool that counts how often its name is read (what a rebuild of every entry does). */
function tool(server: string, name: string, reads: { count: number }): McpTool {
  const fields = {
    server,
    rawName: name,
    description: `${name} on ${server}`,
    inputSchema: { type: "object" },
  };
  return new Proxy(fields, {
    get: (target, key) => {
      if (key === "name") {
        reads.count++;
        return `mcp__${server}__${name}`;
      }
      return Reflect.get(target, key);
    },
  }) as unknown as McpTool;
}

/** A source that is only a current generation and a change event the test fires itself. */
function standIn(tools: McpTool[]) {
  const listeners = new Set<() => void>();
  const source = {
    tools,
    deferLoading: { enabled: false },
    servers: () => [],
    onToolsChange(listener: () => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
  const swap = (next: McpTool[]) => {
    source.tools = next;
    for (const listener of listeners) listener();
  };
  return { source: source as unknown as McpSource, swap };
}

describe("the LangChain toolkit across generations", () => {
  it("should serve the right tools, in order, after one server's change among 50 servers of 20 tools", () => {
    const reads = { count: 0 };
    const servers = Array.from({ length: 50 }, (_, s) =>
      Array.from({ length: 20 }, (_, i) => tool(`s${s}`, `t${i}`, reads)),
    );
    const { source, swap } = standIn(servers.flat());
    const toolkit = createLangChainToolkit(source);
    expect(toolkit.tools).toHaveLength(1000);
    const dropped = toolkit.tool("mcp__s25__t7");
    reads.count = 0;
    // Server s25 gains a tool, one of its tools changes (a new object) and one leaves.
    const s25 = servers[25] ?? [];
    servers[25] = [...s25.slice(0, 5), tool("s25", "t5", reads), s25[6] as McpTool, ...s25.slice(8)];
    servers[25].push(tool("s25", "late", reads));
    swap(servers.flat());
    // No core tool of another server is read (the map is updated from the changed stretch alone).
    expect(reads.count).toBeLessThanOrEqual(5 * 21);
    const names = toolkit.tools.map((t) => t.name);
    expect(names).toEqual(source.tools.map((t) => t.name));
    expect(toolkit.tool("mcp__s25__late")?.description).toBe("late on s25");
    expect(toolkit.tool("mcp__s25__t7")).toBeUndefined();
    expect(toolkit.tool("mcp__s25__t5")).toBe(toolkit.tools[505]);
    expect(toolkit.tool("mcp__s24__t5")).toBe(toolkit.tools[485]);
    expect(dropped).toBeDefined();
    toolkit.dispose();
  });
});

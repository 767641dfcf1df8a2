import type { McpSource, McpTool } from "@toolnexus/mcp-core";
import type { DeferralRule } from "@toolnexus/mcp-core/adapter";
import { describe, expect, it } from "vitest";
import { toAiSdkTools } from "../src/index.js";
import { createLiveToolMap } from "../src/live-tool-map.js";

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

/** The map a full conversion of `generation` gives: leading keys, then every tool whose name is free. */
function expected(leading: readonly string[], generation: readonly McpTool[]): string[] {
  const keys = [...new Set(leading)];
  for (const t of generation) if (!keys.includes(t.name)) keys.push(t.name);
  return keys;
}

const converted = (t: McpTool, deferred = false) => ({ of: t, deferred });

describe("the live ToolSet's entries across generations", () => {
  it("should read only the tools of the server that changed, among 50 servers of 20 tools", () => {
    const reads = { count: 0 };
    const servers = Array.from({ length: 50 }, (_, s) =>
      Array.from({ length: 20 }, (_, i) => tool(`s${s}`, `t${i}`, reads)),
    );
    // The live ToolSet reads nothing of a source but its current generation (`tools`).
    const source = { tools: servers.flat() };
    const tools = toAiSdkTools(source as unknown as McpSource);
    expect(Object.keys(tools)).toHaveLength(1000);
    reads.count = 0;
    // Server s25 gains a tool and one of its tools changes (a new object of the same name).
    servers[25] = [
      ...(servers[25] ?? []).slice(0, 5),
      tool("s25", "t5", reads),
      ...(servers[25] ?? []).slice(6),
    ];
    servers[25].push(tool("s25", "late", reads));
    source.tools = servers.flat();
    const keys = Object.keys(tools);
    // The changed server's 21 tools, each read a few times (old and new names, its conversion).
    expect(reads.count).toBeLessThanOrEqual(5 * 21);
    expect(keys).toEqual(expected([], source.tools));
    expect(tools.mcp__s25__late?.description).toBe("late on s25");
  });

  it("should serve the same keys, in the same order, as a full conversion after every change", () => {
    const reads = { count: 0 };
    // A leading tool shadows s1's `dup` (its final name), and a custom naming may reuse names.
    const leading = ["extra", "mcp__s1__dup", "extra"];
    const pool = new Map<string, McpTool>();
    const at = (server: string, name: string) => {
      const key = `${server}/${name}`;
      if (!pool.has(key)) pool.set(key, tool(server, name, reads));
      return pool.get(key) as McpTool;
    };
    const listings: Record<string, string[]> = { s0: ["a", "b"], s1: ["dup", "c"], s2: ["d"] };
    const generation = () => ["s0", "s1", "s2"].flatMap((s) => (listings[s] ?? []).map((n) => at(s, n)));
    const source = { tools: generation() };
    const current = createLiveToolMap(source, {
      leading: leading.map((name) => [name, { leading: name }] as [string, never]),
      convert: (t) => converted(t) as never,
      convertDeferred: (t) => converted(t, true) as never,
    });
    const steps: (() => void)[] = [
      () => listings.s1?.push("e"),
      () => listings.s0?.splice(0, 1),
      () => {
        listings.s1 = ["c", "dup"];
      },
      () => {
        pool.delete("s2/d");
      },
      () => {
        listings.s1 = [];
      },
      () => {
        listings.s1 = ["dup", "x", "y"];
        listings.s2 = [];
      },
      () => {
        listings.s0 = [];
        listings.s2 = ["z"];
      },
    ];
    expect(current().keys).toEqual(expected(leading, source.tools));
    for (const step of steps) {
      step();
      source.tools = generation();
      const state = current();
      expect(state.keys).toEqual(expected(leading, source.tools));
      expect([...state.byName.keys()].sort()).toEqual([...state.keys].sort());
      for (const t of source.tools)
        if (!leading.includes(t.name)) expect(state.byName.get(t.name)).toEqual(converted(t));
      expect(state.byName.get("mcp__s1__dup")).toEqual({ leading: "mcp__s1__dup" });
    }
  });

  it("should convert every tool again when the Anthropic deferral's default flips", () => {
    const reads = { count: 0 };
    const source = { tools: [tool("a", "one", reads), tool("b", "two", reads)] };
    let byDefault = false;
    const rule = (): DeferralRule => ({ byDefault, defers: (t) => t.server === "b" || byDefault });
    const current = createLiveToolMap(source, {
      leading: [],
      convert: (t) => converted(t) as never,
      convertDeferred: (t) => converted(t, true) as never,
      anthropicDeferral: rule,
    });
    expect([...current().byName.values()].map((v) => (v as never as { deferred: boolean }).deferred)).toEqual(
      [false, true],
    );
    byDefault = true;
    source.tools = [...source.tools, tool("c", "three", reads)];
    expect(
      current().keys.map((k) => (current().byName.get(k) as never as { deferred: boolean }).deferred),
    ).toEqual([true, true, true]);
  });
});

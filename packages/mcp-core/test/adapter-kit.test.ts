import { stdioServer, waitFor } from "@toolnexus/fixtures";
import { describe, expect, it } from "vitest";
import {
  buildCallContext,
  createGenerationView,
  createSubscriptions,
  createToolConverter,
  generationDelta,
  type McpToolProgress,
  resolveCallOptions,
} from "../src/adapter/index.js";
import type { McpTool, ToolsChange } from "../src/index.js";
import { callOk, hasTool, loadListChanged, toolByRawName, useSources } from "./support/harness.js";

const sources = useSources({ toolCache: null });

/** A converter that counts its conversions: what the kit must do once per core tool object. */
function countingConverter() {
  const converted: McpTool[] = [];
  const convert = createToolConverter((tool: McpTool) => {
    converted.push(tool);
    return { host: tool.name };
  });
  return { convert, converted };
}

describe("adapter kit: the generation view and its conversion cache", () => {
  it("should convert each tool once, rebuild on a new generation and reuse every unchanged tool", async () => {
    const { source } = await loadListChanged(sources);
    const { convert, converted } = countingConverter();
    let builds = 0;
    const view = createGenerationView(source, convert, (tools, generation) => {
      builds++;
      return { tools, generation };
    });

    const first = view.current();
    expect(view.current()).toBe(first);
    expect(builds).toBe(1);
    expect(first.generation).toBe(source.tools);
    expect(converted).toEqual([...source.tools]);
    const echoBefore = first.tools[source.tools.indexOf(toolByRawName(source, "echo"))];

    await callOk(source, "add_tool", { name: "alpha" });
    await waitFor(() => hasTool(source, "alpha"), { timeoutMs: 10_000, message: "alpha to be listed" });
    const second = view.current();
    expect(second).not.toBe(first);
    expect(builds).toBe(2);
    // Only the new tool was converted; every unchanged one kept its host object.
    expect(converted.map((tool) => tool.rawName).slice(first.tools.length)).toEqual(["alpha"]);
    expect(second.tools[source.tools.indexOf(toolByRawName(source, "echo"))]).toBe(echoBefore);
    expect(second.tools.filter((tool) => first.tools.includes(tool))).toHaveLength(first.tools.length);
  });

  it("should hand only the changed server's tools to the converter, among 50 servers of 20 tools", () => {
    const tool = (server: number, i: number) =>
      ({ server: `s${server}`, name: `s${server}_t${i}` }) as McpTool;
    const servers = Array.from({ length: 50 }, (_, s) => Array.from({ length: 20 }, (_, i) => tool(s, i)));
    const source = { tools: servers.flat() };
    // Not cached: every call is counted, as a host's converter without its own cache would be.
    let calls = 0;
    const deltas: unknown[] = [];
    const view = createGenerationView(
      source,
      (t) => {
        calls++;
        return { host: t.name };
      },
      (tools, _generation, delta) => {
        deltas.push(
          delta && { start: delta.start, removed: delta.removed.length, added: delta.added.length },
        );
        return tools;
      },
    );
    view.current();
    calls = 0;
    servers[30] = [...(servers[30] ?? []).slice(0, 19), tool(30, 19), tool(30, 20)];
    source.tools = servers.flat();
    const tools = view.current();
    expect(calls).toBe(2);
    expect(deltas).toEqual([undefined, { start: 619, removed: 1, added: 2 }]);
    expect(tools).toEqual(source.tools.map((t) => ({ host: t.name })));
  });

  it("should find the changed stretch by the servers' arrays, and by tool identity without them", () => {
    const tool = (name: string) => ({ name }) as McpTool;
    const a = [tool("a1"), tool("a2")];
    const b = [tool("b1")];
    const c = [tool("c1"), tool("c2")];
    const cases: [McpTool[][], McpTool[][]][] = [
      [
        [a, b, c],
        [a, [...b, tool("b2")], c],
      ],
      [
        [a, b, c],
        [[tool("a0"), ...a], b, c],
      ],
      [
        [a, b, c],
        [a, b, []],
      ],
      [
        [a, b, c],
        [[], b, [tool("c1")]],
      ],
      [
        [a, [], c],
        [a, [tool("b9")], c],
      ],
      [
        [a, b, c],
        [[...a], b, c],
      ],
    ];
    for (const [before, after] of cases) {
      const previous = before.flat();
      const next = after.flat();
      for (const delta of [generationDelta(previous, next, before, after), generationDelta(previous, next)]) {
        const end = delta.start + delta.removed.length;
        expect(delta.removed).toEqual(previous.slice(delta.start, end));
        const applied = [...previous.slice(0, delta.start), ...delta.added, ...previous.slice(end)];
        expect(applied).toHaveLength(next.length);
        for (const [i, t] of applied.entries()) expect(t).toBe(next[i]);
      }
    }
    // By the servers' arrays, then by identity within the server that changed: only its new tool.
    const grown = [...c, tool("c3")];
    expect(generationDelta([...a, ...b, ...c], [...a, ...b, ...grown], [a, b, c], [a, b, grown])).toEqual({
      start: 5,
      removed: [],
      added: [grown[2]],
    });
  });

  it("should convert a tool the core replaced (changed listing) anew", async () => {
    const { source } = await loadListChanged(sources);
    const { convert, converted } = countingConverter();
    const view = createGenerationView(source, convert, (tools) => tools);
    view.current();
    const before = toolByRawName(source, "echo");
    await callOk(source, "change_tool", { name: "echo", description: "changed" });
    await waitFor(() => toolByRawName(source, "echo") !== before, {
      timeoutMs: 10_000,
      message: "echo changed",
    });
    view.current();
    expect(converted.filter((tool) => tool.rawName === "echo")).toEqual([
      before,
      toolByRawName(source, "echo"),
    ]);
  });
});

describe("adapter kit: call context", () => {
  const tool = { name: "mcp__s__t", server: "s" } as McpTool;

  it("should pass the signal, prefer the call's own timeout, and set nothing the caller did not give", () => {
    const signal = new AbortController().signal;
    const unset = {
      signal: undefined,
      timeoutMs: undefined,
      maxTotalTimeoutMs: undefined,
      onProgress: undefined,
    };
    const none = resolveCallOptions("test", undefined);
    expect(buildCallContext(tool, none)).toStrictEqual(unset);
    expect(buildCallContext(tool, none, { signal, toolCallId: "c1" })).toStrictEqual({ ...unset, signal });
    const withTimeout = resolveCallOptions("test", { timeoutMs: 500 });
    expect(buildCallContext(tool, withTimeout)).toStrictEqual({ ...unset, timeoutMs: 500 });
    expect(buildCallContext(tool, withTimeout, { timeoutMs: 40 })).toStrictEqual({ ...unset, timeoutMs: 40 });
    // The total bound: the adapter's, unless the call carries its own.
    const bounded = resolveCallOptions("test", { timeoutMs: 500, maxTotalTimeoutMs: 900 });
    expect(buildCallContext(tool, bounded)).toStrictEqual({
      ...unset,
      timeoutMs: 500,
      maxTotalTimeoutMs: 900,
    });
    expect(buildCallContext(tool, bounded, { maxTotalTimeoutMs: 90 })).toStrictEqual({
      ...unset,
      timeoutMs: 500,
      maxTotalTimeoutMs: 90,
    });
  });

  it("should tag a real server's progress with the tool, the server and the call id", async () => {
    const source = await sources.load({ mcpServers: { basic: stdioServer("basic") } });
    const slow = toolByRawName(source, "slow");
    const progress: McpToolProgress[] = [];
    const options = resolveCallOptions("test", { onProgress: (p: McpToolProgress) => progress.push(p) });
    const result = await slow.execute(
      { ms: 40, steps: 2 },
      buildCallContext(slow, options, { toolCallId: "c9" }),
    );
    expect(result.isError).toBe(false);
    expect(progress).toEqual([
      {
        progress: 1,
        total: 2,
        message: "step 1/2",
        toolName: "mcp__basic__slow",
        server: "basic",
        toolCallId: "c9",
      },
      {
        progress: 2,
        total: 2,
        message: "step 2/2",
        toolName: "mcp__basic__slow",
        server: "basic",
        toolCallId: "c9",
      },
    ]);
    const noCallId: McpToolProgress[] = [];
    const bare = resolveCallOptions("test", { onProgress: (p: McpToolProgress) => noCallId.push(p) });
    await slow.execute({ ms: 10, steps: 1 }, buildCallContext(slow, bare));
    expect(noCallId).toEqual([
      { progress: 1, total: 1, message: "step 1/1", toolName: "mcp__basic__slow", server: "basic" },
    ]);
  });
});

describe("adapter kit: subscriptions", () => {
  it("should re-emit tool changes and remove every tracked subscription on dispose, once", async () => {
    const { source } = await loadListChanged(sources);
    const subscriptions = createSubscriptions(source, "test toolkit");
    const events: Array<[string, ToolsChange]> = [];
    const unsubscribe = subscriptions.onToolsChange((server, change) => events.push([server, change]));
    let tracked = 0;
    subscriptions.track(() => tracked++);
    await callOk(source, "add_tool", { name: "alpha" });
    await waitFor(() => events.length === 1, { timeoutMs: 10_000, message: "a tools change" });
    expect(events[0]?.[1].added).toEqual(["mcp__lc__alpha"]);

    subscriptions.dispose();
    subscriptions.dispose();
    unsubscribe();
    expect(tracked).toBe(1);
    expect(() => subscriptions.onToolsChange(() => {})).toThrow(
      "onToolsChange: this test toolkit was disposed",
    );
    // Tracked after disposal: removed at once.
    subscriptions.track(() => tracked++);
    expect(tracked).toBe(2);

    await callOk(source, "add_tool", { name: "beta" });
    await waitFor(() => hasTool(source, "beta"), { timeoutMs: 10_000, message: "beta to be listed" });
    expect(events).toHaveLength(1);
  });
});

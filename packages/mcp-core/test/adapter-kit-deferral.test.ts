import { stdioServer } from "@toolnexus/fixtures";
import { describe, expect, it } from "vitest";
import {
  approvalRule,
  createMetaTools,
  deferredToolNames,
  globMatcher,
  LOAD_TOOLS_NAME,
  loadedToolNames,
  offeredTools,
  resolveDeferLoading,
  SEARCH_TOOLS_NAME,
} from "../src/adapter/index.js";
import { isMcpCoreError, type McpSource, type McpTool } from "../src/index.js";
import { BASIC_TOOLS, useSources } from "./support/harness.js";

const sources = useSources({ toolCache: null });

const basicName = (raw: string) => `mcp__basic__${raw}`;

async function loadBasic(options?: Parameters<typeof sources.loadServers>[1]): Promise<McpSource> {
  return sources.loadServers({ basic: "basic" }, options);
}

/** A tool with only what the approval rule reads: pure logic, no server behind it. */
function annotated(name: string, annotations: McpTool["annotations"], server = "s"): McpTool {
  return {
    name,
    server,
    rawName: name,
    description: "",
    inputSchema: { type: "object" },
    annotations,
    execute: () => Promise.reject(new Error("not called")),
  };
}

describe("adapter kit: the meta-tools", () => {
  it("should search the source's tools and answer with model-facing names and one-line descriptions", async () => {
    const source = await loadBasic();
    const [search] = createMetaTools(source);
    expect(search.name).toBe(SEARCH_TOOLS_NAME);
    expect(search.server).toBe("");

    const result = await search.execute({ query: "echo text back" });

    expect(result.isError).toBe(false);
    const { tools } = result.structuredContent as { tools: { name: string; description: string }[] };
    expect(tools[0]?.name).toBe(basicName("echo"));
    expect(tools.every((t) => !t.description.includes("\n"))).toBe(true);
    expect(result.text).toContain(`- ${basicName("echo")}: `);
    expect(result.text).toContain(LOAD_TOOLS_NAME);
  });

  it("should say so when nothing matches", async () => {
    const source = await loadBasic();
    const [search] = createMetaTools(source);
    const result = await search.execute({ query: "zzzqqq" });
    expect(result.isError).toBe(false);
    expect(result.structuredContent).toEqual({ tools: [] });
    expect(result.text).toBe('No tools match "zzzqqq"; try other words.');
  });

  it("should load known names and suggest the closest names for unknown ones", async () => {
    const source = await loadBasic();
    const [, load] = createMetaTools(source);

    const result = await load.execute({ names: [basicName("echo"), "mcp__basic__ecko"] });

    expect(result.isError).toBe(false);
    expect(result.structuredContent).toEqual({
      loaded: [basicName("echo")],
      unknown: [{ name: "mcp__basic__ecko", suggestions: expect.arrayContaining([basicName("echo")]) }],
    });
    expect(result.text).toContain(`Loaded: ${basicName("echo")}.`);
    expect(result.text).toContain('No tool named "mcp__basic__ecko". Did you mean:');
  });

  it("should resolve an error result when nothing could be loaded", async () => {
    const source = await loadBasic();
    const [, load] = createMetaTools(source);
    const result = await load.execute({ names: ["nothing_like_it_at_all_here"] });
    expect(result.isError).toBe(true);
    expect(result.error?.code).toBe("TOOL_ERROR");
    expect(result.structuredContent).toEqual({
      loaded: [],
      unknown: [{ name: "nothing_like_it_at_all_here", suggestions: [] }],
    });
  });

  it.each([
    [SEARCH_TOOLS_NAME, {}, '"query", a non-empty string'],
    [SEARCH_TOOLS_NAME, { query: "x", limit: 21 }, '"limit", an integer from 1 to 20'],
    [LOAD_TOOLS_NAME, { names: [] }, '"names", an array of 1 to 20 tool names'],
    [LOAD_TOOLS_NAME, { names: [1] }, '"names", an array of 1 to 20 tool names'],
  ])(
    "should resolve %s with malformed input %j as a protocol error naming the field",
    async (name, args, expected) => {
      const source = await loadBasic();
      const tool = createMetaTools(source).find((t) => t.name === name) as McpTool;
      const result = await tool.execute(args);
      expect(result.isError).toBe(true);
      expect(result.error?.code).toBe("PROTOCOL_ERROR");
      expect(result.text).toBe(`Invalid input for ${name}: expected ${expected}`);
    },
  );

  it("should read a conversation's loads back from its load calls only", () => {
    const loaded = loadedToolNames([
      { toolName: LOAD_TOOLS_NAME, input: { names: ["a", "b"] } },
      { toolName: "mcp__x__other", input: { names: ["c"] } },
      { toolName: LOAD_TOOLS_NAME, input: { names: ["b", 7, "d"] } },
      { toolName: LOAD_TOOLS_NAME, input: "not an object" },
    ]);
    expect([...loaded]).toEqual(["a", "b", "d"]);
  });
});

describe("adapter kit: which tools are deferred", () => {
  it("should follow the source's deferLoading unless the adapter overrides it", async () => {
    const deferring = await loadBasic({ deferLoading: {} });
    expect(deferring.deferLoading).toEqual({});
    expect([...deferredToolNames(deferring, undefined)]).toEqual(BASIC_TOOLS.map(basicName));
    expect(deferredToolNames(deferring, { enabled: false }).size).toBe(0);

    const plain = await loadBasic();
    expect(plain.deferLoading).toEqual({ enabled: false });
    expect(deferredToolNames(plain, undefined).size).toBe(0);
  });

  it("should defer only when the source holds more tools than the threshold", async () => {
    const source = await loadBasic();
    const count = source.tools.length;
    expect(deferredToolNames(source, { threshold: count }).size).toBe(0);
    expect(deferredToolNames(source, { threshold: count - 1 }).size).toBe(count);
  });

  it("should read a server's defer flag once per source, not build snapshots on every lookup", async () => {
    const source = await sources.load(
      { mcpServers: { basic: { ...stdioServer("basic"), defer: false } } },
      { deferLoading: {} },
    );
    let snapshots = 0;
    const counted = {
      get tools() {
        return source.tools;
      },
      deferLoading: source.deferLoading,
      servers: () => {
        snapshots += 1;
        return source.servers();
      },
    } as McpSource;
    for (let step = 0; step < 100; step++) expect(deferredToolNames(counted, undefined).size).toBe(0);
    // The entry's defer: false wins over deferLoading: {} for its tools, read from one snapshot.
    expect(snapshots).toBe(1);
  });

  it("should offer the tools not deferred and the deferred ones loaded", async () => {
    const source = await loadBasic();
    const deferred = new Set([basicName("echo"), basicName("add")]);
    const offered = offeredTools(source.tools, deferred, new Set([basicName("add")]));
    expect(offered.map((t) => t.rawName)).toEqual(BASIC_TOOLS.filter((raw) => raw !== "echo"));
  });

  // A boolean is refused too: a policy is an object (CONTRIBUTING.md's option naming rule).
  it.each([
    [{ threshold: -1 }],
    [{ threshold: 1.5 }],
    [{ threshold: 3, extra: 1 }],
    [{ enabled: 1 }],
    ["yes"],
    [null],
    [true],
    [false],
  ])("should refuse deferLoading %j naming the adapter and the option", (value) => {
    let error: unknown;
    try {
      resolveDeferLoading("AI SDK adapter", value);
    } catch (caught) {
      error = caught;
    }
    expect(isMcpCoreError(error) && error.code).toBe("OPTIONS_INVALID");
    expect((error as Error).message).toMatch(
      /^AI SDK adapter option "deferLoading": expected an object \(\{\} defers every tool, \{ threshold: N \} past N tools, \{ enabled: false \} none\), got /,
    );
  });

  it("should refuse a malformed deferLoading in loadMcp before starting anything", async () => {
    await expect(
      sources.rejection({ mcpServers: {} }, { deferLoading: { threshold: "5" } as never }),
    ).resolves.toMatchObject({
      code: "OPTIONS_INVALID",
      message: expect.stringContaining(
        'loadMcp option "deferLoading": expected an object ({} defers every tool',
      ),
    });
  });
});

describe("adapter kit: approval from annotations", () => {
  const readOnly = annotated("mcp__s__read", { readOnlyHint: true, openWorldHint: false });
  const additive = annotated("mcp__s__create", {
    readOnlyHint: false,
    destructiveHint: false,
    openWorldHint: false,
  });
  const unhinted = annotated("mcp__s__anything", undefined);
  const closedWorld = annotated("mcp__s__delete", { destructiveHint: true, openWorldHint: false });
  const meta = annotated(SEARCH_TOOLS_NAME, undefined, "");

  it("should take the MCP defaults for absent hints", () => {
    const rule = approvalRule("test", { destructive: true });
    expect(rule?.(unhinted)).toBe(true);
    expect(rule?.(readOnly)).toBe(false);
    expect(rule?.(additive)).toBe(false);
    expect(rule?.(closedWorld)).toBe(true);
  });

  it("should match open-world tools and name globs, and never a server-less meta-tool", () => {
    const rule = approvalRule("test", { openWorld: true, tools: ["mcp__s__cre*"] });
    expect(rule?.(unhinted)).toBe(true);
    expect(rule?.(closedWorld)).toBe(false);
    expect(rule?.(additive)).toBe(true);
    expect(rule?.(meta)).toBe(false);
    expect(approvalRule("test", true)?.(meta)).toBe(false);
    expect(approvalRule("test", () => true)?.(meta)).toBe(false);
  });

  it("should need no rule at all for false or no policy", () => {
    expect(approvalRule("test", false)).toBeUndefined();
    expect(approvalRule("test", undefined)).toBeUndefined();
  });

  it.each([
    [
      { destructiv: true },
      'test option "approval.destructiv": expected no such key (destructive, openWorld, tools)',
    ],
    [{ openWorld: "yes" }, 'test option "approval.openWorld": expected a boolean, got string'],
    [{ tools: "mcp__*" }, 'test option "approval.tools": expected an array of tool-name globs, got string'],
    [
      "always",
      'test option "approval": expected a boolean, a function, or { destructive?, openWorld?, tools? }',
    ],
  ])("should refuse approval %j with a message naming the field", (policy, message) => {
    expect(() => approvalRule("test", policy as never)).toThrow(message);
  });
});

describe("globs on tool names", () => {
  it("should match * and ? and take every other character literally", () => {
    const match = globMatcher(["mcp__github__*", "get_?", "a.b"]);
    expect(match("mcp__github__create_issue")).toBe(true);
    expect(match("mcp__gitlab__create_issue")).toBe(false);
    expect(match("get_x")).toBe(true);
    expect(match("get_xy")).toBe(false);
    expect(match("a.b")).toBe(true);
    expect(match("aXb")).toBe(false);
    expect(globMatcher([])("anything")).toBe(false);
  });
});

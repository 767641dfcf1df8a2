import { readLog, stdioServer } from "@toolnexus/fixtures";
import { describe, expect, it } from "vitest";
import { toolByName, useSources, useTempDir } from "./support/harness.js";

const dir = useTempDir("mcp-core-listing-");
const sources = useSources({ toolCache: null });

describe("tool listing", () => {
  it("should read every page of a paginated listing", async () => {
    const log = dir.logFile();
    const source = await sources.load({ mcpServers: { pages: stdioServer("paginated", ["--log", log]) } });

    const expected = Array.from({ length: 25 }, (_, i) => `tool_${String(i).padStart(3, "0")}`);
    expect(source.tools.map((t) => t.rawName)).toStrictEqual(expected);
    const cursors = readLog(log)
      .filter((e) => e.event === "list")
      .map((e) => e.cursor);
    expect(cursors).toHaveLength(3);
    expect(cursors[0]).toBeNull();
    expect(new Set(cursors).size).toBe(3);
    await expect(toolByName(source, "mcp__pages__tool_024").execute({})).resolves.toMatchObject({
      text: "tool_024",
    });
  });

  it("should reject a listing that repeats a cursor, leaving the other servers unaffected", async () => {
    const log = dir.logFile();
    const source = await sources.load({
      mcpServers: {
        loop: stdioServer("paginated", ["--repeat-cursor", "--log", log]),
        good: stdioServer("basic"),
      },
    });

    expect(source.status).toStrictEqual({ loop: "failed", good: "connected" });
    const loop = source.servers().find((s) => s.name === "loop");
    expect(loop?.lastError).toBe('MCP server "loop" repeated a pagination cursor while listing tools');
    expect(loop?.toolCount).toBe(0);
    // page 1, page 2 (which repeats page 1's cursor), then it stops instead of looping.
    expect(readLog(log).filter((e) => e.event === "list")).toHaveLength(2);
    expect(source.tools.map((t) => t.server)).not.toContain("loop");
    await expect(toolByName(source, "mcp__good__echo").execute({ text: "ok" })).resolves.toMatchObject({
      text: "ok",
    });
  });

  it("should drop only a malformed tool, with a warning", async () => {
    const warnings: string[] = [];
    const source = await sources.load(
      { mcpServers: { shaky: stdioServer("faulty", ["--mode", "malformed-schema"]) } },
      { onWarning: (message) => warnings.push(message) },
    );

    expect(source.status).toStrictEqual({ shaky: "connected" });
    expect(source.tools.map((t) => t.rawName)).toStrictEqual(["good_first", "good_last"]);
    const dropped = warnings.filter((w) => w.includes("bad_schema"));
    expect(dropped).toHaveLength(1);
    expect(dropped[0]).toMatch(/^MCP server "shaky": dropped malformed tool "bad_schema" \(inputSchema/);
    expect(source.warnings).toContain(dropped[0]);
    await expect(
      toolByName(source, "mcp__shaky__good_last").execute({ text: "fine" }),
    ).resolves.toMatchObject({
      isError: false,
      text: "fine",
    });
  });

  it("should reject a listing with duplicate tool names, leaving the other servers unaffected", async () => {
    const source = await sources.load({
      mcpServers: {
        dupes: stdioServer("faulty", ["--mode", "duplicate-names"]),
        good: stdioServer("basic"),
      },
    });

    expect(source.status).toStrictEqual({ dupes: "failed", good: "connected" });
    expect(source.servers().find((s) => s.name === "dupes")?.lastError).toBe(
      'MCP server "dupes" listed the tool name "dup" twice; its listing was rejected',
    );
    expect(source.tools.filter((t) => t.server === "dupes")).toStrictEqual([]);
    await expect(toolByName(source, "mcp__good__echo").execute({ text: "ok" })).resolves.toMatchObject({
      text: "ok",
    });
  });
});

describe("tool naming in the source", () => {
  it("should name tools mcp__<server>__<tool>, keep rawName and the definition, in config order", async () => {
    const source = await sources.load({
      mcpServers: {
        basic: stdioServer("basic"),
        pages: stdioServer("paginated", ["--tools", "2"]),
      },
    });

    expect(source.tools.map((t) => [t.name, t.server, t.rawName])).toStrictEqual([
      ["mcp__basic__echo", "basic", "echo"],
      ["mcp__basic__add", "basic", "add"],
      ["mcp__basic__image", "basic", "image"],
      ["mcp__basic__slow", "basic", "slow"],
      ["mcp__basic__fail", "basic", "fail"],
      ["mcp__basic__pid", "basic", "pid"],
      ["mcp__basic__ask", "basic", "ask"],
      ["mcp__basic__ask_url", "basic", "ask_url"],
      ["mcp__pages__tool_000", "pages", "tool_000"],
      ["mcp__pages__tool_001", "pages", "tool_001"],
    ]);
    const add = toolByName(source, "mcp__basic__add");
    expect(add.description).toBe("Adds two numbers (text plus structuredContent {sum})");
    expect(add.inputSchema).toMatchObject({ type: "object", required: ["a", "b"] });
    expect(add.outputSchema).toMatchObject({ type: "object", properties: { sum: { type: "number" } } });
  });

  it("should apply a tools allow map (any true) on raw names", async () => {
    const source = await sources.load({
      mcpServers: { basic: { ...stdioServer("basic"), tools: { echo: true, add: true, fail: false } } },
    });

    expect(source.tools.map((t) => t.name)).toStrictEqual(["mcp__basic__echo", "mcp__basic__add"]);
    expect(source.servers()[0]?.toolCount).toBe(2);
  });

  it("should apply a tools drop map (all false) on raw names", async () => {
    const source = await sources.load({
      mcpServers: { basic: { ...stdioServer("basic"), tools: { ask: false, ask_url: false, slow: false } } },
    });

    expect(source.tools.map((t) => t.rawName)).toStrictEqual(["echo", "add", "image", "fail", "pid"]);
  });

  it("should use the naming option", async () => {
    const source = await sources.load(
      { mcpServers: { basic: { ...stdioServer("basic"), tools: { echo: true } } } },
      { naming: (server, rawName) => `${rawName}_at_${server}` },
    );

    expect(source.tools.map((t) => [t.name, t.rawName])).toStrictEqual([["echo_at_basic", "echo"]]);
    await expect(toolByName(source, "echo_at_basic").execute({ text: "named" })).resolves.toMatchObject({
      text: "named",
    });
  });
});

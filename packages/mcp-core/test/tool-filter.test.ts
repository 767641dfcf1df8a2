/**
 * Tool filtering against real fixture servers: `tools.include` / `tools.exclude` globs beside the
 * `tools` map, and `toolFilter`, applied to the offered tools, to refreshes and `list_changed`, to a
 * lazy server's cached listing, and to search.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { collectToolChanges, hostileServer, stdioServer, waitFor } from "@toolnexus/fixtures";
import { describe, expect, it } from "vitest";
import type { ToolFilterInput } from "../src/config-entry.js";
import type { ToolsChange } from "../src/index.js";
import { fileToolCache } from "../src/stores.js";
import {
  BASIC_TOOLS,
  cacheFiles,
  callOk,
  hasTool,
  startedPids,
  tempDir,
  tempLogFile,
  useSources,
} from "./support/harness.js";

const sources = useSources({ toolCache: null });

const rawNames = (source: { tools: readonly { rawName: string }[] }) => source.tools.map((t) => t.rawName);

describe("tools.include / tools.exclude on a real server", () => {
  it.each([
    ["include with *", { include: ["a*"] }, ["add", "ask", "ask_url"]],
    ["include with ?", { include: ["?cho", "p?d", "a??"] }, ["echo", "add", "pid", "ask"]],
    ["exclude", { exclude: ["ask*", "slow"] }, ["echo", "add", "image", "fail", "pid"]],
    ["include and exclude", { include: ["a*", "e*"], exclude: ["*_url"] }, ["echo", "add", "ask"]],
    ["a drop map and include", { echo: false, include: ["e*", "a*"] }, ["add", "ask", "ask_url"]],
    ["an allow map and exclude", { echo: true, add: true, exclude: ["a*"] }, ["echo"]],
  ])("should offer only the tools that pass: %s", async (_title, tools, expected) => {
    const source = await sources.load({ mcpServers: { basic: { ...stdioServer("basic"), tools } } });
    expect(rawNames(source)).toStrictEqual(expected);
    expect(source.servers()[0]?.toolCount).toBe(expected.length);
  });

  it("should read include/exclude by the value's type, so tools named include and exclude still work", async () => {
    const server = hostileServer("tool-names", { arg: "include,exclude,read_file,write_file" });
    const source = await sources.load({
      mcpServers: { named: { ...server, tools: { include: false, exclude: ["write_*"] } } },
    });
    expect(rawNames(source)).toStrictEqual(["exclude", "read_file"]);
    expect(await callOk(source, "exclude", {})).toBe("exclude");
  });

  it("should keep filtered tools out of search", async () => {
    const basic = stdioServer("basic");
    const source = await sources.load({
      mcpServers: {
        kept: basic,
        cut: { ...basic, tools: { exclude: ["echo"] } },
      },
    });
    const hits = source.searchTools("echoes the given text");
    expect(hits.map((hit) => [hit.server, hit.rawName])).toContainEqual(["kept", "echo"]);
    expect(hits.filter((hit) => hit.server === "cut" && hit.rawName === "echo")).toStrictEqual([]);
    expect(source.searchTools("echo", { servers: ["cut"] }).map((hit) => hit.rawName)).not.toContain("echo");
  });
});

describe("filtering and a changing tool list", () => {
  const load = (tools: object) => {
    const log = tempLogFile("lc.log");
    return sources.load({
      mcpServers: { lc: { ...stdioServer("mcp-list-changed", ["--log", log]), tools } },
    });
  };

  it("should apply include/exclude to tools a list_changed brings", async () => {
    const source = await load({ exclude: ["secret_*", "burst", "flap"] });
    const changes = collectToolChanges<ToolsChange>(source);
    expect(rawNames(source)).toStrictEqual([
      "echo",
      "slow",
      "add_tool",
      "remove_tool",
      "rename_tool",
      "change_tool",
    ]);
    await callOk(source, "add_tool", { name: "secret_dump" });
    await callOk(source, "add_tool", { name: "visible" });
    await waitFor(() => hasTool(source, "visible"), { timeoutMs: 10_000, message: "visible to be listed" });
    await source.whenSettled("lc");
    expect(hasTool(source, "secret_dump")).toBe(false);
    const added = changes.changes("lc").flatMap((change) => change.added);
    expect(added).toStrictEqual(["mcp__lc__visible"]);
  });

  it("should apply the filter to an explicit refresh, and drop a renamed tool that no longer matches", async () => {
    const source = await load({ include: ["echo", "keep_*", "add_tool", "rename_tool"] });
    await callOk(source, "add_tool", { name: "keep_a" });
    await waitFor(() => hasTool(source, "keep_a"), { timeoutMs: 10_000, message: "keep_a to be listed" });
    await callOk(source, "rename_tool", { from: "keep_a", to: "other_a" });
    await source.refresh("lc");
    await source.whenSettled("lc");
    expect(rawNames(source)).toStrictEqual(["echo", "add_tool", "rename_tool"]);
  });
});

describe("toolFilter", () => {
  it("should drop the tools it answers false for and see each tool of the listing", async () => {
    const seen: ToolFilterInput[] = [];
    const source = await sources.load({
      mcpServers: {
        basic: {
          ...stdioServer("basic"),
          tools: { exclude: ["ask*"] },
          toolFilter: (tool: ToolFilterInput) => {
            seen.push(tool);
            return !tool.description.startsWith("Returns");
          },
        },
      },
    });
    expect(rawNames(source)).toStrictEqual(["echo", "add", "slow"]);
    expect(seen.map((tool) => tool.name)).toStrictEqual(
      BASIC_TOOLS.filter((name) => !name.startsWith("ask")),
    );
    expect(seen[0]).toStrictEqual({
      server: "basic",
      name: "echo",
      title: undefined,
      description: "Echoes the given text",
      inputSchema: expect.objectContaining({ type: "object", required: ["text"] }),
      annotations: undefined,
    });
    expect(source.searchTools("image png").map((hit) => hit.rawName)).not.toContain("image");
  });

  it("should keep every tool a throwing filter gives no verdict for, with one warning naming the server", async () => {
    const warnings: string[] = [];
    const source = await sources.load(
      {
        mcpServers: {
          basic: {
            ...stdioServer("basic"),
            toolFilter: (tool: ToolFilterInput) => {
              if (tool.name === "echo") return false;
              throw new Error(`no rule for ${tool.name}`);
            },
          },
        },
      },
      { toolCache: null, onWarning: (message) => warnings.push(message) },
    );
    expect(rawNames(source)).toStrictEqual(BASIC_TOOLS.filter((name) => name !== "echo"));
    await source.refresh("basic");
    expect(warnings.filter((w) => w.includes("toolFilter"))).toStrictEqual([
      'MCP server "basic": toolFilter threw: no rule for add for tool "add"; the tool is kept (a filter that gives no verdict drops nothing; further failures are not reported)',
    ]);
  });

  it("should keep a tool a filter answers with a non-boolean, with one warning", async () => {
    const warnings: string[] = [];
    const source = await sources.load(
      { mcpServers: { basic: { ...stdioServer("basic"), toolFilter: () => "yes" } } },
      { toolCache: null, onWarning: (message) => warnings.push(message) },
    );
    expect(rawNames(source)).toStrictEqual(BASIC_TOOLS);
    expect(warnings.filter((w) => w.includes("toolFilter"))).toStrictEqual([
      'MCP server "basic": toolFilter returned string, not a boolean for tool "echo"; the tool is kept (a filter that gives no verdict drops nothing; further failures are not reported)',
    ]);
  });
});

describe("filtering a lazy server's cached listing", () => {
  it("should cache the whole listing and filter it at every load, without spawning the server", async () => {
    const cacheDir = tempDir();
    const log = tempLogFile("lazy.log");
    const entry = { ...stdioServer("basic", ["--log", log]), lazy: true };
    const load = (extra: object) =>
      sources.load({ mcpServers: { lz: { ...entry, ...extra } } }, { toolCache: fileToolCache(cacheDir) });

    // A cache miss: the background discovery lists, the filtered tools appear, the cache gets all.
    const first = await load({ tools: { include: ["e*", "s*"] } });
    await waitFor(() => first.tools.length > 0, { timeoutMs: 10_000, message: "discovery" });
    expect(rawNames(first)).toStrictEqual(["echo", "slow"]);
    await first.whenSettled();
    await first.close();
    const [file] = cacheFiles(cacheDir);
    if (file === undefined) throw new Error("no cache entry written");
    const cached = JSON.parse(readFileSync(join(cacheDir, file), "utf8")) as { tools: { name: string }[] };
    expect(cached.tools.map((tool) => tool.name)).toStrictEqual(BASIC_TOOLS);
    const spawned = startedPids(log).length;

    // The same entry (same fingerprint) read with another filter: no spawn, the new filter applies.
    const second = await load({
      tools: { exclude: ["a*", "image"] },
      toolFilter: (t: ToolFilterInput) => t.name !== "pid",
    });
    expect(rawNames(second)).toStrictEqual(["echo", "slow", "fail"]);
    expect(second.searchTools("process id").map((hit) => hit.rawName)).not.toContain("pid");
    expect(cacheFiles(cacheDir)).toStrictEqual([file]);
    expect(startedPids(log)).toHaveLength(spawned);
  });
});

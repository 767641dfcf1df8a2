import type { Tool } from "@modelcontextprotocol/client";
import { describe, expect, it } from "vitest";
import { parseConfig } from "../src/config/parse-config.js";
import type { ToolFilterInput } from "../src/config-entry.js";
import type { McpConfigInput } from "../src/index.js";
import { filterTools, type ToolFilterFailure } from "../src/tools/tool-filter.js";
import { useSources } from "./support/harness.js";

const sources = useSources({ toolCache: null });

const NAMES = ["create_issue", "create_pr", "delete_repo", "get_issue", "list_issues", "include"];
const listing = (names = NAMES): Tool[] => names.map((name) => ({ name, inputSchema: { type: "object" } }));

/** The raw names `entry` keeps out of `names`, through the config parser and the one filter. */
async function kept(entry: object, names = NAMES): Promise<string[]> {
  const config = (await parseConfig({ s: { command: "x", ...entry } } as McpConfigInput)).servers[0];
  if (!config) throw new Error("no server parsed");
  return filterTools(listing(names), config).map((tool) => tool.name);
}

describe("tools.include / tools.exclude in the config", () => {
  it("should normalize the map and the glob lists apart, in every dialect, with defer and toolTimeouts", async () => {
    const entry = {
      tools: { delete_repo: false, include: ["create_*", "get_?ssue"], exclude: ["*_pr"] },
      toolTimeouts: JSON.parse('{ "create_issue": 5000, "__proto__": 7 }'),
      defer: true,
    };
    const toolFilter = () => true;
    const parsed = await parseConfig({
      mcpServers: { a: { command: "x", ...entry } },
      servers: { b: { type: "http", url: "https://h/mcp", ...entry, defer: false } },
      mcp: { c: { type: "local", command: ["x"], ...entry, toolFilter } },
    } as McpConfigInput);
    for (const server of parsed.servers) {
      expect(server.tools).toStrictEqual({ delete_repo: false });
      expect(server.toolsInclude).toStrictEqual(["create_*", "get_?ssue"]);
      expect(server.toolsExclude).toStrictEqual(["*_pr"]);
      expect(Object.entries(server.toolTimeouts ?? {})).toStrictEqual([
        ["create_issue", 5000],
        ["__proto__", 7],
      ]);
    }
    expect(parsed.servers.map((s) => s.defer)).toStrictEqual([true, false, true]);
    expect(parsed.servers.map((s) => s.toolFilter)).toStrictEqual([undefined, undefined, toolFilter]);
    expect(parsed.warnings).toStrictEqual([]);
  });

  it("should show an entry's defer in servers() (disabled entries: nothing starts)", async () => {
    const source = await sources.load({
      mcpServers: {
        on: { command: "x", disabled: true, defer: true },
        off: { command: "x", disabled: true, defer: false },
        unset: { command: "x", disabled: true },
      },
    });
    expect(source.servers().map((s) => [s.name, s.defer])).toStrictEqual([
      ["on", true],
      ["off", false],
      ["unset", undefined],
    ]);
  });

  it.each([
    ["include only", { tools: { include: ["create_*"] } }, ["create_issue", "create_pr"]],
    [
      "exclude only",
      { tools: { exclude: ["create_*", "delete_*"] } },
      ["get_issue", "list_issues", "include"],
    ],
    ["? matches one character", { tools: { include: ["get_?ssue", "list_?ssue"] } }, ["get_issue"]],
    [
      "include and exclude",
      { tools: { include: ["*issue*"], exclude: ["list_*"] } },
      ["create_issue", "get_issue"],
    ],
    [
      "a drop map and include",
      { tools: { create_pr: false, include: ["create_*", "delete_*"] } },
      ["create_issue", "delete_repo"],
    ],
    [
      "an allow map and exclude",
      { tools: { create_issue: true, get_issue: true, exclude: ["get_*"] } },
      ["create_issue"],
    ],
    ["an empty include keeps nothing", { tools: { include: [] } }, []],
    ["a tool named include, by a boolean", { tools: { include: false } }, NAMES.slice(0, -1)],
    ["a tool named include, allowed", { tools: { include: true, exclude: ["*"] } }, []],
    ["globs match whole names only", { tools: { include: ["issue", "create"] } }, []],
  ])(
    "should keep a tool that passes the map, matches include and no exclude: %s",
    async (_title, entry, expected) => {
      expect(await kept(entry)).toStrictEqual(expected);
    },
  );

  it("should treat a tool named __proto__ in the map as any other name", async () => {
    const names = ["__proto__", "a"];
    expect(await kept({ tools: JSON.parse('{"__proto__": false}') }, names)).toStrictEqual(["a"]);
    expect(await kept({ tools: JSON.parse('{"__proto__": true}') }, names)).toStrictEqual(["__proto__"]);
  });

  it("should take glob characters other than * and ? literally", async () => {
    const names = ["a.b", "axb", "a+b", "(a)"];
    expect(await kept({ tools: { include: ["a.b", "(a)"] } }, names)).toStrictEqual(["a.b", "(a)"]);
  });
});

describe("toolFilter", () => {
  const tool: Tool = {
    name: "write_file",
    description: "Writes a file",
    inputSchema: { type: "object", properties: { path: { type: "string" } } },
    annotations: { title: "Write file", destructiveHint: true },
  };

  it("should be called with the server, raw name, title, description, schema and annotations", () => {
    const seen: ToolFilterInput[] = [];
    const config = { name: "fs", toolFilter: (input: ToolFilterInput) => seen.push(input) > 5 };
    expect(filterTools([tool], config)).toStrictEqual([]);
    expect(seen).toStrictEqual([
      {
        server: "fs",
        name: "write_file",
        title: "Write file",
        description: "Writes a file",
        inputSchema: tool.inputSchema,
        annotations: { title: "Write file", destructiveHint: true },
      },
    ]);
  });

  it("should not be called for a tool the map or the globs already dropped", () => {
    const seen: string[] = [];
    const config = {
      name: "fs",
      tools: { b: false },
      toolsExclude: ["c*"],
      toolFilter: (input: ToolFilterInput) => seen.push(input.name) > 0,
    };
    const tools = ["a", "b", "c"].map((name) => ({ ...tool, name }));
    expect(filterTools(tools, config).map((t) => t.name)).toStrictEqual(["a"]);
    expect(seen).toStrictEqual(["a"]);
  });

  it("should keep a tool it gives no verdict for, and say why", async () => {
    const failures: ToolFilterFailure[] = [];
    const verdicts: Record<string, () => unknown> = {
      throws: () => {
        throw new Error("boom");
      },
      string: () => "no",
      nothing: () => undefined,
      promise: () => Promise.reject(new Error("late")),
      dropped: () => false,
    };
    const config = { name: "s", toolFilter: (input: ToolFilterInput) => verdicts[input.name]?.() as boolean };
    const tools = Object.keys(verdicts).map((name) => ({ ...tool, name }));
    expect(filterTools(tools, config, (f) => failures.push(f)).map((t) => t.name)).toStrictEqual([
      "throws",
      "string",
      "nothing",
      "promise",
    ]);
    expect(failures).toStrictEqual([
      { tool: "throws", problem: "threw: boom" },
      { tool: "string", problem: "returned string, not a boolean" },
      { tool: "nothing", problem: "returned nothing, not a boolean" },
      { tool: "promise", problem: "returned a promise (it must answer synchronously)" },
    ]);
  });
});

import { removeTempDir } from "@toolnexus/fixtures";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fixtureEntry, runCli, writeConfig } from "./helpers.js";

let dir: string;
let path: string;
beforeAll(() => {
  ({ dir, path } = writeConfig({
    basic: fixtureEntry("basic"),
    broken: fixtureEntry("faulty", ["--mode", "exit-at-start"]),
  }));
});
afterAll(() => removeTempDir(dir));

describe("tools", () => {
  it("lists final names, raw names and one-line descriptions; a failed server is named, exit 1", async () => {
    const run = await runCli(["tools", path]);
    expect(run.code).toBe(1);
    expect(run.stdout).toMatch(/^mcp__basic__echo {2}\(echo\)\n {4}Echoes the given text$/m);
    for (const line of run.stdout.split("\n")) expect([...line].length).toBeLessThanOrEqual(80);
    expect(run.stderr).toMatch(/^broken: error: MCP server "broken" failed to start/m);
  });

  it("--server --json prints the server's tools/list result, each tool as the server sent it", async () => {
    const run = await runCli(["tools", path, "--server", "basic", "--json"]);
    const { tools } = JSON.parse(run.stdout) as { tools: { name: string; inputSchema: unknown }[] };
    expect(tools).toHaveLength(8);
    expect(tools.find((t) => t.name === "echo")).toMatchObject({
      name: "echo",
      inputSchema: { type: "object", properties: { text: { type: "string" } } },
      execution: { taskSupport: "forbidden" },
    });
    expect(run.code).toBe(0); // only "basic" was asked about
  });

  it("a lazy server's tools are listed (its discovery is awaited), and calling one starts it", async () => {
    const { dir: lazyDir, path: lazyPath } = writeConfig({ later: { ...fixtureEntry("basic"), lazy: true } });
    try {
      const list = await runCli(["tools", lazyPath]);
      expect(list.code).toBe(0);
      expect(list.stdout).toMatch(/^mcp__later__echo {2}\(echo\)$/m);
      const call = await runCli(["call", lazyPath, "mcp__later__echo", '{"text":"woke"}']);
      expect(call.stdout).toBe("woke\n");
    } finally {
      removeTempDir(lazyDir);
    }
  });

  it("--server naming no server is a usage error", async () => {
    const run = await runCli(["tools", path, "--server", "nope"]);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/--server "nope" is not in the config \(servers: basic, broken\)/);
  });
});

describe("call", () => {
  it("prints the tool's text and exits 0", async () => {
    const run = await runCli(["call", path, "mcp__basic__echo", '{"text":"hello cli"}']);
    expect(run.stdout).toBe("hello cli\n");
    expect(run.code).toBe(0);
  });

  it("--json prints the whole result; progress goes to stderr while it runs", async () => {
    const run = await runCli(["call", path, "mcp__basic__slow", '{"ms":300,"steps":3}', "--json"]);
    expect(run.code).toBe(0);
    const result = JSON.parse(run.stdout) as { isError: boolean; content: unknown[]; text: string };
    expect(result.isError).toBe(false);
    expect(result.content).toEqual([{ type: "text", text: result.text }]);
    expect(run.stderr).toMatch(/^progress 1\/3/m);
    expect(run.stderr).toMatch(/^progress 3\/3/m);
  });

  it("a tool's error result exits 1 with the error on stderr", async () => {
    const run = await runCli(["call", path, "mcp__basic__fail"]);
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/^error: /m);
  });

  it("an unknown tool gets the closest names suggested, exit 1", async () => {
    const run = await runCli(["call", path, "mcp__basic__ecoh", "{}"]);
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/^error: no tool named "mcp__basic__ecoh"$/m);
    expect(run.stderr).toMatch(/^did you mean: mcp__basic__echo/m);
    const raw = await runCli(["call", path, "ad"]);
    expect(raw.stderr).toMatch(/^did you mean: mcp__basic__add/m);
  });

  it("a raw name only one server has is accepted", async () => {
    const run = await runCli(["call", path, "add", '{"a":2,"b":3}']);
    expect(run.code).toBe(0);
    expect(run.stdout).toBe("5\n");
  });

  it("args that are not JSON: the position is named and pointed at, exit 2, before the config is read", async () => {
    const run = await runCli(["call", "/nonexistent/mcp.json", "mcp__basic__echo", '{"text": hi}']);
    expect(run.code).toBe(2);
    expect(run.stderr.replace(/\n {2}(?=\S)/, " ")).toMatch(
      /^error: the arguments are not valid JSON: it has an unexpected character at position 9$/m,
    );
    expect(run.stderr).toContain('  {"text": hi}\n           ^\n');
    const short = await runCli(["call", path, "mcp__basic__echo", '{"text":"x"']);
    expect(short.stderr).toMatch(/it ends early at position 11/);
    const array = await runCli(["call", path, "mcp__basic__echo", "[1]"]);
    expect(array.code).toBe(2);
    expect(array.stderr).toMatch(/the arguments must be a JSON object .*got an array/);
  });
});

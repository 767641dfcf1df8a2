import { mkdirSync, renameSync } from "node:fs";
import { join } from "node:path";
import { removeTempDir } from "@toolnexus/fixtures";
import { afterEach, describe, expect, it } from "vitest";
import { fixtureEntry, runCli, writeConfig } from "./helpers.js";

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) removeTempDir(dir);
});

function config(servers: Record<string, unknown>, file?: string) {
  const written = writeConfig(servers, file);
  dirs.push(written.dir);
  return written;
}

describe("inspect", () => {
  it("shows a table of every server and exits 1 when one failed", async () => {
    const { path } = config({
      basic: fixtureEntry("basic"),
      broken: fixtureEntry("faulty", ["--mode", "exit-at-start"]),
      off: { ...fixtureEntry("basic"), enabled: false },
    });
    const run = await runCli(["inspect", path, "--verbose"]);
    expect(run.code).toBe(1);
    const lines = run.stdout.split("\n");
    expect(lines[0]).toMatch(/^SERVER\s+TRANSPORT\s+ERA\s+STATE\s+TOOLS\s+CONNECT\s+PID$/);
    expect(run.stdout).toMatch(/^basic\s+stdio\s+2025-11-25\s+running\s+8\s+\d+(ms|\.\ds)\s+\d+$/m);
    expect(run.stdout).toMatch(/^broken\s+stdio\s+–\s+error\s+0\s+–\s+–$/m);
    expect(run.stdout).toMatch(/^off\s+stdio\s+–\s+disabled/m);
    expect(run.stdout).toMatch(/^ {2}env: .*PATH/m);
    expect(run.stdout).toMatch(/^ {2}error: MCP server "broken" failed to start/m);
    expect(run.stdout).toMatch(/^ {2}stderr\| fatal: fixture exit-at-start$/m); // --verbose
    // not a TTY: one plain progress line per server on stderr
    expect(run.stderr).toMatch(/^basic: connected in \S+ \(8 tools\)$/m);
    expect(run.stderr).toMatch(/^broken: error: /m);
    for (const line of lines) expect([...line].length).toBeLessThanOrEqual(80);
  });

  it("exits 0 when every enabled server connected, and --json is the snapshots", async () => {
    const { path } = config({ basic: fixtureEntry("basic"), modern: fixtureEntry("modern") });
    const run = await runCli(["inspect", path, "--json"]);
    expect(run.code).toBe(0);
    const report = JSON.parse(run.stdout) as { config: string; servers: Record<string, unknown>[] };
    expect(report.config).toBe(path);
    expect(report.servers.map((s) => [s.name, s.state, s.protocolVersion])).toEqual([
      ["basic", "running", "2025-11-25"],
      ["modern", "running", "2026-07-28"],
    ]);
    expect(report.servers[0]).toMatchObject({ transport: "stdio", toolCount: 8, pid: expect.any(Number) });
    expect(report.servers[0]?.connectMs).toEqual(expect.any(Number));
  });

  it("exits 2 on a config error, worded as the core words it (server + field + expected)", async () => {
    const { path } = config({ bad: { command: 42 } });
    const run = await runCli(["inspect", path]);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(
      /^error: Invalid MCP config in ".*mcp\.json": server "bad", field "command": expected a string/m,
    );
    expect(run.stdout).toBe("");
  });

  it("exits 2 for a missing config file and for an unknown flag", async () => {
    const missing = await runCli(["inspect", "/nonexistent/mcp.json"]);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toMatch(/^error: .*\/nonexistent\/mcp\.json/m);
    const flag = await runCli(["inspect", "--bogus"]);
    expect(flag.code).toBe(2);
    expect(flag.stderr).toMatch(/^error: Unknown option '--bogus'/m);
  });

  it("finds ./mcp.json, ./.mcp.json, ./.vscode/mcp.json in that order and says which it used", async () => {
    const { dir } = config({ basic: fixtureEntry("basic") }, ".mcp.json");
    mkdirSync(join(dir, ".vscode"));
    renameSync(join(dir, ".mcp.json"), join(dir, ".vscode", "mcp.json"));
    const vscode = await runCli(["inspect"], { cwd: dir });
    expect(vscode.code).toBe(0);
    expect(vscode.stderr).toMatch(/^config: \.\/\.vscode\/mcp\.json$/m);
    renameSync(join(dir, ".vscode", "mcp.json"), join(dir, ".mcp.json"));
    const dot = await runCli(["inspect"], { cwd: dir });
    expect(dot.stderr).toMatch(/^config: \.\/\.mcp\.json$/m);
    const none = await runCli(["inspect"], { cwd: join(dir, ".vscode") });
    expect(none.code).toBe(2);
    expect(none.stderr).toMatch(
      /none found here \(looked for \.\/mcp\.json, \.\/\.mcp\.json, \.\/\.vscode\/mcp\.json\)/,
    );
  });
});

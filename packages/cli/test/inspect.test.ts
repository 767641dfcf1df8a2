import { mkdirSync, renameSync } from "node:fs";
import { createServer } from "node:net";
import { join } from "node:path";
import { type HttpFixture, removeTempDir, startHttpFixture } from "@toolnexus/fixtures";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { fixtureEntry, runCli, unwrapped, writeConfig } from "./helpers.js";

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
    expect(run.stderr).toMatch(/^broken: error\n {2}MCP server "broken" failed to start/m);
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
    expect(Number.isInteger(report.servers[0]?.connectMs)).toBe(true);
  });

  it("exits 2 on a config error, worded as the core words it (server + field + expected)", async () => {
    const { path } = config({ bad: { command: 42 } });
    const run = await runCli(["inspect", path]);
    expect(run.code).toBe(2);
    expect(unwrapped(run.stderr)).toMatch(
      /^error: Invalid MCP config in ".*mcp\.json": server "bad", field "command": expected a string/m,
    );
    expect(run.stdout).toBe("");
    for (const line of run.stderr.split("\n")) expect([...line].length).toBeLessThanOrEqual(80);
  });

  it("exits 2 for a missing config file and for an unknown flag", async () => {
    const missing = await runCli(["inspect", "/nonexistent/mcp.json"]);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toMatch(/^error: .*\/nonexistent\/mcp\.json/m);
    const flag = await runCli(["inspect", "--bogus"]);
    expect(flag.code).toBe(2);
    expect(flag.stderr).toMatch(/^error: unknown flag --bogus/m);
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
    expect(unwrapped(none.stderr)).toMatch(
      /none found here \(looked for \.\/mcp\.json, \.\/\.mcp\.json, \.\/\.vscode\/mcp\.json\)/,
    );
  });
});

/** A port nothing listens on (it was free a moment ago). */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

describe("inspect's words", () => {
  it("shows each failure's cause whole (wrapped, within 80 columns), server names whole, and the config's warnings without --verbose", async () => {
    const port = await closedPort();
    const missing = "definitely-not-a-real-mcp-server-binary-with-a-long-name";
    const { path } = config({
      "a-server-name-26-chars-xyz": { command: missing, enviroment: { TOKEN: "x" } },
      "a-server-name-of-exactly-32-chr": { url: `http://127.0.0.1:${port}/mcp` },
      argz: { command: missing, argz: ["--stdio"] },
    });
    const run = await runCli(["inspect", path]);
    expect(run.code).toBe(1);
    const out = unwrapped(run.stdout);
    expect(out).toContain(
      `error: MCP server "a-server-name-26-chars-xyz" failed to start: spawn ${missing} ENOENT`,
    );
    expect(out).toMatch(
      new RegExp(
        `error: MCP server "a-server-name-of-exactly-32-chr" failed to start: .*ECONNREFUSED 127\\.0\\.0\\.1:${port}`,
      ),
    );
    expect(run.stdout).toMatch(/^a-server-name-26-chars-xyz +stdio /m);
    expect(run.stdout).toMatch(/^a-server-name-of-exactly-32-chr$/m);
    expect(unwrapped(run.stderr)).toContain(`spawn ${missing} ENOENT`); // the streamed result too
    // The config's warnings reach stderr without --verbose, before that server's result.
    const warnings = unwrapped(run.stderr);
    expect(warnings).toMatch(
      /^warning: MCP server "a-server-name-26-chars-xyz": ignoring unknown key "enviroment" \(did you mean "environment"\?\)/m,
    );
    expect(warnings).toMatch(
      /^warning: MCP server "argz": ignoring unknown key "argz" \(did you mean "args"\?\)/m,
    );
    const warnedAt = run.stderr.search(/^warning: MCP server "argz"/m);
    expect(warnedAt).toBeGreaterThanOrEqual(0);
    expect(warnedAt).toBeLessThan(run.stderr.search(/^argz: error/m));
    expect(run.stderr).not.toMatch(/^warning: .*failed to start/m); // a server's own warnings need --verbose
    for (const line of `${run.stdout}\n${run.stderr}`.split("\n"))
      expect([...line].length).toBeLessThanOrEqual(80);
  });

  describe("over HTTP", () => {
    let legacy: HttpFixture;
    beforeAll(async () => {
      legacy = await startHttpFixture("hostile", ["--mode", "legacy-sse", "--arg", "404"]);
    });
    afterAll(() => legacy.stop());

    it('TRANSPORT says sse after the fallback; a URL without an endpoint is a 404, not an "SSE error"; --verbose reports no failure the CLI\'s own close causes', async () => {
      const { path } = config({
        legacy: { url: legacy.url },
        nowhere: { url: legacy.url.replace(/\/mcp$/, "/nowhere") },
        catalog: fixtureEntry("dual-era", ["--resources"]),
      });
      const run = await runCli(["inspect", path, "--verbose"]);
      expect(run.stdout).toMatch(/^legacy\s+sse\s+2025-11-25\s+running\s+1 /m);
      expect(run.stdout).toMatch(/^nowhere\s+http\s+–\s+error/m);
      expect(unwrapped(run.stdout)).toMatch(
        /error: MCP server "nowhere" failed to start: no MCP endpoint at this URL \(HTTP 404/,
      );
      expect(`${run.stdout}${run.stderr}`).not.toMatch(/SSE error/);
      expect(run.stdout).toMatch(/^catalog\s+stdio\s+\S+\s+running/m);
      expect(run.stderr).not.toMatch(/Not connected/);
    });
  });
});

import { join } from "node:path";
import { isAlive, makeTempDir, readLog, removeTempDir, waitFor } from "@toolnexus/fixtures";
import { afterEach, describe, expect, it } from "vitest";
import { fixtureEntry, runCli, writeConfig } from "./helpers.js";

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) removeTempDir(dir);
});

describe("--timeout", () => {
  it("bounds the load: a server slower than it is reported, exit 1, its child does not outlive the CLI", async () => {
    const logDir = makeTempDir("cli-log-");
    dirs.push(logDir);
    const log = join(logDir, "slow.log");
    const { dir, path } = writeConfig({
      slow: fixtureEntry("basic", ["--init-delay-ms", "20000", "--log", log]),
    });
    dirs.push(dir);
    const run = await runCli(["inspect", path, "--timeout", "300"]);
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/^error: the servers did not start within --timeout 300 ms$/m);
    const pid = readLog(log).find((e) => e.event === "start")?.pid;
    expect(pid).toEqual(expect.any(Number));
    await waitFor(() => !isAlive(pid as number), { message: "the slow server to be gone" });
  });

  it("bounds the call for `call` (not the start): a timed-out call exits 1, the message on stderr only", async () => {
    const { dir, path } = writeConfig({ basic: fixtureEntry("basic") });
    dirs.push(dir);
    const run = await runCli(["call", path, "mcp__basic__slow", '{"ms":5000}', "--timeout", "300"]);
    expect(run.code).toBe(1);
    expect(run.stdout).toBe("");
    expect(run.stderr).toMatch(
      /^error: Call to tool "mcp__basic__slow" on MCP server "basic" timed out after 300 ms/m,
    );
  });

  it("bounds a call that keeps sending progress in total: progress does not extend it", async () => {
    const { dir, path } = writeConfig({ basic: fixtureEntry("basic") });
    dirs.push(dir);
    // Progress every 250 ms for 5 s would reset a per-request timeout of 1000 ms until the end.
    const run = await runCli([
      "call",
      path,
      "mcp__basic__slow",
      '{"ms":5000,"steps":20}',
      "--timeout",
      "1000",
    ]);
    expect(run.stderr).toMatch(/^progress 2\/20/m);
    expect(run.stderr).toMatch(
      /^error: Call to tool "mcp__basic__slow" on MCP server "basic" timed out after 1000 ms/m,
    );
    expect(run.stdout).toBe("");
    expect(run.code).toBe(1);
  });
});

import { join } from "node:path";
import { isAlive, makeTempDir, readLog, removeTempDir, waitFor } from "@toolnexus/fixtures";
import { afterEach, describe, expect, it } from "vitest";
import { fixtureEntry, runCli, startCli, unwrapped, writeConfig } from "./helpers.js";

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) removeTempDir(dir);
});

describe("--timeout", () => {
  it("inspect: each server's result is streamed through a pipe as it settles; at the deadline the slow one is named and the table shows what settled, exit 1; its child does not outlive the CLI", async () => {
    const logDir = makeTempDir("cli-log-");
    dirs.push(logDir);
    const log = join(logDir, "slow.log");
    const { dir, path } = writeConfig({
      // Settles at once (its binary does not exist), however loaded the machine is.
      fast: { command: "nope-mcp-binary" },
      slow: fixtureEntry("basic", ["--init-delay-ms", "20000", "--log", log]),
    });
    dirs.push(dir);
    // A deadline the fast server settles well within on a loaded machine, far from the slow one's 20 s.
    const cli = startCli(["inspect", path, "--timeout", "5000"]);
    // Streamed while the CLI still waits for the slow one (stderr is a pipe here).
    await waitFor(
      () => /^fast: error\n {2}MCP server "fast" failed to start: .*ENOENT$/m.test(cli.stderr()),
      {
        message: () => `the fast server's lines on stderr; stderr:\n${cli.stderr()}`,
      },
    );
    expect(cli.child.exitCode).toBeNull();
    const run = await cli.exited;
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/^error: --timeout 5000 ms ran out; still starting: slow$/m);
    expect(run.stdout).toMatch(/^fast\s+stdio\s+–\s+error\s+0/m);
    expect(run.stdout).toMatch(/^ {2}error: MCP server "fast" failed to start: spawn .*ENOENT$/m);
    expect(run.stdout).toMatch(/^slow\s+stdio\s+–\s+starting\s+0/m);
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
    expect(unwrapped(run.stderr)).toMatch(
      /^error: Call to tool "mcp__basic__slow" on MCP server "basic" timed out after 300 ms/m,
    );
  });

  it("bounds a call that keeps sending progress in total: progress does not extend it", async () => {
    const { dir, path } = writeConfig({ basic: fixtureEntry("basic") });
    dirs.push(dir);
    // Progress every 100 ms for 5 s would reset a per-request timeout of 1000 ms until the end (every
    // 100 ms, so two arrive within the bound even when a loaded machine starts the child slowly).
    const run = await runCli([
      "call",
      path,
      "mcp__basic__slow",
      '{"ms":5000,"steps":50}',
      "--timeout",
      "1000",
    ]);
    expect(run.stderr).toMatch(/^progress 2\/50/m);
    expect(unwrapped(run.stderr)).toMatch(
      /^error: Call to tool "mcp__basic__slow" on MCP server "basic" timed out after 1000 ms/m,
    );
    expect(run.stdout).toBe("");
    expect(run.code).toBe(1);
  });
});

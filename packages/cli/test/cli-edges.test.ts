// Small edges a newcomer hit, each with a real run: `--roots` given a file (a usage error naming
// the flag and the file's directory), a config with no server (a config error, exit 2, saying what
// an entry looks like), a crashed child (the signal that killed it, or its exit code, in the line
// that reports it), and a stdio child that runs while its server is still starting (its pid shown).
import { writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fixturePath, isAlive, makeTempDir, removeTempDir, stdioServer, waitFor } from "@toolnexus/fixtures";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type CliRun, fixtureEntry, runCli, startCli, unwrapped, writeConfig } from "./helpers.js";

const dirs: string[] = [];
afterAll(() => {
  for (const d of dirs) removeTempDir(d);
});
function config(servers: Record<string, unknown>): string {
  const { dir, path } = writeConfig(servers);
  dirs.push(dir);
  return path;
}

describe("--roots given a file", () => {
  it("is a usage error naming the flag, the file and the directory it is in; nothing starts", async () => {
    const path = config({ basic: fixtureEntry("basic") });
    const file = fixturePath("basic");
    const run = await runCli(["call", path, "basic/echo", '{"text":"x"}', "--roots", file]);
    expect(run.code).toBe(2);
    expect(unwrapped(run.stderr)).toContain(
      `error: --roots expects a directory, got "${file}", which is a file (its directory: --roots "${dirname(file)}")`,
    );
    expect(run.stdout).toBe("");
  });
});

describe("a config with no server", () => {
  let runs: CliRun[];
  const files: string[] = [];
  beforeAll(async () => {
    const dir = makeTempDir("cli-empty-");
    dirs.push(dir);
    for (const [name, text] of [
      ["empty.json", "{}"],
      ["wrapped.json", '{ "mcpServers": {} }'],
    ] as const) {
      writeFileSync(join(dir, name), text);
      files.push(join(dir, name));
    }
    runs = await Promise.all([
      runCli(["inspect", files[0] as string]),
      runCli(["tools", files[1] as string]),
      runCli(["watch", files[1] as string]),
    ]);
  });

  it("is a config error (exit 2) that says so and shows an entry, for every command", () => {
    for (const run of runs) {
      expect(run.code).toBe(2);
      expect(unwrapped(run.stderr)).toMatch(
        /no servers in it; add one under "mcpServers", e\.g\. \{"mcpServers"/,
      );
      expect(run.stdout).toBe("");
    }
  });
});

describe("a crashed child", () => {
  it("watch says the signal that killed it", async () => {
    const path = config({ basic: fixtureEntry("basic") });
    const cli = startCli(["watch", path, "--json"]);
    try {
      const [, pid] = await cli.waitForOutput(/"state":"running".*"pid":(\d+)/);
      process.kill(Number(pid), "SIGKILL");
      const [line] = await cli.waitForOutput(/^.*"reason":"crash".*$/m);
      expect(JSON.parse(line as string).error).toBe(
        'MCP server "basic" closed the connection: its process was killed by signal SIGKILL',
      );
    } finally {
      cli.child.kill("SIGINT");
      await cli.exited;
    }
  });

  it("a failed start says the child's exit code", async () => {
    const path = config({ dies: stdioServer("faulty", ["--mode", "exit-at-start"]) });
    const run = await runCli(["tools", path]);
    expect(run.code).toBe(1);
    expect(unwrapped(run.stderr)).toContain(
      'MCP server "dies" failed to start: Connection closed: its process exited with code 3',
    );
  });
});

describe("a stdio server still starting", () => {
  it("shows the pid of its running child, in the table and in --json", { timeout: 30_000 }, async () => {
    const path = config({ slow: fixtureEntry("basic", ["--init-delay-ms", "20000"]) });
    const [text, json] = await Promise.all([
      runCli(["inspect", path, "--no-color", "--timeout", "5000"]),
      runCli(["inspect", path, "--json", "--timeout", "5000"]),
    ]);
    expect(text.code).toBe(1);
    expect(text.stdout).toMatch(/^slow\s+stdio\s+–\s+starting\s+0\s+–\s+\d+$/m);
    const [row] = JSON.parse(json.stdout).servers;
    expect(row).toMatchObject({ name: "slow", state: "starting", pid: expect.any(Number) });
    // The deadline closed the source: that child is gone (reaped once its parent, the CLI, ended).
    await waitFor(() => !isAlive(row.pid), { timeoutMs: 15_000, message: "the slow child to be gone" });
  });
});

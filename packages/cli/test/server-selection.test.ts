// A command starts only the servers it needs: the one a tool name or --server names. Beside the
// fixture servers the config holds a tripwire, whose command only records that it was started.
import { existsSync } from "node:fs";
import { join } from "node:path";
import { hostileServer, makeTempDir, readLog, removeTempDir } from "@toolnexus/fixtures";
import { namespacedName } from "@toolnexus/mcp-core/config";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fixtureEntry, runCli, unwrapped, writeConfig } from "./helpers.js";

let dir: string;
let path: string;
let tripwire: string;
let twinLog: string;

/** Did any server but `basic` start? */
function othersStarted(): string[] {
  const started: string[] = [];
  if (existsSync(tripwire)) started.push("tripwire");
  if (readLog(twinLog).some((e) => e.event === "start")) started.push("twin");
  return started;
}

let markers: string;
beforeAll(() => {
  markers = makeTempDir("cli-markers-");
  tripwire = join(markers, "tripwire-started");
  twinLog = join(markers, "twin.log");
  ({ dir, path } = writeConfig({
    basic: fixtureEntry("basic"),
    twin: fixtureEntry("basic", ["--log", twinLog]),
    tripwire: {
      command: process.execPath,
      args: ["-e", "require('node:fs').writeFileSync(process.argv[1], '')", tripwire],
    },
  }));
});
afterAll(() => {
  removeTempDir(dir);
  removeTempDir(markers);
});

describe("which servers a command starts", () => {
  it("call mcp__<server>__<tool> starts that server alone", async () => {
    const run = await runCli(["call", path, "mcp__basic__echo", '{"text":"just one"}']);
    expect(run.stdout).toBe("just one\n");
    expect(run.code).toBe(0);
    expect(othersStarted()).toEqual([]);
  });

  it("call <server>/<rawName> starts that server alone", async () => {
    const run = await runCli(["call", path, "basic/add", '{"a":2,"b":5}']);
    expect(run.stdout).toBe("7\n");
    expect(run.code).toBe(0);
    expect(othersStarted()).toEqual([]);
  });

  it("tools --server <name> starts that server alone", async () => {
    const run = await runCli(["tools", path, "--server", "basic"]);
    expect(run.stdout).toMatch(/^mcp__basic__echo {2}\(echo\)$/m);
    expect(run.code).toBe(0);
    expect(othersStarted()).toEqual([]);
  });

  it("an unknown server name is a usage error before anything starts, with the closest name", async () => {
    const flag = await runCli(["tools", path, "--server", "twni"]);
    expect(flag.code).toBe(2);
    expect(flag.stderr).toMatch(
      /^error: --server "twni" is not in the config \(servers: basic, twin, tripwire\)$/m,
    );
    expect(flag.stderr).toMatch(/^did you mean: twin\?$/m);
    const prefix = await runCli(["call", path, "mcp__tripwir__echo"]);
    expect(prefix.code).toBe(2);
    expect(prefix.stderr).toMatch(
      /^error: no server "tripwir" in the config \(servers: basic, twin, tripwire\)$/m,
    );
    expect(prefix.stderr).toMatch(/^did you mean: tripwire\?$/m);
    const slash = await runCli(["call", path, "nosuch/echo"]);
    expect(slash.code).toBe(2);
    expect(slash.stderr).toMatch(/^error: no server "nosuch" in the config/m);
    expect(othersStarted()).toEqual([]);
  });

  it("a raw name starts every server; one that two servers have is an error naming both", async () => {
    const run = await runCli(["call", path, "echo", '{"text":"which?"}']);
    expect(run.code).toBe(2);
    expect(unwrapped(run.stderr)).toMatch(
      /^error: "echo" is a tool of more than one server \(basic, twin\): call mcp__basic__echo, mcp__twin__echo or basic\/echo$/m,
    );
    expect(run.stdout).toBe("");
  });
});

describe("long names", () => {
  it("tools prints every final name whole, and call takes it as printed", async () => {
    const raw = "trigger-long-running-operation";
    const lossy = `${"x".repeat(70)}.op`; // over 64 characters and with a dot: hashed
    const { dir: longDir, path: longPath } = writeConfig({
      everything: hostileServer("tool-names", { arg: `${raw},${lossy}` }),
    });
    try {
      const names = [raw, lossy].map((name) => namespacedName("everything", name));
      expect(names[1]).toHaveLength(64);
      const list = await runCli(["tools", longPath]);
      expect(list.code).toBe(0);
      const printed = list.stdout.split("\n");
      for (const name of names) expect(printed.some((line) => line.split(/\s/)[0] === name)).toBe(true);
      for (const line of printed) expect([...line].length).toBeLessThanOrEqual(80);
      const call = await runCli(["call", longPath, `mcp__everything__${raw}`]);
      expect(call.stdout).toBe(`${raw}\n`);
      expect(call.code).toBe(0);
    } finally {
      removeTempDir(longDir);
    }
  });
});

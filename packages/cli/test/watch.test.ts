import { type HttpFixture, isAlive, removeTempDir, startHttpFixture, waitFor } from "@toolnexus/fixtures";
import { loadMcp } from "@toolnexus/mcp-core";
import { afterEach, describe, expect, it } from "vitest";
import { fixtureEntry, type LiveCli, startCli, writeConfig } from "./helpers.js";

const cleanup: (() => unknown)[] = [];
afterEach(async () => {
  for (const step of cleanup.splice(0).reverse()) await step();
});

describe("watch", () => {
  it("prints the crash, the restart and a tool change with timestamps; SIGINT closes, exit 0, no child left", async () => {
    const listy: HttpFixture = await startHttpFixture("mcp-list-changed");
    cleanup.push(() => listy.stop());
    const { dir, path } = writeConfig({ basic: fixtureEntry("basic"), listy: { url: listy.url } });
    cleanup.push(() => removeTempDir(dir));
    const cli: LiveCli = startCli(["watch", path]);
    cleanup.push(() => cli.child.kill("SIGKILL"));

    const first = await cli.waitForOutput(
      /^(\d\d:\d\d:\d\d\.\d{3}) basic: starting → running \(ready\) pid (\d+) \(8 tools\)$/m,
    );
    const pid = Number(first[2]);
    await cli.waitForOutput(/^\d\d:\d\d:\d\d\.\d{3} listy: starting → running/m);
    await waitFor(() => cli.stderr().includes("watching; Ctrl-C to stop"));

    process.kill(pid, "SIGKILL");
    // The status on its line, the cause whole on its own indented line below it.
    await cli.waitForOutput(
      /^\d\d:\d\d:\d\d\.\d{3} basic: running → error \(crash\) attempt 1 retry in 500ms\n {4}MCP server "basic" \S.*$/m,
    );
    const restarted = await cli.waitForOutput(
      /basic: error → starting \(restart\) attempt 1\n(?:.*\n)*?\d\d:\d\d:\d\d\.\d{3} basic: starting → running \(ready\) pid (\d+) \(8 tools\)$/m,
    );
    const newPid = Number(restarted[1]);
    expect(newPid).not.toBe(pid);

    // Another client of the same HTTP fixture adds a tool: every session hears list_changed.
    const other = await loadMcp({ mcpServers: { listy: { url: listy.url } } }, { toolCache: null });
    try {
      const add = other.tools.find((t) => t.rawName === "add_tool");
      expect((await add?.execute({ name: "fresh" }))?.isError).toBe(false);
    } finally {
      await other.close();
    }
    await cli.waitForOutput(/^\d\d:\d\d:\d\d\.\d{3} listy: tools \+mcp__listy__fresh$/m);

    cli.child.kill("SIGINT");
    const run = await cli.exited;
    expect(run).toMatchObject({ code: 0, signal: null });
    expect(run.stdout).toMatch(/basic: running → stopped \(close\)/);
    expect(isAlive(newPid)).toBe(false);
    for (const line of run.stdout.split("\n")) expect([...line].length).toBeLessThanOrEqual(80);
  });

  it("--json: one JSON object per event and line, a crash's cause whole, no state printed twice; SIGTERM closes, exit 0", async () => {
    const { dir, path } = writeConfig({ basic: fixtureEntry("basic") });
    cleanup.push(() => removeTempDir(dir));
    const cli = startCli(["watch", path, "--json"]);
    cleanup.push(() => cli.child.kill("SIGKILL"));
    const events = () =>
      cli
        .stdout()
        .split("\n")
        .filter(Boolean)
        .map((line) => JSON.parse(line) as Record<string, unknown>);
    const first = await cli.waitForOutput(/"state":"running".*"pid":(\d+)/);
    process.kill(Number(first[1]), "SIGKILL");
    await waitFor(() => events().filter((e) => e.state === "running").length === 2, {
      message: () => `a restart; stdout:\n${cli.stdout()}`,
    });
    cli.child.kill("SIGTERM");
    const run = await cli.exited;
    expect(run).toMatchObject({ code: 0, signal: null });
    const all = events();
    for (const event of all)
      expect(event).toMatchObject({ time: expect.any(String), server: "basic", event: "state" });
    expect(all.map((e) => [e.previous, e.state, e.reason])).toEqual([
      ["stopped", "starting", "start"],
      ["starting", "running", "ready"],
      ["running", "error", "crash"],
      ["error", "starting", "restart"],
      ["starting", "running", "ready"],
      ["running", "stopped", "close"],
    ]);
    expect(all[1]).toMatchObject({ pid: Number(first[1]), toolCount: 8 });
    expect(all[2]).toMatchObject({
      attempt: 1,
      nextDelayMs: 500,
      error: expect.stringMatching(/^MCP server "basic" /),
    });
    expect(isAlive(Number(all[4]?.pid))).toBe(false);
  });
});

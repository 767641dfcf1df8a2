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

    const first = await cli.waitForOutput(/^(\d\d:\d\d:\d\d\.\d{3}) basic: running pid (\d+) \(8 tools\)$/m);
    const pid = Number(first[2]);
    await cli.waitForOutput(/^\d\d:\d\d:\d\d\.\d{3} listy: running/m);
    await waitFor(() => cli.stderr().includes("watching; Ctrl-C to stop"));

    process.kill(pid, "SIGKILL");
    await cli.waitForOutput(/^\d\d:\d\d:\d\d\.\d{3} basic: running → error \(crash\)/m);
    const restarted = await cli.waitForOutput(
      /^\d\d:\d\d:\d\d\.\d{3} basic: starting → running \(ready\) pid (\d+)$/m,
    );
    const newPid = Number(restarted[1]);
    expect(newPid).not.toBe(pid);

    // Another client of the same HTTP fixture adds a tool: every session hears list_changed.
    const other = await loadMcp({ mcpServers: { listy: { url: listy.url } } }, { toolCache: false });
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

  it("SIGTERM closes too, exit 0", async () => {
    const { dir, path } = writeConfig({ basic: fixtureEntry("basic") });
    cleanup.push(() => removeTempDir(dir));
    const cli = startCli(["watch", path]);
    cleanup.push(() => cli.child.kill("SIGKILL"));
    const first = await cli.waitForOutput(/basic: running pid (\d+)/);
    cli.child.kill("SIGTERM");
    expect(await cli.exited).toMatchObject({ code: 0, signal: null });
    expect(isAlive(Number(first[1]))).toBe(false);
  });
});

/**
 * `keepAlive`: a host whose only work is to await a restart (a promise `onStateChange` resolves),
 * run as its own process — the restart example, `examples/restart.mjs`, which kills its server's
 * child and awaits `running` again.
 */
import { fileURLToPath } from "node:url";
import { describe, it } from "vitest";
import { runHostFile } from "./support/host-process.js";

const EXAMPLE = fileURLToPath(new URL("../examples/restart.mjs", import.meta.url));

// Two independent host processes: run side by side.
describe.concurrent("a host that only awaits a restart after its stdio server is killed", () => {
  it("should see the crash and the restart, and exit 0, with keepAlive: true", async ({ expect }) => {
    const run = await runHostFile(EXAMPLE);

    expect(run, run.stderr).toMatchObject({ code: 0, signal: null });
    const lines = run.stdout.split("\n");
    const killed = /^keepAlive: true; killing pid (\d+)$/.exec(lines[0] ?? "");
    const again = /^running again as pid (\d+) \(restarts: 1\)$/.exec(lines.at(-2) ?? "");
    expect(lines.slice(1, -2)).toStrictEqual([
      "demo: error (crash)",
      "demo: starting (restart)",
      "demo: running (ready)",
    ]);
    expect(again?.[1], run.stdout).not.toBe(killed?.[1]);
    expect(lines.at(-1)).toBe("demo: stopped (close)");
  });

  it("should exit 13 (unsettled top-level await) without it: the unref'd child's crash is never seen", async ({
    expect,
  }) => {
    const run = await runHostFile(EXAMPLE, ["--no-keep-alive"]);

    expect(run, run.stderr).toMatchObject({ code: 13, signal: null });
    expect(run.stdout).toMatch(/^keepAlive: false; killing pid \d+$/);
  });
});

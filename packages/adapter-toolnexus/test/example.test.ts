import { execFile } from "node:child_process";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { buildIsStale } from "@toolnexus/fixtures";
import { beforeAll, describe, expect, it } from "vitest";

const run = promisify(execFile);
const packageDir = dirname(dirname(fileURLToPath(import.meta.url)));

describe("examples/basic.mjs", () => {
  beforeAll(async () => {
    // The example imports the package by name, i.e. its dist: built again when a source file is
    // newer than it (a file run alone after an edit), not in `npm test`, whose build just made it.
    if (!buildIsStale(packageDir)) return;
    const tsc = createRequire(import.meta.url).resolve("typescript/bin/tsc");
    await run(process.execPath, [tsc, "-p", "tsconfig.build.json"], { cwd: packageDir });
  }, 120_000);

  it("should run against the fixtures and print the documented output", async () => {
    const { stdout } = await run(process.execPath, [join(packageDir, "examples", "basic.mjs")], {
      cwd: packageDir,
      timeout: 30_000,
    });
    expect(stdout).toContain('status: {"demo":"connected","off":"disabled"}');
    expect(stdout).toContain("tools: demo_add, demo_pid, demo_ask");
    expect(stdout).toContain(
      'demo_add: {"output":"{\\"sum\\":5}","isError":false,"metadata":{"server":"demo"}}',
    );
    expect(stdout).toContain("waitFor: input from demo: Favourite colour?");
    expect(stdout).toContain('demo_ask: {"action":"accept","content":{"answer":"blue"}}');
    expect(stdout).toContain(
      "state: demo -> error\nstate: demo -> starting\nstate: demo -> running\nrestarted: true",
    );
  });
});

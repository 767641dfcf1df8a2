// The README's example: `inspect` and `call` of examples/mcp.json work from any working directory.
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { runCli } from "./helpers.js";

const example = join(dirname(fileURLToPath(import.meta.url)), "..", "examples", "mcp.json");

describe("README example", () => {
  it("inspect examples/mcp.json connects the three fixture servers, exit 0", async () => {
    const run = await runCli(["inspect", example]);
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/^basic\s+stdio\s+2025-11-25\s+running\s+8 /m);
    expect(run.stdout).toMatch(/^modern\s+stdio\s+2026-07-28\s+running\s+8 /m);
    expect(run.stdout).toMatch(/^ {2}env: GREETING, /m);
    expect(run.stderr).toMatch(/^scoped: connected in \S+ \(1 tool\)$/m);
  });

  it("call examples/mcp.json mcp__basic__echo prints the text, exit 0", async () => {
    const run = await runCli(["call", example, "mcp__basic__echo", '{"text":"hi"}']);
    expect(run.stdout).toBe("hi\n");
    expect(run.code).toBe(0);
  });
});

import { hostileServer, removeTempDir } from "@toolnexus/fixtures";
import { afterAll, describe, expect, it } from "vitest";
import { fixtureEntry, runCli, unwrapped, writeConfig } from "./helpers.js";

// One config for both runs: a server whose descriptions and instructions run to 10 000 characters,
// and `basic` behind tool search (its entry's `defer`).
const { dir, path } = writeConfig({
  long: hostileServer("long-texts"),
  deferred: { ...fixtureEntry("basic"), defer: true },
});
afterAll(() => removeTempDir(dir));

interface Definitions {
  tools: number;
  tokens: number;
  deferred: string[];
  deferredTokens: number;
  cutDescriptions: { tool: string; chars: number; modelChars: number }[];
  cutInstructions?: { chars: number; modelChars: number };
}

describe("inspect: what the tool definitions cost the model", () => {
  it("should print each server's definition tokens, deferred tools, cut descriptions and instructions, and the saving", async () => {
    const run = await runCli(["inspect", path]);
    expect(run.code).toBe(0);
    const out = run.stdout;
    expect(out).toMatch(/^ {2}definitions: ~\d+ tokens for 3 tools$/m);
    expect(out).toMatch(/^ {2}description cut: mcp__long__manual \(10000 → \d{4} characters\)$/m);
    expect(out).toMatch(/^ {2}description cut: mcp__long__emoji_manual \(10000 → \d{4} characters\)$/m);
    expect(out).toMatch(/^ {2}instructions cut: 10000 → \d{4} characters in instructionsPrompt$/m);
    expect(out).toMatch(/^ {2}definitions: ~\d+ tokens for 8 tools$/m);
    // Wrapped lines, read as one: the deferred tools, then the summary after the table.
    const deferred = unwrapped(out.slice(out.indexOf("  deferred: ")));
    expect(deferred).toMatch(
      /^ {2}deferred: 8 tools behind tool search, ~\d+ tokens not sent until loaded: mcp__deferred__echo, mcp__deferred__add, /,
    );
    const summary = unwrapped(out.slice(out.indexOf("tool definitions: ")));
    expect(summary).toMatch(
      /^tool definitions: ~\d+ tokens in all \(estimated as ceil\(characters \/ 4\)\); tool search defers ~\d+ of them and its two tools cost ~\d+: ~-?\d+ saved per request until tools are loaded$/m,
    );
    for (const line of run.stdout.split("\n")) expect([...line].length).toBeLessThanOrEqual(80);
  });

  it("should add the same figures to --json: per server `definitions`, the totals in `toolDefinitions`", async () => {
    const run = await runCli(["inspect", path, "--json"]);
    expect(run.code).toBe(0);
    const report = JSON.parse(run.stdout) as {
      servers: ({ name: string; toolCount: number; definitions: Definitions } & Record<string, unknown>)[];
      toolDefinitions: Record<string, unknown>;
    };
    const [long, deferred] = report.servers;
    // The snapshot's fields stay as they were; `definitions` is added.
    expect(long).toMatchObject({ name: "long", state: "running", toolCount: 3, maxInstructionsChars: 2048 });
    expect(long?.definitions).toMatchObject({ tools: 3, deferred: [], deferredTokens: 0 });
    expect(long?.definitions.cutDescriptions.map((c) => [c.tool, c.chars])).toEqual([
      ["mcp__long__manual", 10_000],
      ["mcp__long__emoji_manual", 10_000],
    ]);
    expect(long?.definitions.cutInstructions?.chars).toBe(10_000);
    expect(deferred?.definitions.deferred).toHaveLength(8);
    expect(deferred?.definitions.deferredTokens).toBe(deferred?.definitions.tokens);
    const totals = report.toolDefinitions;
    expect(totals.estimate).toBe("ceil(characters / 4)");
    expect(totals.tokens).toBe((long?.definitions.tokens ?? 0) + (deferred?.definitions.tokens ?? 0));
    expect(totals.deferredTokens).toBe(deferred?.definitions.tokens);
    expect(totals.savedTokens).toBe((totals.deferredTokens as number) - (totals.metaToolTokens as number));
  });
});

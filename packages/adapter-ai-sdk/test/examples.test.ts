import { execFile } from "node:child_process";
import { createRequire } from "node:module";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { buildIsStale } from "@toolnexus/fixtures";
import { beforeAll, describe, expect, it } from "vitest";
import { testedAiMajor } from "./support/ai-major.js";

const run = promisify(execFile);
const packageDir = fileURLToPath(new URL("..", import.meta.url));
const tsc = createRequire(import.meta.url).resolve("typescript/bin/tsc");

/** Runs one example script from the README; it must exit 0 within the bound. */
async function example(name: string): Promise<string> {
  const { stdout } = await run(process.execPath, [`examples/${name}.mjs`], {
    cwd: packageDir,
    timeout: 30_000,
  });
  return stdout;
}

describe("README examples", () => {
  // The examples import the package by name, i.e. its built dist: built again when a source file is
  // newer than it (a file run alone after an edit), not in `npm test`, whose build just made it
  // (tsc here cost the suite ~4 CPU-s of the two cores it is bound by).
  beforeAll(async () => {
    if (!buildIsStale(packageDir)) return;
    await run(process.execPath, [tsc, "-p", "tsconfig.build.json"], { cwd: packageDir, timeout: 60_000 });
  }, 90_000);

  it("generate-text.mjs should print both servers' results and the tool-error", async () => {
    const out = await example("generate-text");
    expect(out).toContain("step 1 result mcp__alpha__echo: hi alpha");
    expect(out).toContain("step 1 result mcp__beta__add: 5");
    expect(out).toContain("step 2 tool-error mcp__alpha__fail: disk full");
    expect(out).toContain("text: done");
  });

  it("stream-text.mjs should stream progress, results and image content", async () => {
    const out = await example("stream-text");
    expect(out).toMatch(/progress mcp__basic__slow 3\/3/);
    expect(out).toContain('tool-result mcp__basic__slow "done"');
    expect(out).toContain(testedAiMajor === 7 ? '"type":"file"' : '"type":"image-data"');
  });

  it("tool-loop-agent.mjs should call the tool the server added mid-run", async () => {
    const out = await example("tool-loop-agent");
    expect(out).toContain('tools changed on live: {"added":["mcp__live__weather"]');
    expect(out).toContain("step 2 result: weather ok");
  });

  it("big-tool-set.mjs should search, load and call a deferred tool", async () => {
    const out = await example("big-tool-set");
    expect(out).toContain("step offers: mcp_search_tools, mcp_load_tools\n");
    expect(out).toContain("step offers: mcp_search_tools, mcp_load_tools, mcp__beta__add\n");
    expect(out).toContain("step 3 mcp__beta__add: 5");
  });

  it("approval.mjs should run the destructive tool only after its approval", async () => {
    const out = await example("approval");
    expect(out).toContain("ran mcp__notes__read_file: read a.txt");
    expect(out).toContain('approval requested: mcp__notes__delete_file {"path":"a.txt"}');
    expect(out).toContain("ran mcp__notes__delete_file after approval: deleted a.txt");
  });
});

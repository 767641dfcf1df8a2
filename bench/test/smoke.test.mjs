// Smoke test of the benchmark harness: a quick run (one iteration) into a temp directory must give
// every contender of every scenario a figure — samples, or an explicit "never" with its reason.
// No timing assertions: speed is what the bench reports, not what the suite checks.
import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { makeTempDir, removeTempDir } from "@toolnexus/fixtures";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CONTENDERS } from "../lib/contenders.mjs";

const RUN = fileURLToPath(new URL("../run.mjs", import.meta.url));
const README = fileURLToPath(new URL("../README.md", import.meta.url));
const ALL = CONTENDERS.map((c) => c.name);
const CORE_AND_PEERS = ["toolnexus core", "raw SDK Client", "@ai-sdk/mcp", "@langchain/mcp-adapters"];

/** Which contenders each of the harness's own scenarios must cover (others: every row has a figure). */
const MUST_COVER = {
  "cold-start": CORE_AND_PEERS,
  "call-overhead": ALL,
  hygiene: CORE_AND_PEERS,
  memory: ALL,
};

/** The bench process while it runs, so a timed-out test can end it. */
let running;

function runBench(args) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [RUN, ...args], { stdio: ["ignore", "ignore", "pipe"] });
    let stderr = "";
    child.stderr.on("data", (d) => {
      stderr = (stderr + d).slice(-20_000);
    });
    running = child;
    child.on("error", reject);
    child.on("exit", (code) => {
      running = undefined;
      resolve({ code, stderr });
    });
  });
}

describe("npm run bench -- --quick", () => {
  let outDir;
  let run;
  let results;
  const readmeBefore = readFileSync(README, "utf8");

  beforeAll(async () => {
    outDir = makeTempDir("toolnexus-bench-smoke-");
    run = await runBench(["--quick", "--iterations", "1", "--out", outDir]);
    results = JSON.parse(readFileSync(join(outDir, "results.json"), "utf8"));
  });
  afterAll(() => {
    running?.kill("SIGKILL");
    removeTempDir(outDir);
  });

  it("runs every scenario without a failure", () => {
    const failed = results.scenarios.filter((s) => s.error).map((s) => `${s.id}: ${s.error}`);
    expect(failed, run.stderr).toEqual([]);
    expect(run.code, run.stderr).toBe(0);
    expect(results.scenarios.map((s) => s.id)).toEqual(expect.arrayContaining(Object.keys(MUST_COVER)));
  });

  it("gives every row a figure or an explicit never", () => {
    const blank = results.scenarios.flatMap((s) =>
      s.rows.filter((r) => !(r.n > 0 || r.never)).map((r) => `${s.id}: ${r.contender} / ${r.metric}`),
    );
    expect(blank).toEqual([]);
  });

  it("covers every contender in the harness's scenarios", () => {
    for (const [id, names] of Object.entries(MUST_COVER)) {
      const scenario = results.scenarios.find((s) => s.id === id);
      const covered = new Set(scenario.rows.map((r) => r.contender.split(",")[0]));
      expect([...covered], id).toEqual(expect.arrayContaining(names));
    }
  });

  it("writes the tables to --out and leaves bench/README.md alone", () => {
    const tables = readFileSync(join(outDir, "README.md"), "utf8");
    expect(tables).toContain("<!-- bench:results:start");
    expect(tables).toContain("### 2. Call overhead");
    expect(readFileSync(README, "utf8")).toBe(readmeBefore);
  });
});

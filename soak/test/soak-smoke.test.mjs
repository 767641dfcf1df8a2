// The soak's smoke run: `run.mjs` as its own process for SOAK_SMOKE_MINUTES (default 2), then the
// report's invariants. The soak runs apart from vitest so its process-level counters (unhandled
// rejections, uncaught exceptions) measure the library, not the test runner's own handlers.
import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { makeTempDir, removeTempDir } from "@toolnexus/fixtures";
import { afterAll, describe, expect, it } from "vitest";
import { CHAOS_KINDS } from "../chaos-loop.mjs";
import { MAX_GROWTH_PERCENT, MIN_MINUTES_FOR_GROWTH } from "../report.mjs";

const minutes = Number(process.env.SOAK_SMOKE_MINUTES ?? "2");
const runScript = fileURLToPath(new URL("../run.mjs", import.meta.url));
const dir = makeTempDir("toolnexus-soak-smoke-");
afterAll(() => removeTempDir(dir));

/** Runs the soak and resolves with its exit code and report (bounded: the run plus 3 minutes). */
function runSoak(out) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [runScript, "--minutes", String(minutes), "--out", out], {
      stdio: ["ignore", "ignore", "pipe"],
    });
    let stderr = "";
    child.stderr.setEncoding("utf8");
    child.stderr.on("data", (chunk) => {
      stderr = (stderr + chunk).slice(-8000);
    });
    const timer = setTimeout(() => child.kill("SIGKILL"), minutes * 60_000 + 180_000);
    child.once("error", reject);
    child.once("exit", (code, signal) => {
      clearTimeout(timer);
      if (code === null) reject(new Error(`soak ended by ${signal}\n${stderr}`));
      else resolve({ code, report: JSON.parse(readFileSync(out, "utf8")), stderr });
    });
  });
}

describe(`soak smoke (${minutes} min)`, () => {
  it("should keep every call settled, every process accounted for and every chaos kind exercised", {
    timeout: minutes * 60_000 + 240_000,
  }, async () => {
    const { code, report, stderr } = await runSoak(join(dir, "report.json"));

    expect(report.calls.hung, JSON.stringify(report.calls.hungCalls)).toBe(0);
    expect(report.calls.threw).toBe(0);
    expect(report.calls.succeeded).toBeGreaterThan(0);
    expect(report.process.unhandledRejections, report.process.messages.join("\n")).toBe(0);
    expect(report.process.uncaughtExceptions, report.process.messages.join("\n")).toBe(0);
    expect(report.survivors).toEqual([]);
    for (const kind of CHAOS_KINDS) expect(report.chaos.byKind[kind], kind).toBeGreaterThan(0);
    // Memory growth is judged only on long runs: in a run of a few minutes the warm-up (JIT,
    // sessions, caches, the allocator's first arenas) is most of what grows, so the figure would
    // measure start-up, not a leak. It is in the report either way.
    expect(typeof report.memory.rssGrowthPercent).toBe("number");
    if (minutes >= MIN_MINUTES_FOR_GROWTH)
      expect(report.memory.rssGrowthPercent).toBeLessThan(MAX_GROWTH_PERCENT);
    expect(report.failedInvariants).toEqual([]);
    expect(code, stderr).toBe(0);
  });
});

import { execFile } from "node:child_process";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const repoRoot = fileURLToPath(new URL("../../..", import.meta.url));

/** Runs `examples/demo.mjs` (the root `npm run demo`, after its build) as a subprocess, bounded. */
function runDemo(args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ["examples/demo.mjs", ...args],
      { cwd: repoRoot, timeout: 90_000, env: { ...process.env, NO_COLOR: "1" } },
      (error, stdout, stderr) => {
        const code = error ? (typeof error.code === "number" ? error.code : null) : 0;
        resolve({ code, stdout, stderr });
      },
    );
  });
}

/** The index of the first line matching `pattern`, failing the test with the output when none does. */
function lineOf(lines: string[], pattern: RegExp): number {
  const index = lines.findIndex((line) => pattern.test(line));
  expect(index, `no line matches ${pattern} in:\n${lines.join("\n")}`).toBeGreaterThanOrEqual(0);
  return index;
}

describe("npm run demo (examples/demo.mjs)", () => {
  it("should print the whole timeline in order, fit 80 columns and exit 0", async () => {
    // --think-ms only paces the story for a reader; every step still waits for its event.
    const { code, stdout, stderr } = await runDemo(["--think-ms", "50"]);
    const lines = stdout.trimEnd().split("\n");
    expect(code, `exit code; stdout:\n${stdout}\nstderr:\n${stderr}`).toBe(0);

    const startedLegacy = lineOf(lines, /legacy\s+running\s+pid (\d+) · protocol 2025-11-25 · 8 tools$/);
    const startedModern = lineOf(lines, /modern\s+running\s+protocol 2026-07-28 · 8 tools$/);
    const lazyStopped = lineOf(lines, /lazy\s+stopped\s+not running; 8 tools known from a listing$/);
    const firstPid = /pid (\d+)/.exec(lines[startedLegacy] ?? "")?.[1];
    const firstCall = lineOf(lines, /agent\s+result\s+mcp__legacy__pid → "(\d+)"$/);
    expect(lines[firstCall]).toContain(`"${firstPid}"`);
    lineOf(lines, /agent\s+result\s+mcp__modern__add → "5"$/);

    const killed = lineOf(lines, new RegExp(`demo\\s+kill -9\\s+pid ${firstPid} \\(legacy\\)`));
    const crashed = lineOf(lines, /legacy\s+error\s+crashed/);
    const heldCall = lineOf(lines, /agent\s+step 2\s+calls mcp__legacy__pid again \(same tool object\)$/);
    const restarting = lineOf(lines, /legacy\s+starting\s+restarting on its own, attempt 1$/);
    const restarted = lines.findIndex((line, i) => i > crashed && /legacy\s+running\s+pid \d+/.test(line));
    const secondPid = /pid (\d+)/.exec(lines[restarted] ?? "")?.[1];
    expect(secondPid).toBeDefined();
    expect(secondPid).not.toBe(firstPid);
    const healedCall = lines.findIndex((line) => line.includes(`mcp__legacy__pid → "${secondPid}"`));

    const added = lineOf(lines, /modern\s+running\s+tools changed: \+mcp__modern__weather$/);
    const usedNew = lineOf(lines, /agent\s+result\s+mcp__modern__weather → "weather ok"$/);
    const lazyStart = lineOf(lines, /lazy\s+starting\s+first use: the lazy server starts$/);
    const lazyRunning = lineOf(lines, /lazy\s+running\s+pid \d+ · protocol 2026-07-28/);
    const lazyCall = lineOf(lines, /agent\s+result\s+mcp__lazy__echo → "good morning"$/);
    const closed = lineOf(lines, /demo\s+closed\s+nothing running: \d+ pids gone, no handle left$/);

    const inOrder = (...indexes: number[]) => expect(indexes).toEqual([...indexes].sort((a, b) => a - b));
    // The held tool's call is made once the crash is seen and answers after the restart.
    inOrder(Math.max(startedLegacy, startedModern), lazyStopped, firstCall, killed, crashed, heldCall);
    inOrder(crashed, restarting, restarted, healedCall, added, usedNew);
    inOrder(usedNew, lazyStart, lazyRunning, lazyCall, closed);
    expect(lines.at(-1)).toMatch(
      /^demo ok in [\d.]+ s: 6 calls, 0 failed; 1 crash healed; 1 tool added; 1 lazy start$/,
    );
    for (const line of lines) expect(line.length, line).toBeLessThanOrEqual(80);
  }, 120_000);

  it("should exit 1 naming what it waited for when its deadline passes", async () => {
    const { code, stdout } = await runDemo(["--timeout-ms", "1"]);
    expect(code).toBe(1);
    expect(stdout.trimEnd().split("\n").at(-1)).toBe(
      "demo FAILED: still waiting after 0.001 s for the HTTP fixture to listen",
    );
  }, 60_000);
});

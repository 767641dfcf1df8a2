import { describe, expect, it } from "vitest";
import { importQuickJs, quickJsLoadError } from "../src/code-mode/quickjs-load.js";
import { createQuickJsExecutor } from "../src/code-mode-entry.js";
import { type BatteryTarget, ESCAPES, HOST_FAILURES, RUNS, runCases } from "./support/executor-battery.js";
import { failOnUnhandledRejections } from "./support/harness.js";

failOnUnhandledRejections();

// The cases every executor shares (support/executor-battery.ts), then QuickJS's own.
const quickjs: BatteryTarget = {
  make: (options) => createQuickJsExecutor(options),
  stackOverflow: "InternalError: stack overflow",
  functionValue: "undefined",
};

describe("the QuickJS executor", () => {
  runCases(quickjs, [...RUNS, HOST_FAILURES]);

  describe("as the adversary", () => {
    runCases(quickjs, ESCAPES);
  });

  it("should name the packages to install when the sandbox is missing", async () => {
    const error = await importQuickJs("quickjs-emscripten-core-not-installed", "@jitl/nope").catch(
      (e: unknown) => e,
    );
    expect(quickJsLoadError(error)).toBe(
      "code mode's QuickJS sandbox is not installed: npm install quickjs-emscripten-core @jitl/quickjs-wasmfile-release-sync (optional dependencies of @toolnexus/mcp-core), or pass another executor",
    );
  });

  it("should refuse a limit that is not a positive integer", () => {
    expect(() => createQuickJsExecutor({ cpuTimeMs: 0 })).toThrow(
      'createQuickJsExecutor option "cpuTimeMs": expected a positive integer, got zero',
    );
    expect(() => createQuickJsExecutor({ timeoutMs: 1.5 })).toThrow(/timeoutMs/);
  });
});

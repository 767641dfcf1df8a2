// The isolated-vm executor against the real isolated-vm (a native module): run by
// scripts/isolated-vm/run.sh, which installs the pinned isolated-vm into its own folder and resolves
// the import to it; the package's own vitest config leaves this file out (isolated-vm is not a
// dependency of the workspace). The cases every executor shares, then isolated-vm's own.
import { describe, expect, it } from "vitest";
import { createIsolatedVmExecutor } from "../src/code-mode-entry.js";
import { type BatteryTarget, ESCAPES, HOST_FAILURES, RUNS, runCases } from "./support/executor-battery.js";
import { failOnUnhandledRejections } from "./support/harness.js";

failOnUnhandledRejections();

const ivm: BatteryTarget = {
  make: (options) => createIsolatedVmExecutor(options),
  stackOverflow: "RangeError: Maximum call stack size exceeded",
  functionValue: "undefined",
};
const SHORT = { cpuTimeMs: 200, timeoutMs: 2_000, maxMemoryBytes: 8 * 1024 * 1024 };

describe("the isolated-vm executor", () => {
  it("should load isolated-vm when asked ahead of the first run", async () => {
    await expect(createIsolatedVmExecutor().ready()).resolves.toBeUndefined();
  });

  runCases(ivm, [...RUNS, HOST_FAILURES]);

  describe("as the adversary", () => {
    runCases(ivm, ESCAPES);

    it("should refuse the buffers isolated-vm does not count against memoryLimit, and keep the host alive", async () => {
      // WebAssembly.Memory, a resizable ArrayBuffer's resize and a growable SharedArrayBuffer's grow
      // reach the host's memory past the isolate's limit (1–4 GB under 8 MB, measured), and the
      // address space resizable buffers reserve ended the whole process: none is offered.
      const run = await createIsolatedVmExecutor(SHORT).execute(
        `async () => {
          const seen = [typeof WebAssembly, typeof SharedArrayBuffer, typeof ArrayBuffer.prototype.resize];
          for (const make of [
            () => new ArrayBuffer(1, { maxByteLength: 2 ** 32 }),
            () => new (new Uint8Array(1).buffer.constructor)(1, { maxByteLength: 2 ** 32 }),
            () => new (Object.getPrototypeOf(new DataView(new ArrayBuffer(1)).buffer).constructor)(1, { maxByteLength: 8 }),
          ]) {
            try { make(); seen.push("made"); } catch (e) { seen.push(e.name + ": " + e.message); }
          }
          class Mine extends ArrayBuffer {}
          const mine = new Mine(4);
          seen.push(mine instanceof ArrayBuffer, mine.byteLength, new Uint8Array(mine.slice(1)).length);
          return seen;
        }`,
        {},
      );
      const refused = "RangeError: resizable ArrayBuffers are not available in this sandbox";
      expect(run.result).toEqual([
        "undefined",
        "undefined",
        "undefined",
        refused,
        refused,
        refused,
        true,
        4,
        3,
      ]);
    });

    it("should stop a regular expression that backtracks for ever and a blocking Atomics.wait at cpuTimeMs", async () => {
      const executor = createIsolatedVmExecutor(SHORT);
      const regex = await executor.execute('async () => /(a+)+$/.test("a".repeat(40) + "b")', {});
      expect(regex.error).toBe("the program used more than 200 ms of CPU time (cpuTimeMs)");
      const wait = await executor.execute("async () => Atomics.wait(new Int32Array(4), 0, 0)", {});
      // Without SharedArrayBuffer, Atomics.wait has nothing to block on.
      expect(wait.error).toMatch(/^TypeError/);
    });

    it("should end a run whose isolate passes maxMemoryBytes while calls are in flight, and run the next", async () => {
      // CPU time to spare: isolated-vm's timeout is wall-clock time, and on a loaded machine filling
      // 8 MiB took more than 200 ms of it (the run ended at cpuTimeMs instead, once at load average 10).
      const executor = createIsolatedVmExecutor({ ...SHORT, cpuTimeMs: 10_000 });
      const run = await executor.execute(
        `async () => {
          const a = [];
          await codemode.tick({});
          for (;;) a.push({ i: a.length, s: "x" + a.length });
        }`,
        { tick: async () => 1 },
      );
      expect(run.error).toMatch(/^the program ran out of memory \(maxMemoryBytes 8388608\): .*memory limit/);
      expect(
        (await executor.execute("async () => (await codemode.tick({})) + 1", { tick: async () => 1 })).result,
      ).toBe(2);
    });
  });

  it("should run a program that computes over a large result, faster than QuickJS would", async () => {
    const rows = Array.from({ length: 20_000 }, (_, i) => ({ id: i, name: `row ${i}`, score: i % 97 }));
    const run = await createIsolatedVmExecutor({ cpuTimeMs: 5_000 }).execute(
      `async () => {
        const { rows } = await codemode.rows({});
        let total = 0;
        for (let round = 0; round < 50; round++) for (const row of rows) total += row.score * (round + 1);
        const top = rows.filter((row) => row.score === 96).map((row) => row.id).slice(0, 3);
        return { total, top };
      }`,
      { rows: async () => ({ rows }) },
    );
    const once = rows.reduce((n, row) => n + row.score, 0);
    expect(run.result).toEqual({ total: once * ((50 * 51) / 2), top: [96, 193, 290] });
  });
});

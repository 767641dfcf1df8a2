// The worker-thread executor, from the build (a worker thread runs the compiled file): the same
// sandbox, and a program that outruns cpuTimeMs inside builtin calls is stopped by terminating its
// thread at timeoutMs (+ the grace), where the in-thread executor cannot stop it.
import { describe, expect, it } from "vitest";
import { createQuickJsWorkerExecutor } from "../dist/code-mode-entry.js";
import { HOST_FAILURES, runCases } from "./support/executor-battery.js";
import { failOnUnhandledRejections } from "./support/harness.js";

failOnUnhandledRejections();

describe("the QuickJS worker executor", () => {
  it("should run a program whose calls come back to this thread", async () => {
    const executor = createQuickJsWorkerExecutor({ timeoutMs: 5_000 });
    const run = await executor.execute(
      `async () => { console.log("in a worker"); const a = await codemode.add({ a: 1, b: 2 });
        try { await codemode.fail({}); } catch (e) { return [a.sum, e.message, typeof process]; } }`,
      {
        add: async (input: unknown) => ({ sum: (input as { a: number }).a + (input as { b: number }).b }),
        fail: async () => Promise.reject(new Error("no")),
      },
    );
    expect(run).toEqual({ result: [3, "no", "undefined"], logs: ["in a worker"] });
  });

  it("should terminate a program that a loop of expensive builtin calls keeps past every limit", async () => {
    // cpuTimeMs far away, so only the wall clock can end the run: QuickJS polls its interrupt too
    // rarely in this loop (the in-thread executor ran it 15 s before it failed out of memory).
    const executor = createQuickJsWorkerExecutor({ timeoutMs: 300, cpuTimeMs: 600_000 });
    const run = await executor.execute(
      'async () => { const a = []; for (let i = 0; ; i++) a.push("x".repeat(1e6) + i); }',
      {},
    );
    // The thread's own timeoutMs check when it polls in time, else the timer that terminates it.
    expect(run.error).toMatch(
      /^the program did not finish within 300 ms \(timeoutMs\)(; its thread was terminated)?$/,
    );
  });

  // The case the in-thread executor's file runs too, with what differs here: a function value fails
  // the structured clone.
  runCases(
    {
      make: (options) => createQuickJsWorkerExecutor(options),
      stackOverflow: "InternalError: stack overflow",
      functionValue: "unsendable",
    },
    [HOST_FAILURES],
  );

  it("should refuse a limit that is not a positive integer, naming the factory", () => {
    expect(() => createQuickJsWorkerExecutor({ timeoutMs: 0 })).toThrow(
      'createQuickJsWorkerExecutor option "timeoutMs": expected a positive integer, got zero',
    );
  });
});

// The cases every sandbox executor of code mode must pass (the QuickJS executor, its worker form,
// isolated-vm), as one table: each test file runs the cases that apply to it with its own factory,
// so a case is written once and an executor's difference is a field of its target, not a copy.
import { expect, it } from "vitest";
import {
  createCodeModeTools,
  type Executor,
  type QuickJsExecutorOptions,
} from "../../src/code-mode-entry.js";
import type { McpTool } from "../../src/tool-types.js";

/** One executor under test. */
export interface BatteryTarget {
  /** Makes the executor with these limits (the options both kinds share). */
  make(options?: Omit<QuickJsExecutorOptions, "maxStackBytes">): Executor;
  /** The error of a runaway recursion. */
  stackOverflow: string;
  /** Whether a host function's value that is a function reaches the program (as undefined) or fails. */
  functionValue: "undefined" | "unsendable";
}

type Case = readonly [name: string, run: (target: BatteryTarget) => Promise<void>];

// Short limits keep the adversary cases cheap on a shared machine; each limit is still the one a
// host sets, and the message names it.
const SHORT = { cpuTimeMs: 200, timeoutMs: 2_000, maxMemoryBytes: 8 * 1024 * 1024 };
const add = async (input: unknown) => ({ sum: (input as { a: number }).a + (input as { b: number }).b });

/** A host function's failure, a function that throws at once, and values JSON or a thread cannot carry. */
export const HOST_FAILURES: Case = [
  "should give the program a host function's failure as an error: one that throws at once, a value JSON or the thread cannot carry",
  async (target) => {
    const run = await target.make().execute(
      `async () => {
        const seen = [];
        for (const name of ["throws", "bigint", "fn", "fail"]) {
          try { await codemode[name]({}); seen.push(name + ": no error"); } catch (e) { seen.push(e instanceof Error && e.message); }
        }
        return seen;
      }`,
      {
        throws: () => {
          throw new Error("at once");
        },
        bigint: async () => 1n,
        fn: async () => () => 1,
        fail: async () => Promise.reject(new Error("the tool said no")),
      },
    );
    const [thrown, bigint, fn, fail] = run.result as string[];
    expect(thrown).toBe("at once");
    expect(bigint).toMatch(/^the value of codemode\.bigint cannot be sent to the program: /);
    if (target.functionValue === "undefined") expect(fn).toBe("fn: no error");
    else expect(fn).toMatch(/^the value of codemode\.fn cannot be sent to the program: /);
    expect(fail).toBe("the tool said no");
  },
];

/** The sandbox's walls and limits, as a hostile program meets them. */
export const ESCAPES: readonly Case[] = [
  [
    "should keep the bridge working for a program that replaces the builtins it would use (Promise.prototype.then included)",
    async (target) => {
      const run = await target.make(SHORT).execute(
        `async () => {
          String.prototype.indexOf = () => -1;
          String.prototype.slice = () => "";
          Function.prototype.call = () => "hijacked";
          Function.prototype.apply = () => "hijacked";
          Function.prototype.bind = () => () => "hijacked";
          Promise.prototype.then = function () { return "hijacked"; };
          JSON.parse = () => "hijacked";
          JSON.stringify = () => "hijacked";
          Number = () => 0;
          Object.defineProperty(Object.prototype, "0", { get() { return () => {}; }, set() {} });
          const first = await codemode.add({ a: 1, b: 2 });
          const second = await codemode.add({ a: first.sum, b: 3 });
          return second.sum;
        }`,
        { add },
      );
      // The outcome itself is JSON the prelude wrote with the JSON it took before the program ran.
      expect(run).toEqual({ result: 6, logs: [] });
    },
  ],
  [
    "should offer no process, require, module loading, network, timers, WebAssembly or host globals",
    async (target) => {
      const executor = target.make(SHORT);
      const run = await executor.execute(
        `async () => [typeof process, typeof require, typeof module, typeof fetch, typeof XMLHttpRequest,
          typeof setTimeout, typeof globalThis.std, typeof globalThis.os, typeof Buffer, typeof WebAssembly]`,
        {},
      );
      expect(run.result).toEqual(Array(10).fill("undefined"));
      const dynamicImport = await executor.execute(
        'async () => { await import("node:fs"); return "imported"; }',
        {},
      );
      expect(dynamicImport.result).toBeUndefined();
      expect(dynamicImport.error).toBeDefined();
    },
  ],
  [
    "should leave constructor.constructor on a bridged function inside the sandbox",
    async (target) => {
      const run = await target.make(SHORT).execute(
        `async () => {
          const F = codemode.f.constructor.constructor;
          const g = F("return this")();
          const viaProto = await Object.getPrototypeOf(codemode.f).constructor("return typeof process")();
          return [g === globalThis, typeof g.process, viaProto, F("return typeof require")()];
        }`,
        { f: async () => 1 },
      );
      expect(run.result).toEqual([true, "undefined", "undefined", "undefined"]);
    },
  ],
  [
    "should keep prototype tricks in the sandbox: the host's prototypes and functions stay untouched",
    async (target) => {
      const fns = Object.create({ inherited: async () => "host prototype reached" }) as Record<
        string,
        (...args: unknown[]) => Promise<unknown>
      >;
      fns.f = async (input: unknown) => Object.getPrototypeOf(input) === Object.prototype;
      const run = await target.make(SHORT).execute(
        `async () => {
          Object.prototype.polluted = "yes";
          Function.prototype.call = () => "hijacked";
          try { codemode.f.x = 1; } catch {}
          try { Object.setPrototypeOf(codemode, { constructor: 1 }); } catch {}
          const keys = Object.keys(codemode);
          const plainInput = await codemode.f(JSON.parse('{"__proto__": {"polluted": "input"}}'));
          return [keys, typeof codemode.inherited, typeof codemode.constructor, typeof codemode.__proto__,
            Object.getPrototypeOf(codemode), plainInput, Object.isFrozen(codemode.f)];
        }`,
        fns,
      );
      expect(run.result).toEqual([["f"], "undefined", "undefined", "undefined", null, true, true]);
      expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    },
  ],
  [
    "should interrupt an infinite loop and an endless chain of promise jobs at cpuTimeMs, which the program cannot catch",
    async (target) => {
      const executor = target.make(SHORT);
      const run = await executor.execute(
        'async () => { try { for (;;) {} } catch (e) { return "caught"; } }',
        {},
      );
      expect(run).toEqual({
        result: undefined,
        error: "the program used more than 200 ms of CPU time (cpuTimeMs)",
        logs: [],
      });
      const started = performance.now();
      const jobs = await executor.execute(
        // Each job queues the next and returns nothing, so no chain of promises holds memory (V8 ran
        // out of 8 MiB before 200 ms on `() => Promise.resolve().then(f)`, whose promises chain).
        "async () => { const f = () => { Promise.resolve().then(f); }; f(); await new Promise(() => {}); }",
        {},
      );
      expect(jobs.error).toBe("the program used more than 200 ms of CPU time (cpuTimeMs)");
      // Ended by the CPU limit, not by waiting out timeoutMs (2 000).
      expect(performance.now() - started).toBeLessThan(1_500);
    },
  ],
  [
    "should refuse a huge allocation at maxMemoryBytes and a runaway recursion at the stack limit",
    async (target) => {
      const executor = target.make(SHORT);
      const buffer = await executor.execute("async () => new ArrayBuffer(1e9).byteLength", {});
      expect(buffer.error).toMatch(/^the program ran out of memory \(maxMemoryBytes 8388608\)/);
      const objects = await executor.execute(
        "async () => { const a = []; for (;;) a.push({ i: a.length }); }",
        {},
      );
      expect(objects.error).toMatch(/maxMemoryBytes 8388608|cpuTimeMs/);
      const stack = await executor.execute("async () => { const f = (n) => f(n + 1) + 1; return f(0); }", {});
      expect(stack.error).toBe(target.stackOverflow);
      // The sandbox is fresh each run: a later program is unaffected.
      expect((await executor.execute("async () => 1 + 1", {})).result).toBe(2);
    },
  ],
  [
    "should end a run that waits forever at timeoutMs",
    async (target) => {
      const started = performance.now();
      const run = await target.make({ timeoutMs: 150 }).execute("async () => { await codemode.never(); }", {
        never: () => new Promise(() => {}),
      });
      expect(run.error).toBe("the program did not finish within 150 ms (timeoutMs)");
      expect(performance.now() - started).toBeLessThan(1_500);
    },
  ],
  [
    "should bound console output by entries and characters",
    async (target) => {
      const small = target.make({ maxLogLines: 3, maxLogChars: 50 });
      const lines = await small.execute(
        'async () => { for (let i = 0; i < 1000; i++) console.log("line", i); }',
        {},
      );
      expect(lines.logs).toEqual(["line 0", "line 1", "line 2", "[… 997 more log entries left out]"]);
      const long = await small.execute(
        'async () => { console.log("x".repeat(100000)); console.log("more"); }',
        {},
      );
      expect(long.logs).toEqual([
        `${"x".repeat(50)}… [cut at 50 characters]`,
        "[… 1 more log entries left out]",
      ]);
    },
  ],
  [
    "should refuse a program longer than maxCodeChars and a code that is not a string",
    async (target) => {
      const small = target.make({ maxCodeChars: 10 });
      expect((await small.execute("async () => 12345", {})).error).toBe(
        "the code is 17 characters, over maxCodeChars (10)",
      );
      expect((await small.execute(42 as unknown as string, {})).error).toBe("the code must be a string");
    },
  ],
  [
    "should refuse a flood of tool calls past maxCalls through the code tool, sending none of them",
    async (target) => {
      let sent = 0;
      const tool: McpTool = {
        name: "t__echo",
        server: "t",
        rawName: "echo",
        title: undefined,
        description: "",
        inputSchema: { type: "object" },
        outputSchema: undefined,
        annotations: undefined,
        execute: async () => {
          sent++;
          return { content: [], isError: false, text: "ok" };
        },
      };
      // The default CPU time: 2 000 calls made at once take more than SHORT's 200 ms on a loaded machine.
      const [runTool] = createCodeModeTools({ tools: [tool] }, { executor: target.make(), maxCalls: 5 });
      const flood = await runTool.execute({
        code: "async () => { await Promise.all(Array.from({ length: 2000 }, (_, i) => codemode.t.echo({ i }))); }",
      });
      expect(flood.text).toMatch(/at most 5 tool calls a run \(maxCalls\)$/);
      expect(sent).toBe(5);
    },
  ],
];

/** The ordinary runs: calls, logs, concurrency, answers out of order. */
export const RUNS: readonly Case[] = [
  [
    "should run a program that calls a host function, logs and returns JSON data",
    async (target) => {
      const seen: unknown[] = [];
      const run = await target.make().execute(
        `async () => {
          console.log("start", { n: 1 });
          console.warn("careful");
          const a = await codemode.add({ a: 1, b: 2 });
          const [b, c] = await Promise.all([codemode.add({ a: a.sum, b: 1 }), codemode.add({ a: 0, b: 0 })]);
          return { total: b.sum + c.sum, nothing: await codemode.none() };
        }`,
        {
          add: async (input: unknown) => {
            seen.push(input);
            return add(input);
          },
          none: async () => undefined,
        },
      );
      expect(run).toEqual({ result: { total: 4 }, logs: ['start {"n":1}', "[warn] careful"] });
      expect(seen).toEqual([
        { a: 1, b: 2 },
        { a: 3, b: 1 },
        { a: 0, b: 0 },
      ]);
    },
  ],
  [
    "should answer a syntax error, a throw, a non-function and an unserializable value with an error",
    async (target) => {
      const executor = target.make(SHORT);
      expect((await executor.execute("async () => { syntax error", {})).error).toMatch(/^SyntaxError/);
      expect((await executor.execute('async () => { throw new TypeError("mine") }', {})).error).toBe(
        "TypeError: mine",
      );
      expect((await executor.execute("async () => { throw 42 }", {})).error).toBe("thrown: 42");
      expect((await executor.execute("42", {})).error).toMatch(/must be an async arrow function/);
      const cyclic = await executor.execute("async () => { const a = {}; a.a = a; return a; }", {});
      expect(cyclic.error).toMatch(/^TypeError/);
      expect(cyclic.result).toBeUndefined();
    },
  ],
  [
    "should settle calls answered together and out of order, each with its own value, whatever the text holds",
    async (target) => {
      // Answers that arrive in one turn are delivered in one string of records: texts with the
      // record's own separators, line breaks, U+2028, surrogate pairs and a message for a failure.
      const odd = 'a:1:2:{"x"}\n\u2028 😀 \\ "q"';
      const waits: (() => void)[] = [];
      const run = await target.make(SHORT).execute(
        `async () => {
          const calls = [];
          for (let i = 0; i < 40; i++) calls.push(codemode.echo({ i, odd: ${JSON.stringify(odd)} }));
          calls.push(codemode.fail({}).catch((e) => e.message));
          calls.push(codemode.none({}));
          const got = await Promise.all(calls);
          return got.map((v, i) => i < 40 ? v.i === i && v.odd === ${JSON.stringify(odd)} : v);
        }`,
        {
          // Held until all 40 are asked, then answered last-asked first, in one turn.
          echo: (input: unknown) =>
            new Promise((resolve) => {
              waits.unshift(() => resolve(input));
              if (waits.length === 40) for (const wake of waits) wake();
            }),
          fail: async () => Promise.reject(new Error(`no: ${odd}`)),
          none: async () => undefined,
        },
      );
      expect(run.error).toBeUndefined();
      expect(run.result).toEqual([...Array(40).fill(true), `no: ${odd}`, null]);
    },
  ],
];

/** Defines one `it` per case, for `target`. */
export function runCases(target: BatteryTarget, cases: readonly Case[]): void {
  for (const [name, run] of cases) it(name, () => run(target));
}

import { describe, expect, it } from "vitest";
import { importQuickJs, quickJsLoadError } from "../src/code-mode/quickjs-load.js";
import { createQuickJsExecutor } from "../src/code-mode-entry.js";
import { failOnUnhandledRejections } from "./support/harness.js";

failOnUnhandledRejections();

// Short limits keep the adversary cases cheap on a shared machine; each limit is still the one a
// host sets, and the message names it.
const executor = createQuickJsExecutor({ cpuTimeMs: 200, timeoutMs: 2_000, maxMemoryBytes: 8 * 1024 * 1024 });

describe("the QuickJS executor", () => {
  it("should run a program that calls a host function, logs and returns JSON data", async () => {
    const seen: unknown[] = [];
    const run = await executor.execute(
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
          const { a, b } = input as { a: number; b: number };
          return { sum: a + b };
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
  });

  it("should hand the program a host function's failure as an Error it can catch", async () => {
    const run = await executor.execute(
      `async () => {
        try { await codemode.fail({}); } catch (e) { return [e instanceof Error, e.message]; }
      }`,
      { fail: async () => Promise.reject(new Error("the tool said no")) },
    );
    expect(run.result).toEqual([true, "the tool said no"]);
  });

  it("should answer a syntax error, a throw, a non-function and an unserializable value with an error", async () => {
    expect((await executor.execute("async () => { syntax error", {})).error).toMatch(/^SyntaxError/);
    expect((await executor.execute('async () => { throw new TypeError("mine") }', {})).error).toBe(
      "TypeError: mine",
    );
    expect((await executor.execute("async () => { throw 42 }", {})).error).toBe("thrown: 42");
    expect((await executor.execute("42", {})).error).toMatch(/must be an async arrow function/);
    const cyclic = await executor.execute("async () => { const a = {}; a.a = a; return a; }", {});
    expect(cyclic.error).toMatch(/^TypeError/);
    expect(cyclic.result).toBeUndefined();
  });

  it("should give the program a host function's failure as an error: one that throws at once, a value JSON or the thread cannot carry", async () => {
    const run = await createQuickJsExecutor().execute(
      `async () => {
        const seen = [];
        for (const name of ["throws", "bigint", "fn"]) {
          try { await codemode[name]({}); seen.push(name + ": no error"); } catch (e) { seen.push(e.message); }
        }
        return seen;
      }`,
      {
        throws: () => {
          throw new Error("at once");
        },
        bigint: async () => 1n,
        fn: async () => () => 1,
      },
    );
    const [thrown, bigint, fn] = run.result as string[];
    expect(thrown).toBe("at once");
    expect(bigint).toMatch(/^the value of codemode\.bigint cannot be sent to the program: /);
    expect(fn).toMatch(/no error$/);
  });

  it("should settle calls answered together and out of order, each with its own value, whatever the text holds", async () => {
    // Answers that arrive in one turn are delivered in one string of records: texts with the
    // record's own separators, line breaks, U+2028, surrogate pairs and a message for a failure.
    const odd = 'a:1:2:{"x"}\n\u2028 😀 \\ "q"';
    const waits: (() => void)[] = [];
    const run = await executor.execute(
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
  });

  describe("as the adversary", () => {
    it("should keep the bridge working for a program that replaces the builtins it would use", async () => {
      const run = await executor.execute(
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
        { add: async (input: unknown) => ({ sum: (input as { a: number }).a + (input as { b: number }).b }) },
      );
      // The outcome itself is JSON the prelude wrote with the JSON it took before the program ran.
      expect(run).toEqual({ result: 6, logs: [] });
    });

    it("should offer no process, require, module loading, network, timers or host globals", async () => {
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
    });

    it("should leave constructor.constructor on a bridged function inside the sandbox", async () => {
      const run = await executor.execute(
        `async () => {
          const F = codemode.f.constructor.constructor;
          const g = F("return this")();
          const viaProto = await Object.getPrototypeOf(codemode.f).constructor("return typeof process")();
          return [g === globalThis, typeof g.process, viaProto, F("return typeof require")()];
        }`,
        { f: async () => 1 },
      );
      expect(run.result).toEqual([true, "undefined", "undefined", "undefined"]);
    });

    it("should keep prototype tricks in the sandbox: the host's prototypes and functions stay untouched", async () => {
      const fns = Object.create({ inherited: async () => "host prototype reached" }) as Record<
        string,
        (...args: unknown[]) => Promise<unknown>
      >;
      fns.f = async (input: unknown) => Object.getPrototypeOf(input) === Object.prototype;
      const run = await executor.execute(
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
    });

    it("should interrupt an infinite loop at cpuTimeMs, which the program cannot catch", async () => {
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
        "async () => { const f = () => Promise.resolve().then(f); f(); await new Promise(() => {}); }",
        {},
      );
      expect(jobs.error).toBe("the program used more than 200 ms of CPU time (cpuTimeMs)");
      // Ended by the CPU limit, not by waiting out timeoutMs (2 000).
      expect(performance.now() - started).toBeLessThan(1_500);
    });

    it("should refuse a huge allocation at maxMemoryBytes and a runaway recursion at the stack limit", async () => {
      const buffer = await executor.execute("async () => new ArrayBuffer(1e9).byteLength", {});
      expect(buffer.error).toMatch(/^the program ran out of memory \(maxMemoryBytes 8388608\)/);
      const objects = await executor.execute(
        "async () => { const a = []; for (;;) a.push({ i: a.length }); }",
        {},
      );
      expect(objects.error).toMatch(/maxMemoryBytes 8388608|cpuTimeMs/);
      const stack = await executor.execute("async () => { const f = (n) => f(n + 1) + 1; return f(0); }", {});
      expect(stack.error).toBe("InternalError: stack overflow");
      // The sandbox is fresh each run: a later program is unaffected.
      expect((await executor.execute("async () => 1 + 1", {})).result).toBe(2);
    });

    it("should end a run that waits forever at timeoutMs", async () => {
      const quick = createQuickJsExecutor({ timeoutMs: 150 });
      const started = performance.now();
      const run = await quick.execute("async () => { await codemode.never(); }", {
        never: () => new Promise(() => {}),
      });
      expect(run.error).toBe("the program did not finish within 150 ms (timeoutMs)");
      expect(performance.now() - started).toBeLessThan(1_500);
    });

    it("should bound console output by entries and characters", async () => {
      const small = createQuickJsExecutor({ maxLogLines: 3, maxLogChars: 50 });
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
    });

    it("should refuse a program longer than maxCodeChars and a code that is not a string", async () => {
      const small = createQuickJsExecutor({ maxCodeChars: 10 });
      expect((await small.execute("async () => 12345", {})).error).toBe(
        "the code is 17 characters, over maxCodeChars (10)",
      );
      expect((await small.execute(42 as unknown as string, {})).error).toBe("the code must be a string");
    });
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

/**
 * Bounded copies of server text own only their own characters. A JSON-RPC error message of 20 MiB
 * is cut to about 2 000 characters for the result, but a V8 slice keeps the whole message alive
 * behind it: five kept results held 100 MiB. Measured in a host process of its own, heap after a
 * forced GC, with a wide margin (RELIABILITY.md has the figures).
 */
import { hostileServer, startHttpFixture } from "@toolnexus/fixtures";
import { describe, expect, it, onTestFinished } from "vitest";
import { boundedText, ownCopy } from "../src/bounded-text.js";
import { cutText } from "../src/tools/truncation.js";
import { failOnUnhandledRejections, useSources } from "./support/harness.js";
import { runHost } from "./support/host-process.js";

failOnUnhandledRejections();

const sources = useSources({ toolCache: null, autoRestart: { enabled: false } });

const MiB = 1024 * 1024;

/** A host script body: `settle()` forces a full GC until the heap stops shrinking. */
const SETTLE = `
  const { setFlagsFromString } = await import("node:v8");
  const { runInNewContext } = await import("node:vm");
  setFlagsFromString("--expose-gc");
  const gc = runInNewContext("gc");
  const settle = async () => {
    for (let i = 0; i < 4; i++) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      gc();
    }
    const { heapUsed, external } = process.memoryUsage();
    return heapUsed + external;
  };
`;

interface Kept {
  delta: number;
  codes: string[];
  chars: number[];
}

/**
 * Calls `rawName` of the one server of `config` once (warm-up), then five times keeping the results;
 * the heap growth after a forced GC, each result's code and text length.
 */
async function keepFive(config: object, rawName: string): Promise<Kept> {
  const run = await runHost(
    `${SETTLE}
      const source = await loadMcp(${JSON.stringify(config)}, { toolCache: null });
      const tool = source.tools.find((t) => t.rawName === ${JSON.stringify(rawName)});
      await tool.execute({}, { timeoutMs: 20000 });
      const before = await settle();
      const kept = [];
      for (let i = 0; i < 5; i++) kept.push(await tool.execute({}, { timeoutMs: 20000 }));
      const after = await settle();
      console.log(JSON.stringify({ delta: after - before, codes: kept.map((r) => r.error?.code), chars: kept.map((r) => r.text.length) }));
      await source.close();
    `,
    undefined,
    50_000,
  );
  expect(run, run.stderr).toMatchObject({ code: 0, signal: null });
  return JSON.parse(run.stdout.split("\n").at(-1) as string) as Kept;
}

describe("a bounded copy", () => {
  it("should be exact, lone surrogates and Latin-1 included", () => {
    for (const text of ["plain", "é and ÿ", "中文 and 😀", "lone \ud800 and \udfff"]) {
      expect(ownCopy(text)).toBe(text);
    }
  });

  it("should never split a surrogate pair at the cut", () => {
    expect(boundedText("ab😀cd", 3)).toBe("ab…");
    expect(boundedText("ab😀cd", 4)).toBe("ab😀…");
    expect(cutText("ab😀cd", 6)).toMatchObject({ text: "ab😀", bytes: 6, total: 8 });
  });
});

describe("bounded copies of server text", () => {
  it("should keep 5 results with 20 MiB JSON-RPC error messages within 1 MiB of heap", async () => {
    const summary = await keepFive(
      { mcpServers: { h: hostileServer("huge-result", { arg: 20 }) } },
      "huge-error",
    );
    expect(summary.codes).toStrictEqual(Array(5).fill("PROTOCOL_ERROR"));
    for (const chars of summary.chars) expect(chars).toBeLessThan(2_100);
    expect(summary.delta, `heap grew by ${summary.delta} bytes`).toBeLessThanOrEqual(MiB);
  }, 60_000);

  it("should keep 5 results of HTTP 500 answers with 20 MiB bodies bounded, within 1 MiB of heap", async () => {
    const fixture = await startHttpFixture("hostile", ["--mode", "http-fault", "--arg", "500-huge"]);
    onTestFinished(() => fixture.stop());
    const summary = await keepFive({ mcpServers: { h: { url: fixture.url } } }, "fault");
    expect(summary.codes).toStrictEqual(Array(5).fill("CALL_FAILED"));
    for (const chars of summary.chars) expect(chars).toBeLessThan(2_200);
    expect(summary.delta, `heap grew by ${summary.delta} bytes`).toBeLessThanOrEqual(MiB);
  }, 60_000);

  it("should quote at most 1 000 characters of a 20 MiB HTTP error body in a start failure", async () => {
    const fixture = await startHttpFixture("hostile", ["--mode", "http-fault", "--arg", "500-all-huge"]);
    onTestFinished(() => fixture.stop());
    const warnings: string[] = [];
    const source = await sources.load(
      { mcpServers: { h: { url: fixture.url, protocol: "2025-11-25" } } },
      { onWarning: (warning) => warnings.push(warning) },
    );
    const lastError = source.servers()[0]?.lastError ?? "";
    // The length first: a failed match would print all 20 MiB.
    expect(lastError.length).toBeLessThan(1_200);
    expect(lastError).toMatch(
      /^MCP server "h" failed to start: HTTP 500: Error POSTing to endpoint: x{1000}… at /,
    );
    expect(warnings.length).toBeGreaterThan(0);
    for (const warning of warnings) expect(warning.length).toBeLessThan(1_200);
  });
});

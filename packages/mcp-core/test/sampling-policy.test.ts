// The sampling policy, as a hostile 2025-era server meets it: its prompt is untrusted, so
// `includeContext` is dropped, `maxTokens` capped, huge requests and floods refused with a JSON-RPC
// error, `approve` asked first, and a handler's garbage answered with a generic error — the host
// never sees a throw. One load of real processes (the dual-era fixture's `sample`, `--sampling`,
// pinned to 2025-11-25) shared by the file; every bound is at its default.
import { readFileSync } from "node:fs";
import { stdioServer } from "@toolnexus/fixtures";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { SamplingRequest, SamplingResult } from "../src/adapter/index.js";
import { type LoadMcpOptions, loadMcp, type McpSource } from "../src/index.js";
import { resolveSamplingOptions, SAMPLING_DEFAULTS } from "../src/sampling/sampling-policy.js";
import { SamplingRate } from "../src/sampling/sampling-rate.js";
import { SAMPLING_FAILED_MESSAGE } from "../src/sampling/sampling-types.js";
import { failOnUnhandledRejections, toolByRawName } from "./support/harness.js";

failOnUnhandledRejections();

const server = () => ({ ...stdioServer("dual-era", ["--sampling"]), protocol: "2025-11-25" as const });

/** What the fixture's `sample` tool reports of each request it sent. */
interface Outcome {
  ok: boolean;
  text?: string | null;
  code?: number | null;
  message?: string;
}

function firstText(request: SamplingRequest): string {
  const first = request.messages[0]?.content;
  return first && !Array.isArray(first) && first.type === "text" ? first.text : "";
}

describe("sampling policy against a 2025-era server", () => {
  let source: McpSource;
  const seen: { server: string; request: SamplingRequest }[] = [];
  const approvals: string[] = [];
  const warnings: string[] = [];

  beforeAll(async () => {
    source = await loadMcp(
      { mcpServers: { s: server(), flood: server() } },
      {
        toolCache: null,
        autoRestart: { enabled: false },
        onWarning: (message) => warnings.push(message),
        onSampling: async (request, { server }) => {
          seen.push({ server, request });
          const text = firstText(request);
          if (text.startsWith("garbage")) return { nonsense: true } as unknown as SamplingResult;
          if (text.startsWith("throw")) throw new Error("model echoed \x1b[31mred\x07");
          return {
            role: "assistant",
            content: { type: "text", text: `ok ${request.maxTokens}` },
            model: "m",
          };
        },
        sampling: {
          approve: (request, { server }) => {
            approvals.push(server);
            if (firstText(request).startsWith("unsure")) throw new Error("approval dialog crashed");
            return !firstText(request).startsWith("decline");
          },
        },
      },
    );
  });
  afterAll(() => source?.close());
  beforeEach(() => {
    seen.length = 0;
    approvals.length = 0;
    warnings.length = 0;
  });

  async function sample(args: Record<string, unknown>, on = "s"): Promise<Outcome[]> {
    const result = await toolByRawName(source, "sample", on).execute(args);
    expect(result.isError, result.text).toBe(false);
    return (JSON.parse(result.text) as { results: Outcome[] }).results;
  }

  it("should drop includeContext, so nothing of the host's conversation is added", async () => {
    const [outcome] = await sample({ prompt: "p", includeContext: "allServers" });
    expect(outcome).toMatchObject({ ok: true });
    expect(seen).toHaveLength(1);
    expect(seen[0]?.request).not.toHaveProperty("includeContext");
    expect(seen[0]?.request.messages).toEqual([{ role: "user", content: { type: "text", text: "p" } }]);
  });

  it("should cap maxTokens at 4096 before the handler sees it, and still answer", async () => {
    const [outcome] = await sample({ prompt: "p", maxTokens: 1_000_000 });
    expect(outcome).toMatchObject({ ok: true, text: "ok 4096" });
    expect(seen.map((s) => s.request.maxTokens)).toEqual([4096]);
  });

  it("should refuse a request of more than 100 messages with a JSON-RPC error the handler never sees", async () => {
    const [outcome] = await sample({ prompt: "p", messages: 101 });
    expect(outcome).toMatchObject({ ok: false, code: -32602 });
    expect(outcome?.message).toContain("Sampling request too large: 101 messages, at most 100");
    expect(seen).toEqual([]);
    expect(warnings).toEqual(['MCP server "s": refused a sampling request of 101 messages, at most 100']);
  });

  it("should refuse a request above 256 KiB with a JSON-RPC error the handler never sees", async () => {
    const [outcome] = await sample({ prompt: "p", padBytes: 300_000 });
    expect(outcome).toMatchObject({ ok: false, code: -32602 });
    expect(outcome?.message).toMatch(/Sampling request too large: (at least )?\d+ bytes, at most 262144/);
    expect(seen).toEqual([]);
  });

  it("should answer a request the user declines with error -1, before the model sees it", async () => {
    const [outcome] = await sample({ prompt: "decline this" });
    expect(outcome).toMatchObject({ ok: false, code: -1 });
    expect(outcome?.message).toContain("User rejected sampling request");
    expect(approvals).toEqual(["s"]);
    expect(seen).toEqual([]);
  });

  it("should answer an approve hook that throws like a failing handler, the model unasked", async () => {
    const [outcome] = await sample({ prompt: "unsure" });
    expect(outcome).toMatchObject({
      ok: false,
      code: -32603,
      message: expect.stringContaining(SAMPLING_FAILED_MESSAGE),
    });
    expect(seen).toEqual([]);
    expect(warnings).toEqual(['MCP server "s": the sampling approval failed: approval dialog crashed']);
  });

  it("should refuse a flood past 30 requests a minute per server, warning once", async () => {
    const outcomes = await sample({ prompt: "p", count: 35 }, "flood");
    expect(outcomes.filter((o) => o.ok)).toHaveLength(30);
    const refused = outcomes.slice(30);
    expect(refused.map((o) => o.code)).toEqual([-32600, -32600, -32600, -32600, -32600]);
    expect(refused[0]?.message).toContain("Too many sampling requests: at most 30 a minute");
    expect(warnings).toEqual([
      'MCP server "flood": more than 30 sampling requests in a minute; refusing the rest of it',
    ]);
    // Another server's budget is its own.
    expect(await sample({ prompt: "p" })).toMatchObject([{ ok: true }]);
  });

  it("should answer a handler's garbage with a generic internal error and tell the host", async () => {
    const [outcome] = await sample({ prompt: "garbage" });
    expect(outcome).toMatchObject({ ok: false, code: -32603 });
    expect(outcome?.message).toContain(SAMPLING_FAILED_MESSAGE);
    expect(warnings).toEqual([
      'MCP server "s": the sampling handler answered no sampling result: no role "assistant" or "user"',
    ]);
  });

  it("should escape control characters of a failing handler's message in the warning", async () => {
    const [outcome] = await sample({ prompt: "throw" });
    expect(outcome).toMatchObject({
      ok: false,
      code: -32603,
      message: expect.stringContaining(SAMPLING_FAILED_MESSAGE),
    });
    expect(warnings).toEqual(['MCP server "s": the sampling handler failed: model echoed \\x1b[31mred\\x07']);
  });
});

describe("the sampling rate window", () => {
  it("should allow maxPerMinute requests in a window, refuse the rest, and open a new window after 60 s", () => {
    let now = 1_000;
    const rate = new SamplingRate(2, () => now);
    expect([rate.take(), rate.take(), rate.take(), rate.take()]).toEqual([
      "allowed",
      "allowed",
      "first-refusal",
      "refused",
    ]);
    now += 59_999;
    expect(rate.take()).toBe("refused");
    now += 1;
    expect([rate.take(), rate.take(), rate.take()]).toEqual(["allowed", "allowed", "first-refusal"]);
  });
});

describe("the sampling option", () => {
  it.each([
    [{ maxTokens: 0 }, 'loadMcp option "sampling.maxTokens": expected an integer ≥ 1, got 0'],
    [
      { maxRequestsPerMinute: 1.5 },
      'loadMcp option "sampling.maxRequestsPerMinute": expected an integer ≥ 1, got 1.5',
    ],
    [
      { maxRequestBytes: 10 },
      'loadMcp option "sampling.maxRequestBytes": expected an integer ≥ 1024, got 10',
    ],
    [{ approve: true }, 'loadMcp option "sampling.approve": expected a function, got boolean'],
    ["all", 'loadMcp option "sampling": expected an object, got string'],
  ])("should refuse %j naming the field", async (sampling, message) => {
    const options = { toolCache: null, sampling } as unknown as LoadMcpOptions;
    await expect(loadMcp({ mcpServers: {} }, options)).rejects.toMatchObject({
      code: "OPTIONS_INVALID",
      message,
    });
  });

  it("should merge a partial sampling option over the defaults field by field", () => {
    expect(resolveSamplingOptions({ maxTokens: 100, maxMessages: undefined })).toStrictEqual({
      ...SAMPLING_DEFAULTS,
      approve: undefined,
      maxTokens: 100,
    });
  });
});

describe("the sampling defaults", () => {
  it("should be stated in the JSDoc of SamplingOptions and the README's sampling table as SAMPLING_DEFAULTS has them", () => {
    const types = readFileSync(new URL("../src/sampling/sampling-types.ts", import.meta.url), "utf8");
    const readme = readFileSync(new URL("../README.md", import.meta.url), "utf8");
    for (const [field, value] of Object.entries(SAMPLING_DEFAULTS)) {
      expect(types, field).toMatch(new RegExp(`@default ${value}\\s*\\*/\\s*${field}\\?:`));
      expect(readme, field).toMatch(new RegExp(`\\| \`${field}\`\\s*\\| \`${value}\`\\s*\\|`));
    }
  });
});

// aiSdkSampling's budget counts what reaches the provider: every `doGenerate` attempt, the SDK's
// retries included, per server and across every server the handler answers. Real 2025-era servers
// (the dual-era fixture's `sample`, `--sampling`) flood the host with sampling requests; the host's
// model is the AI SDK's own mock provider model, which fails retryably as a busy provider does.
import { stdioServer } from "@toolnexus/fixtures";
import { loadMcp, type McpSource } from "@toolnexus/mcp-core";
import { APICallError } from "ai";
import { MockLanguageModelV3 } from "ai/test";
import { afterEach, describe, expect, it } from "vitest";
import { aiSdkSampling } from "../src/index.js";

const server = () => ({ ...stdioServer("dual-era", ["--sampling"]), protocol: "2025-11-25" as const });

type GenerateResult = Awaited<ReturnType<MockLanguageModelV3["doGenerate"]>>;

/** What the fixture's `sample` tool reports of each request it sent. */
interface Outcome {
  ok: boolean;
  code?: number | null;
  message?: string;
}

const answer: GenerateResult = {
  content: [{ type: "text", text: "fine" }],
  finishReason: { unified: "stop", raw: undefined },
  usage: {
    inputTokens: { total: 1, noCache: 1, cacheRead: undefined, cacheWrite: undefined },
    outputTokens: { total: 1, text: 1, reasoning: undefined },
  },
  warnings: [],
};

/** A provider that is busy `failures` times a request (a retryable 503, retry after 1 ms), then answers. */
function busyProvider(failures: number): { model: MockLanguageModelV3; calls: () => number } {
  let calls = 0;
  const model = new MockLanguageModelV3({
    doGenerate: async () => {
      calls += 1;
      if (calls % (failures + 1) !== 0) {
        throw new APICallError({
          message: "overloaded",
          url: "https://provider.invalid/v1",
          requestBodyValues: {},
          statusCode: 503,
          responseHeaders: { "retry-after-ms": "1" },
          isRetryable: true,
        });
      }
      return answer;
    },
  });
  return { model, calls: () => calls };
}

let source: McpSource | undefined;
afterEach(async () => {
  await source?.close();
  source = undefined;
});

async function sample(on: string, count: number): Promise<Outcome[]> {
  const tool = source?.tools.find((t) => t.server === on && t.rawName === "sample");
  if (!tool) throw new Error(`no sample tool on ${on}`);
  const result = await tool.execute({ prompt: "p", count }, { timeoutMs: 60_000 });
  expect(result.isError, result.text).toBe(false);
  return (JSON.parse(result.text) as { results: Outcome[] }).results;
}

describe("aiSdkSampling's budget of provider calls", () => {
  it("should count every attempt that reaches the provider, retries included, per server", async () => {
    const provider = busyProvider(2); // three attempts a request
    const warnings: string[] = [];
    source = await loadMcp(
      { mcpServers: { flood: server() } },
      {
        toolCache: null,
        autoRestart: { enabled: false },
        onWarning: (message) => warnings.push(message),
        ...aiSdkSampling({ model: provider.model }),
      },
    );

    const outcomes = await sample("flood", 20);

    // 30 provider calls a minute per server by default: ten requests of three attempts each.
    expect(provider.calls()).toBe(30);
    expect(outcomes.filter((o) => o.ok)).toHaveLength(10);
    const refused = outcomes.slice(10);
    expect(refused.map((o) => o.code)).toEqual(Array(10).fill(-32600));
    expect(refused[0]?.message).toContain(
      "Too many calls to the host's model: at most 30 a minute per server",
    );
    expect(warnings).toEqual([
      'MCP server "flood": more than 30 calls to the host\'s model in a minute; refusing the rest of it',
    ]);
  });

  it("should bound the provider calls of every server together by maxCallsPerMinuteTotal", async () => {
    const provider = busyProvider(0);
    const warnings: string[] = [];
    source = await loadMcp(
      { mcpServers: { a: server(), b: server() } },
      {
        toolCache: null,
        autoRestart: { enabled: false },
        onWarning: (message) => warnings.push(message),
        ...aiSdkSampling({ model: provider.model, maxCallsPerMinuteTotal: 40 }),
      },
    );

    const [a, b] = await Promise.all([sample("a", 25), sample("b", 25)]);
    const outcomes = [...(a ?? []), ...(b ?? [])];

    expect(provider.calls()).toBe(40);
    expect(outcomes.filter((o) => o.ok)).toHaveLength(40);
    const refused = outcomes.filter((o) => !o.ok);
    expect(refused.map((o) => o.code)).toEqual(Array(10).fill(-32600));
    expect(refused[0]?.message).toContain("Too many calls to the host's model: at most 40 a minute in all");
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(
      /^MCP server "[ab]": more than 40 calls to the host's model in a minute from all servers; refusing the rest of it$/,
    );
  });

  it("should count a model given by id, resolved through the host's default provider", async () => {
    const provider = busyProvider(0);
    const global = globalThis as { AI_SDK_DEFAULT_PROVIDER?: unknown };
    global.AI_SDK_DEFAULT_PROVIDER = { languageModel: () => provider.model };
    try {
      const { onSampling } = aiSdkSampling({ model: "host-model", maxCallsPerMinute: 1 });
      const request = {
        messages: [{ role: "user" as const, content: { type: "text" as const, text: "hi" } }],
        maxTokens: 10,
      };
      const context = { server: "s", signal: new AbortController().signal };
      await expect(onSampling(request, context)).resolves.toMatchObject({ role: "assistant" });
      await expect(onSampling(request, context)).rejects.toMatchObject({ code: "SAMPLING_REFUSED" });
      expect(provider.calls()).toBe(1);
    } finally {
      delete global.AI_SDK_DEFAULT_PROVIDER;
    }
  });

  it("should reject a malformed limit as an option error", () => {
    const { model } = busyProvider(0);
    expect(() => aiSdkSampling({ model, maxCallsPerMinute: 0 })).toThrow(/"maxCallsPerMinute"/);
    expect(() => aiSdkSampling({ model, maxCallsPerMinuteTotal: 1.5 })).toThrow(/"maxCallsPerMinuteTotal"/);
  });
});

/**
 * Server-to-client request floods from a real server (hostile `client-flood`, 2025-11-25 era),
 * beside a well-behaved stdio server in the same source: a thousand and more of `tasks/result` for one
 * client-side task, thousands of elicitation requests, thousands of refused URL elicitations. The
 * waiters a server can park are bounded, the host's handler is called a bounded number of times,
 * the warnings are bounded, and the other server keeps answering.
 */
import { hostileServer } from "@toolnexus/fixtures";
import { describe, expect, it } from "vitest";
import { CLIENT_TASK_LIMITS } from "../src/client-tasks/client-task-store.js";
import { MAX_ELICITATIONS_PER_MINUTE } from "../src/elicitation/guard-elicitation.js";
import type { ElicitationHandler, McpSource } from "../src/index.js";
import { failOnUnhandledRejections, httpFixture, toolByRawName, useSources } from "./support/harness.js";

failOnUnhandledRejections();

const sources = useSources({ toolCache: null, autoRestart: { enabled: false } });

/** Requests per flood, sent at once: several times every bound below (256 waiters, 30 elicitations a
 * minute); HTTP carries each on the call's SSE stream, so fewer there. */
const FLOODS = { stdio: 1_500, http: 600 } as const;

/** The flooding server beside `good`; the host's handler answers with `answer`, its calls counted. */
async function loadFlood(transport: "stdio" | "http", answer: ElicitationHandler) {
  const flood =
    transport === "stdio"
      ? hostileServer("client-flood")
      : { url: (await httpFixture("hostile", ["--mode", "client-flood"])).url };
  const warnings: string[] = [];
  const counted = { calls: 0 };
  const source = await sources.load(
    { mcpServers: { flood: { ...flood, protocol: "2025-11-25" }, good: hostileServer("echo") } },
    {
      onElicitation: (server, request, context) => {
        counted.calls += 1;
        return answer(server, request, context);
      },
      onWarning: (message) => warnings.push(message),
    },
  );
  return { source, warnings, counted };
}

async function flood(source: McpSource, tool: string, args: Record<string, unknown>) {
  const result = await toolByRawName(source, tool, "flood").execute(args, { timeoutMs: 60_000 });
  expect(result.isError, result.text).toBe(false);
  return JSON.parse(result.text) as Record<string, unknown>;
}

async function expectGoodAnswers(source: McpSource): Promise<void> {
  const result = await toolByRawName(source, "echo", "good").execute({ text: "still here" });
  expect(result).toMatchObject({ isError: false, text: "still here" });
}

describe.each(["stdio", "http"] as const)("server-to-client floods (%s)", (transport) => {
  const COUNT = FLOODS[transport];

  it(`should park at most ${CLIENT_TASK_LIMITS.maxResultWaiters} of ${COUNT} tasks/result for one task and refuse the rest`, async () => {
    // The host's answer waits for the task to end: every tasks/result has to wait or be refused.
    const { source, counted } = await loadFlood(
      transport,
      (_server, _request, context) =>
        new Promise((resolve) =>
          context?.signal?.addEventListener("abort", () => resolve({ action: "cancel" })),
        ),
    );
    const { codes } = (await flood(source, "result_flood", { count: COUNT })) as {
      codes: Record<string, number>;
    };
    // Waiting ones are answered by the cancel (-32602); the refused ones at once (-32600).
    expect(codes["-32602"]).toBeGreaterThan(0);
    expect(codes["-32602"]).toBeLessThanOrEqual(CLIENT_TASK_LIMITS.maxResultWaiters);
    expect(codes["-32600"]).toBe(COUNT - (codes["-32602"] ?? 0));
    expect(counted.calls).toBe(1);
    await expectGoodAnswers(source);
  });

  it(`should call the host's handler at most ${MAX_ELICITATIONS_PER_MINUTE} times for ${COUNT} elicitations, warned once`, async () => {
    const { source, warnings, counted } = await loadFlood(transport, async () => ({ action: "decline" }));
    const codes = await flood(source, "elicit_flood", { count: COUNT });
    expect(counted.calls).toBeLessThanOrEqual(MAX_ELICITATIONS_PER_MINUTE);
    expect(codes.ok).toBe(counted.calls);
    expect(codes["-32600"]).toBe(COUNT - counted.calls);
    expect(warnings.filter((w) => w.includes("elicitation"))).toHaveLength(1);
    await expectGoodAnswers(source);
  });

  it(`should warn at most once for a burst of ${COUNT} refused URL elicitations`, async () => {
    const { source, warnings, counted } = await loadFlood(transport, async () => ({ action: "accept" }));
    const codes = await flood(source, "elicit_flood", { count: COUNT, url: "javascript:alert(1)" });
    expect(counted.calls).toBe(0);
    expect(codes.ok).toBeUndefined();
    // Refused by the URL rule (-32602) until the rate refuses the rest (-32600): one warning each.
    expect(warnings.filter((w) => w.includes("refused a URL elicitation"))).toHaveLength(1);
    expect(warnings.length).toBeLessThanOrEqual(2);
    await expectGoodAnswers(source);
  });
});

// The `context` option (SPEC §23.2): the AI SDK's per-call context (ai 6's `experimental_context`,
// ai 7's tool context) mapped into each MCP
// call's tenant, `_meta` and headers, against the basic fixture over Streamable HTTP (a real
// process whose `trace_meta` answers the `_meta` and headers it received).
import { sourceLoader, startHttpFixture } from "@toolnexus/fixtures";
import { loadMcp } from "@toolnexus/mcp-core";
import { generateText, stepCountIs } from "ai";
import { afterEach, describe, expect, it } from "vitest";
import { isMcpToolCallError, toAiSdkTools } from "../src/index.js";
import { testedAiMajor } from "./support/ai-major.js";
import { scriptedModel, text, toolCall } from "./support/model.js";

const sources = sourceLoader(loadMcp, { toolCache: null });
const stops: Array<() => Promise<unknown>> = [];
afterEach(async () => {
  await sources.closeAll();
  await Promise.all(stops.splice(0).map((stop) => stop()));
});

interface Seen {
  allMeta: Record<string, unknown>;
  allHeaders: Record<string, string>;
}
interface RunContext {
  userId: string;
  runId: string;
}

async function httpSource() {
  const fixture = await startHttpFixture("basic", ["--trace-tool"]);
  stops.push(() => fixture.stop());
  return sources.loadServers({ basic: { url: fixture.url } });
}

/** One run calling `trace_meta` with the host's context: ai 6's `experimental_context`, ai 7's tool context. */
async function run(tools: ReturnType<typeof toAiSdkTools>, hostContext: unknown) {
  const perCall =
    testedAiMajor === 7
      ? { toolsContext: { mcp__basic__trace_meta: hostContext } }
      : { experimental_context: hostContext };
  const result = await generateText({
    model: scriptedModel([() => [toolCall("mcp__basic__trace_meta")], () => [text("done")]]),
    tools,
    prompt: "go",
    stopWhen: stepCountIs(3),
    ...(perCall as object),
  });
  return result.steps[0]?.content.find((part) => part.type === "tool-result" || part.type === "tool-error");
}

describe("the AI SDK adapter's context option", () => {
  it("should send each run's own context as the call's _meta and headers", async () => {
    const source = await httpSource();
    const tools = toAiSdkTools(source, {
      context: (ctx) => {
        const { userId, runId } = ctx as RunContext;
        return { tenant: userId, _meta: { "example.com/run": runId }, headers: { "X-Tenant": userId } };
      },
    });
    const [a, b] = await Promise.all([
      run(tools, { userId: "alice", runId: "r1" }),
      run(tools, { userId: "bob", runId: "r2" }),
    ]);
    const seenA = JSON.parse((a as { output: { text: string } }).output.text) as Seen;
    const seenB = JSON.parse((b as { output: { text: string } }).output.text) as Seen;
    expect(seenA.allMeta).toEqual({ "example.com/run": "r1" });
    expect(seenA.allHeaders["x-tenant"]).toBe("alice");
    expect(seenB.allMeta).toEqual({ "example.com/run": "r2" });
    expect(seenB.allHeaders["x-tenant"]).toBe("bob");
  });

  it("should not let the mapped context take the library's keys", async () => {
    const source = await httpSource();
    const tools = toAiSdkTools(source, {
      context: () => ({
        _meta: { progressToken: "p", traceparent: "00-11111111111111111111111111111111-2222222222222222-01" },
        headers: { Authorization: "Bearer stolen", "Mcp-Session-Id": "other" },
      }),
    });
    const part = await run(tools, undefined);
    const seen = JSON.parse((part as { output: { text: string } }).output.text) as Seen;
    expect(seen.allMeta).toEqual({});
    expect(seen.allHeaders.authorization).toBeUndefined();
    expect(seen.allHeaders["mcp-session-id"]).not.toBe("other");
  });

  it("should fail the call as a tool error, not the run, when the mapping throws or cannot be sent", async () => {
    const source = await httpSource();
    const throwing = toAiSdkTools(source, {
      context: () => {
        throw new Error("secret-in-host-error");
      },
    });
    const part = (await run(throwing, {})) as { type: string; error: unknown };
    expect(part.type).toBe("tool-error");
    expect(isMcpToolCallError(part.error)).toBe(true);
    expect(part.error).toMatchObject({ kind: "protocol", result: { error: { code: "PROTOCOL_ERROR" } } });
    expect(JSON.stringify((part.error as Error).message)).not.toContain("secret-in-host-error");

    const smuggling = toAiSdkTools(source, { context: () => ({ headers: { "x-a": "1\r\nX-B: 2" } }) });
    const refused = (await run(smuggling, {})) as { type: string; error: unknown };
    expect(refused).toMatchObject({ type: "tool-error", error: { kind: "protocol" } });
  });

  it("should refuse a context option that is not a function when the tools are made", async () => {
    const source = await httpSource();
    expect(() => toAiSdkTools(source, { context: {} as never })).toThrow(
      /option "context": expected a function/,
    );
  });
});

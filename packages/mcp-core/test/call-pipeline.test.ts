// The tool-call pipeline (`calls/call-pipeline.ts`): its stages in order, each tested alone on a
// call record, and the frames one call crosses from `McpTool.execute` to its write on the wire
// (a real `basic` server, 2025 era, through the core's own call channel).
import { callStackAtWrite, stdioServer } from "@toolnexus/fixtures";
import { describe, expect, it } from "vitest";
import {
  applyContext,
  boundTotal,
  budget,
  CALL_STAGES,
  checkDurations,
  endSpan,
  openSpan,
  RESULT_STAGES,
  readResult,
  redact,
  resolveTool,
  routeTenant,
  send,
  shapeArguments,
  totalTimeout,
} from "../src/calls/call-pipeline.js";
import type { CallSite } from "../src/calls/call-site.js";
import { newCall } from "../src/calls/tool-call.js";
import type { ServerConfig } from "../src/config/server-config.js";
import { Redactor } from "../src/redact/redactor.js";
import { createKeptResults } from "../src/results/kept-results.js";
import { memoryResultStore } from "../src/results/memory-result-store.js";
import { resolveResultBudget } from "../src/results/result-budget-options.js";
import type { ServerTasks } from "../src/tasks/server-tasks.js";
import { abortedResult } from "../src/tools/call-result.js";
import type { McpSession } from "../src/transport/session.js";
import type { McpTool, McpToolResult } from "../src/types.js";
import { toolByRawName, useSources } from "./support/harness.js";

const sources = useSources({ toolCache: null });

const TOOL = { name: "mcp__s__echo", rawName: "echo", server: "s" } as McpTool;

/** A server's call site as plain values: what each stage reads, nothing running. */
function site(patch: Partial<CallSite> = {}): CallSite & { counted: number } {
  const counts = { counted: 0 };
  const base: CallSite = {
    config: { name: "s", timeoutMs: 30_000, toolTimeouts: { echo: 7_000 } } as unknown as ServerConfig,
    redactor: new Redactor(),
    maxResultBytes: 1_000_000,
    offers: () => true,
    idle: { callStarted: () => void counts.counted++, callEnded: () => void counts.counted-- },
    verdict: () => ({ go: "call", session: {} as McpSession }),
    whenRunning: () => Promise.resolve({ session: {} as McpSession }),
    closedMessage: () => "closed",
    tasks: {} as ServerTasks,
    budget: undefined,
  };
  return Object.assign(counts, base, patch);
}

describe("the call pipeline", () => {
  it("should run its stages in order: durations, arguments, context, total bound, tenant, tool and session, span, send; then read, total timeout, redact, span end, budget", () => {
    expect(CALL_STAGES).toEqual([
      checkDurations,
      shapeArguments,
      applyContext,
      boundTotal,
      routeTenant,
      resolveTool,
      openSpan,
      send,
    ]);
    expect(RESULT_STAGES).toEqual([readResult, totalTimeout, redact, endSpan, budget]);
  });

  it("routeTenant: should move a tenant's call to its instance's site, at once when it exists, and settle a refusal", async () => {
    const own = site();
    const alice = site();
    const refused = {
      content: [],
      isError: true,
      text: "busy",
      error: { kind: "unavailable", code: "TENANTS_BUSY", message: "busy" },
    } as unknown as McpToolResult;
    const tenants = {
      siteFor: (tenant: string) =>
        tenant === "alice"
          ? { site: alice }
          : tenant === "late"
            ? Promise.resolve({ site: alice })
            : { failed: refused },
    };
    const shared = site({ tenants });
    const plain = newCall(shared, TOOL, {}, {});
    expect(routeTenant(plain)).toBe(plain);
    expect(plain.site).toBe(shared);
    const known = newCall(shared, TOOL, {}, { tenant: "alice" });
    expect(routeTenant(known)).toBe(known);
    expect(known.site).toBe(alice);
    const late = newCall(shared, TOOL, {}, { tenant: "late" });
    expect((await routeTenant(late)).site).toBe(alice);
    const busy = newCall(shared, TOOL, {}, { tenant: "bob" });
    expect(routeTenant(busy)).toBe(busy);
    expect(busy.result).toBe(refused);
    expect(busy.site).toBe(shared);
    // A shared server: the tenant selects nothing.
    const onShared = newCall(own, TOOL, {}, { tenant: "alice" });
    expect(routeTenant(onShared)).toBe(onShared);
    expect(onShared.site).toBe(own);
  });

  it("budget: should pass a result within its budget untouched and at once, and preview and keep one over it", async () => {
    const warnings: string[] = [];
    const warn = (message: string) => warnings.push(message);
    const settings = resolveResultBudget({ maxTokens: 10, warnTokens: 5, previewTokens: 4 });
    const kept = createKeptResults(memoryResultStore(), 60_000, 1_000, warn);
    const within = newCall(site({ budget: { settings, kept, warn } }), TOOL, {}, undefined);
    const small = { content: [{ type: "text" as const, text: "tiny" }], isError: false, text: "tiny" };
    within.result = small;
    expect(budget(within)).toBe(within);
    expect(within.result).toBe(small);
    const over = newCall(site({ budget: { settings, kept, warn } }), TOOL, {}, undefined);
    const text = "0123456789".repeat(10);
    over.result = { content: [{ type: "text", text }], isError: false, text };
    const done = await budget(over);
    expect(done.result?.text).toBe(text);
    expect(done.result?.preview?.text).toMatch(
      /^0123456789012345\n\n\[Preview: the first 16 of 100 characters/,
    );
    expect(await kept.read(done.result?.preview?.handle ?? "", { offset: 16, length: 4 })).toMatch(
      /^6789\n\n/,
    );
    expect(warnings).toStrictEqual([
      'Tool "mcp__s__echo" on MCP server "s" returned a result of about 25 tokens, over its limit of 10: the model got a preview and a handle to read the rest',
    ]);
    await kept.close();
  });

  it("checkDurations: should refuse a duration no timer can wait, else take the entry's timeout for the tool", () => {
    const refused = checkDurations(newCall(site(), TOOL, {}, { timeoutMs: -1 }));
    expect(refused.result?.error).toMatchObject({ kind: "protocol", code: "PROTOCOL_ERROR" });
    expect(refused.result?.error?.message).toContain(
      'Call to tool "mcp__s__echo" on MCP server "s" was not sent',
    );
    expect(checkDurations(newCall(site(), TOOL, {}, undefined)).timeoutMs).toBe(7_000);
    expect(checkDurations(newCall(site(), TOOL, {}, { timeoutMs: 5 })).timeoutMs).toBe(5);
  });

  it("applyContext: should keep the host's _meta and headers without the library's keys, and refuse what cannot be sent", () => {
    const call = applyContext(
      newCall(
        site(),
        TOOL,
        {},
        {
          tenant: "acme",
          _meta: { progressToken: 1, "io.modelcontextprotocol/x": 1, runId: "r" },
          headers: { "Mcp-Session-Id": "s", "x-run": "r" },
        },
      ),
    );
    expect(call.result).toBeUndefined();
    expect(call.extras).toEqual({ meta: { runId: "r" }, headers: { "x-run": "r" } });
    expect(applyContext(newCall(site(), TOOL, {}, { tenant: "acme" })).extras).toBeUndefined();
    const refused = applyContext(newCall(site(), TOOL, {}, { headers: { "x-a": "v\r\nX: y" } }));
    expect(refused.result?.error).toMatchObject({ kind: "protocol", code: "PROTOCOL_ERROR" });
  });

  it("resolveTool: should settle a tool no longer offered without counting it, and take a running session at once", () => {
    const gone = site({ offers: () => false });
    const removed = resolveTool(newCall(gone, TOOL, {}, undefined));
    expect(removed).not.toBeInstanceOf(Promise);
    expect((removed as ReturnType<typeof newCall>).result?.error?.code).toBe("TOOL_REMOVED");
    expect(gone.counted).toBe(0);
    const running = site();
    const call = resolveTool(newCall(running, TOOL, {}, undefined));
    expect(call).not.toBeInstanceOf(Promise);
    expect((call as ReturnType<typeof newCall>).session).toBeDefined();
    expect(running.counted).toBe(1);
  });

  it("totalTimeout: should report an abort by the expired bound as a timeout, and a caller's abort as an abort", () => {
    const call = newCall(site(), TOOL, {}, undefined);
    call.result = abortedResult("s", "mcp__s__echo");
    call.total = { ctx: {}, limitMs: 50, expired: true, end: () => {} };
    expect(totalTimeout(call).result?.error).toMatchObject({ kind: "timeout", code: "TIMEOUT" });
    const controller = new AbortController();
    controller.abort();
    const callers = newCall(site(), TOOL, {}, { signal: controller.signal });
    callers.result = abortedResult("s", "mcp__s__echo");
    callers.total = { ctx: {}, limitMs: 50, expired: true, end: () => {} };
    expect(totalTimeout(callers).result?.error?.kind).toBe("aborted");
  });

  it("readResult: should read the server's result leniently, bounded", () => {
    const call = newCall(site(), TOOL, {}, undefined);
    call.raw = { content: [{ type: "text", text: "hi" }, { type: "no-such-block" }] };
    expect(readResult(call).result).toMatchObject({ isError: false, text: "hi" });
  });

  it("should reach the write within 5 frames in at most 5 files from McpTool.execute", async () => {
    const source = await sources.load({ mcpServers: { basic: stdioServer("basic") } });
    const echo = toolByRawName(source, "echo");
    const { frames, files } = await callStackAtWrite(() => echo.execute({ text: "hi" }));
    const path = frames.map((frame) => frame.name).join(" ← ");
    expect(frames.at(-1)?.name, path).toBe("ToolWrapper.execute");
    expect(frames.length, path).toBeLessThanOrEqual(5);
    expect(files.length, files.join("\n")).toBeLessThanOrEqual(5);
  });
});

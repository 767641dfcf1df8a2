// Code mode's tools over a real server (SPEC §22.3): a program's calls are the tools' own execute
// (timeouts, result budget, spans), within the run's bounds and the host's approval.
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { sourceLoader, stdioServer } from "@toolnexus/fixtures";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createCodeModeTools, createQuickJsExecutor } from "../src/code-mode-entry.js";
import { type LoadMcpOptions, loadMcp, type McpSource, type McpTool } from "../src/index.js";
import { failOnUnhandledRejections } from "./support/harness.js";
import { useInMemoryTracing } from "./support/in-memory-tracing.js";

failOnUnhandledRejections();

const loader = sourceLoader(loadMcp as (config: object, options?: LoadMcpOptions) => Promise<McpSource>, {
  toolCache: null,
});
const executor = createQuickJsExecutor({ timeoutMs: 10_000 });
const exporter = useInMemoryTracing();
let dir: string;
let log: string;
let source: McpSource;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "code-mode-"));
  log = join(dir, "basic.log");
  source = await loader.loadServers(
    { basic: stdioServer("basic", ["--big-results", "--log", log]) },
    { resultBudget: { maxTokens: 1_000 } },
  );
});
afterAll(async () => {
  await loader.closeAll();
  rmSync(dir, { recursive: true, force: true });
});

const serverCalls = (tool: string): number =>
  readFileSync(log, "utf8")
    .split("\n")
    .filter((line) => line.includes('"call"') && line.includes(`"${tool}"`)).length;

async function run(code: string, options: Parameters<typeof createCodeModeTools>[1] = {}) {
  const [runTool] = createCodeModeTools(source, { executor, ...options });
  return runTool.execute({ code });
}

describe("mcp_run_code", () => {
  it("should call the server's tools through codemode.<server>.<tool> and return only the program's value", async () => {
    const result = await run(`async () => {
      const [sum, echoed] = await Promise.all([codemode.basic.add({ a: 2, b: 3 }), codemode.basic.echo({ text: "hi" })]);
      console.log("sum is", sum.sum);
      return { sum: sum.sum, echoed };
    }`);
    expect(result.isError).toBe(false);
    expect(result.text).toBe('{"sum":5,"echoed":"hi"}\n\nconsole:\nsum is 5');
    expect(result.structuredContent).toEqual({ result: { sum: 5, echoed: "hi" }, logs: ["sum is 5"] });
  });

  it("should give the program a tool's failure as an error it can catch, and the model an error it can act on", async () => {
    const caught = await run(`async () => {
      try { await codemode.basic.fail({ message: "disk full" }); } catch (e) { return e.message; }
    }`);
    expect(caught.structuredContent).toMatchObject({ result: "basic.fail: disk full" });
    const thrown = await run("async () => { await codemode.basic.fail({}); }");
    expect(thrown.isError).toBe(true);
    expect(thrown.error).toMatchObject({ kind: "tool", code: "TOOL_ERROR" });
    expect(thrown.text).toBe(
      "The program failed after 1 tool call(s): Error: basic.fail: tool failed on purpose",
    );
    const unknown = await run("async () => codemode.basic.nope({})");
    expect(unknown.text).toMatch(/^The program failed after 0 tool call\(s\): TypeError: /);
  });

  it("should let the program read a whole result over the budget, and budget its value as a tool's result", async () => {
    const program = `async () => { const text = await codemode.basic.big_text({ chars: 40000 }); return { length: text.length, text }; }`;
    const result = await run(program);
    const direct = await source.tools.find((t) => t.rawName === "big_text")?.execute({ chars: 40_000 });
    expect(direct?.preview).toBeDefined(); // the model's direct call would get a preview
    // The host keeps the whole value; the model gets a preview and a handle to read the rest.
    expect(result.text).toMatch(/^\{"length":40\d\d\d,"text":"/);
    expect(result.text.length).toBeGreaterThan(40_000);
    const handle = result.preview?.handle;
    expect(handle).toBeDefined();
    expect(result.preview?.text).toContain("mcp_read_result");
    expect(result.preview?.text.length).toBeLessThan(10_000);
    const rest = await source.readResult(handle as string, { offset: 0 });
    expect(rest).toContain('{"length":40');

    // A catalog without a result budget (not a source): the value is cut at maxResultChars.
    const [plain] = createCodeModeTools({ tools: source.tools }, { executor, maxResultChars: 200 });
    const cut = await plain.execute({ code: program });
    expect(cut.preview).toBeUndefined();
    expect(cut.text).toMatch(/… \[the value was \d+ characters; cut at 200: return less\]$/);
    expect(cut.structuredContent).toEqual({ logs: [] });
  });

  it("should refuse the calls past maxCalls, and never send them", async () => {
    const before = serverCalls("echo");
    const result = await run(
      `async () => { for (let i = 0; i < 1000; i++) await codemode.basic.echo({ text: String(i) }); }`,
      { maxCalls: 3 },
    );
    expect(result.text).toBe(
      "The program failed after 4 tool call(s): Error: refused: a program may make at most 3 tool calls a run (maxCalls)",
    );
    expect(serverCalls("echo") - before).toBe(3);
    const flood = await run(
      "async () => { await Promise.all(Array.from({ length: 2000 }, (_, i) => codemode.basic.echo({ text: String(i) }))); }",
      { maxCalls: 5 },
    );
    expect(flood.text).toMatch(/at most 5 tool calls a run \(maxCalls\)$/);
  });

  it("should ask the host before a call that needs approval, and refuse it unless approved", async () => {
    const asked: unknown[] = [];
    const before = serverCalls("echo");
    const denied = await run('async () => codemode.basic.echo({ text: "x" })', {
      needsApproval: (tool: McpTool) => tool.rawName === "echo",
      approve: (tool: McpTool, args: Record<string, unknown>) => {
        asked.push([tool.rawName, args]);
        return false;
      },
    });
    expect(denied.text).toBe(
      "The program failed after 1 tool call(s): Error: basic.echo: the call was not approved (APPROVAL_DENIED)",
    );
    expect(asked).toEqual([["echo", { text: "x" }]]);
    expect(serverCalls("echo")).toBe(before);
    const noPrompt = await run('async () => codemode.basic.echo({ text: "x" })', {
      needsApproval: () => true,
    });
    expect(noPrompt.text).toMatch(/not approved \(APPROVAL_DENIED\)$/);
    const approved = await run('async () => codemode.basic.echo({ text: "y" })', {
      needsApproval: () => true,
      approve: async () => true,
    });
    expect(approved.text).toBe('"y"');
  });

  it("should nest the program's tools/call spans under the code tool's span", async () => {
    exporter.reset();
    await run(
      "async () => [await codemode.basic.echo({ text: 'a' }), await codemode.basic.add({ a: 1, b: 1 })]",
    );
    const spans = exporter.getFinishedSpans();
    const parent = spans.find((s) => s.name === "execute_tool mcp_run_code");
    const calls = spans.filter((s) => s.name.startsWith("tools/call "));
    expect(calls.map((s) => s.name).sort()).toEqual(["tools/call add", "tools/call echo"]);
    for (const call of calls) expect(call.parentSpanContext?.spanId).toBe(parent?.spanContext().spanId);
    expect(parent?.attributes["toolnexus.code_mode.calls"]).toBe(2);
  });

  it("should hold a program's concurrent calls to maxConcurrentCalls", async () => {
    let active = 0;
    let most = 0;
    const slow = {
      name: "t__slow",
      server: "t",
      rawName: "slow",
      description: "",
      inputSchema: { type: "object" as const },
      execute: async () => {
        active++;
        most = Math.max(most, active);
        await new Promise((resolve) => setTimeout(resolve, 5));
        active--;
        return { content: [], isError: false, text: "ok" };
      },
    };
    const [runTool] = createCodeModeTools({ tools: [slow] }, { executor, maxConcurrentCalls: 2 });
    const result = await runTool.execute({
      code: "async () => (await Promise.all(Array.from({ length: 8 }, () => codemode.t.slow({})))).length",
    });
    expect(result.text).toBe("8");
    expect(most).toBe(2);
  });
});

describe("mcp_describe_tools", () => {
  it("should answer an index, a server's declarations, a tool's, and a hint for an unknown name", async () => {
    const [, describeTool] = createCodeModeTools(source, { executor });
    const index = (await describeTool.execute({})).text;
    expect(index).toContain("basic.add — ");
    expect(index).toContain("basic.echo");
    const one = (await describeTool.execute({ names: ["basic.add"] })).text;
    expect(one).toContain("declare const codemode: {");
    expect(one).toContain("add(input: {");
    expect(one).not.toContain("echo(");
    const server = (await describeTool.execute({ names: ["basic"] })).text;
    expect(server).toContain("echo(input: {");
    const unknown = (await describeTool.execute({ names: ["basic.ad"] })).text;
    expect(unknown).toMatch(/No server or tool named "basic.ad". Did you mean: basic.add/);
    expect((await describeTool.execute({ names: "basic" })).isError).toBe(true);
  });
});

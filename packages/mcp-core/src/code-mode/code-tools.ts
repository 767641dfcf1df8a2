/**
 * Code mode as two tools the model can call, shaped like any `McpTool` (server `""`, as the
 * meta-tools) so every adapter converts them as it converts the rest: `mcp_run_code` runs a program
 * against the live catalog in an executor, `mcp_describe_tools` returns the declarations of the
 * servers or tools the model asks for (and, without names, an index), so the prompt carries two
 * short definitions instead of every tool's.
 * @module
 */
import { context, trace } from "@opentelemetry/api";
import type { McpCallContext } from "../call-types.js";
import { resultBudgetOf } from "../result-budget-hook.js";
import type { JsonSchemaObject, McpTool, McpToolResult } from "../tool-types.js";
import { tracerNow } from "../tracing/client-span.js";
import { CallLimiter } from "./call-limiter.js";
import { describeTools } from "./describe-tools.js";
import type { ExecuteResult, Executor } from "./executor-types.js";
import type { ToolCatalog } from "./live-types.js";
import { namespacedCode } from "./namespaced-code.js";
import { createQuickJsExecutor } from "./quickjs-executor.js";
import { bridgeTools, type CodeApprovalOptions } from "./tool-bridge.js";

/** The model-facing names of the code-mode tools (reserved like the meta-tools'). */
export const RUN_CODE_NAME = "mcp_run_code";
export const DESCRIBE_TOOLS_NAME = "mcp_describe_tools";

/** Options of {@link createCodeModeTools}. */
export interface CodeModeOptions extends CodeApprovalOptions {
  /**
   * Where programs run.
   * @default createQuickJsExecutor() (the optional QuickJS packages)
   */
  executor?: Executor | undefined;
  /**
   * The most tool calls one program may make; past it a call is refused.
   * @default 50
   */
  maxCalls?: number | undefined;
  /**
   * The most tool calls of one program in flight at once; the rest wait.
   * @default 4
   */
  maxConcurrentCalls?: number | undefined;
  /**
   * The most characters of the program's value (as JSON) the model receives when the catalog has no
   * result budget (not a source, or `resultBudget: { enabled: false }`); the rest is cut with a
   * note. With one, the value is budgeted as a tool's result is: past `maxTokens` the model gets a
   * preview and a handle to read the rest (SPEC §22.3). The program itself sees whole results.
   * @default 20_000
   */
  maxResultChars?: number | undefined;
  /**
   * Which tools a program may call (and the describe tool shows): the host's own filter.
   * @default every tool of the catalog
   */
  include?: ((tool: McpTool) => boolean) | undefined;
}

const runSchema: JsonSchemaObject = {
  type: "object",
  properties: {
    code: {
      type: "string",
      description:
        "An async arrow function, e.g. async () => { const r = await codemode.server.tool({ … }); return r; }",
    },
  },
  required: ["code"],
  additionalProperties: false,
};

const LOCAL = { readOnlyHint: false, openWorldHint: true } as const;

/**
 * `[mcp_run_code, mcp_describe_tools]` over a live catalog (an `McpSource`). Each run reads the
 * catalog as it is then; its calls go through each tool's `execute` (SPEC §22.3).
 */
export function createCodeModeTools(
  catalog: ToolCatalog,
  options: CodeModeOptions = {},
): readonly [McpTool, McpTool] {
  const maxCalls = options.maxCalls ?? 50;
  const maxConcurrentCalls = options.maxConcurrentCalls ?? 4;
  const maxResultChars = options.maxResultChars ?? 20_000;
  const budget = resultBudgetOf(catalog);
  let executor = options.executor;
  const callable = () =>
    catalog.tools.filter((tool) => tool.server !== "" && (options.include?.(tool) ?? true));
  const run = async (args: Record<string, unknown>, ctx: McpCallContext = {}): Promise<McpToolResult> => {
    const code = args.code;
    if (typeof code !== "string" || code.trim() === "")
      return failed(
        `Invalid input for ${RUN_CODE_NAME}: expected "code", an async arrow function's source`,
        "PROTOCOL_ERROR",
      );
    executor ??= createQuickJsExecutor();
    const tools = callable();
    const limiter = new CallLimiter(maxCalls, maxConcurrentCalls);
    const ended = new AbortController();
    const signal = ctx.signal === undefined ? ended.signal : AbortSignal.any([ctx.signal, ended.signal]);
    const fns = bridgeTools(tools, limiter, { ...ctx, signal }, options);
    const span = tracerNow().startSpan(`execute_tool ${RUN_CODE_NAME}`, {
      attributes: { "gen_ai.operation.name": "execute_tool", "gen_ai.tool.name": RUN_CODE_NAME },
    });
    let outcome: ExecuteResult;
    try {
      const running = executor;
      outcome = await context.with(trace.setSpan(context.active(), span), () =>
        running.execute(namespacedCode(code, tools), fns),
      );
    } catch (error) {
      outcome = {
        result: undefined,
        error: `the executor failed: ${error instanceof Error ? error.message : String(error)}`,
      };
    } finally {
      limiter.end();
      ended.abort();
    }
    span.setAttribute("toolnexus.code_mode.calls", limiter.calls);
    if (outcome.error !== undefined) span.setAttribute("error.type", "code_error");
    span.end();
    if (budget === undefined) return runResult(outcome, limiter.calls, maxResultChars);
    return budget(runResult(outcome, limiter.calls, Number.POSITIVE_INFINITY), RUN_CODE_NAME);
  };
  return [
    Object.freeze({
      name: RUN_CODE_NAME,
      server: "",
      rawName: RUN_CODE_NAME,
      title: undefined,
      description: `Runs a JavaScript program that calls tools as typed functions, codemode.<server>.<tool>(input), and returns its value and console output. Read the declarations of the tools you need with ${DESCRIBE_TOOLS_NAME} first. Only the returned value reaches you: filter and combine results in the program. At most ${maxCalls} calls a run.`,
      inputSchema: runSchema,
      outputSchema: undefined,
      annotations: LOCAL,
      execute: run,
    }),
    describeTools(DESCRIBE_TOOLS_NAME, callable),
  ];
}

function runResult(outcome: ExecuteResult, calls: number, maxResultChars: number): McpToolResult {
  const logs = outcome.logs ?? [];
  const console = logs.length === 0 ? "" : `\n\nconsole:\n${logs.join("\n")}`;
  if (outcome.error !== undefined) {
    const text = `The program failed after ${calls} tool call(s): ${outcome.error}${console}`;
    return { ...failed(text, "TOOL_ERROR"), structuredContent: { error: outcome.error, logs } };
  }
  const json = outcome.result === undefined ? "undefined" : JSON.stringify(outcome.result);
  const value =
    json.length > maxResultChars
      ? `${json.slice(0, maxResultChars)}… [the value was ${json.length} characters; cut at ${maxResultChars}: return less]`
      : json;
  const text = `${value}${console}`;
  const structuredContent = json.length > maxResultChars ? { logs } : { result: outcome.result, logs };
  return { content: [{ type: "text", text }], structuredContent, isError: false, text };
}

function failed(message: string, code: "PROTOCOL_ERROR" | "TOOL_ERROR"): McpToolResult {
  const kind = code === "PROTOCOL_ERROR" ? "protocol" : "tool";
  return {
    content: [{ type: "text", text: message }],
    isError: true,
    error: { kind, code, message },
    text: message,
  };
}

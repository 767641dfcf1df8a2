/**
 * An adapter's `codeMode` option, written once for every adapter: validated here, and turned into
 * the two code-mode tools (`mcp_run_code`, `mcp_describe_tools`) the adapter serves beside the
 * resource tools. Off unless given (`{}` for the defaults). A program's calls need the host's
 * approval by the adapter's own `approval` policy; `approve` answers it (deny by default).
 * @module
 */

import { type CodeModeOptions, createCodeModeTools } from "../code-mode/code-tools.js";
import type { Executor } from "../code-mode/executor-types.js";
import { isPlainObject } from "../config/describe-value.js";
import { invalidOption } from "../option-error.js";
import type { McpSource, McpTool } from "../types.js";

/** An adapter's `codeMode` option (SPEC §22.3); `{}` turns code mode on with its defaults. */
export interface AdapterCodeModeOptions {
  /** Where programs run. @default createQuickJsExecutor() (the optional QuickJS packages) */
  executor?: Executor | undefined;
  /** The most tool calls one program may make. @default 50 */
  maxCalls?: number | undefined;
  /** The most calls of one program in flight at once. @default 4 */
  maxConcurrentCalls?: number | undefined;
  /** The most characters of the program's value the model receives. @default 20_000 */
  maxResultChars?: number | undefined;
  /**
   * Asked before a program's call of a tool the adapter's `approval` policy selects; `true` lets it
   * run. Absent: such calls are refused.
   */
  approve?: ((tool: McpTool, args: Record<string, unknown>) => boolean | Promise<boolean>) | undefined;
}

const EXPECTED =
  "an object { executor?, maxCalls?, maxConcurrentCalls?, maxResultChars?, approve? } ({} for the defaults)";
const COUNTS = ["maxCalls", "maxConcurrentCalls", "maxResultChars"] as const;

/**
 * The `codeMode` option checked: `undefined` when absent (off), else the object.
 * @throws McpCoreError `OPTIONS_INVALID` naming the adapter and the field
 */
export function resolveCodeModeOption(entry: string, value: unknown): AdapterCodeModeOptions | undefined {
  if (value === undefined) return undefined;
  if (!isPlainObject(value)) return invalidOption(entry, "codeMode", EXPECTED, value);
  const options = value as Record<string, unknown>;
  for (const key of Object.keys(options)) {
    if (!["executor", ...COUNTS, "approve"].includes(key))
      invalidOption(
        entry,
        `codeMode.${key}`,
        "no such key (executor, maxCalls, maxConcurrentCalls, maxResultChars, approve)",
        options[key],
      );
  }
  for (const key of COUNTS) {
    const n = options[key];
    if (n !== undefined && (!Number.isSafeInteger(n) || (n as number) <= 0))
      invalidOption(entry, `codeMode.${key}`, "a positive integer", n);
  }
  const executor = options.executor as { execute?: unknown } | undefined;
  if (
    executor !== undefined &&
    (typeof executor !== "object" || executor === null || typeof executor.execute !== "function")
  )
    invalidOption(entry, "codeMode.executor", "an object with execute(code, fns)", executor);
  if (options.approve !== undefined && typeof options.approve !== "function")
    invalidOption(entry, "codeMode.approve", "a function", options.approve);
  return options as AdapterCodeModeOptions;
}

/** The code-mode tools for `source`, or none when the option is off. */
export function codeModeToolsOf(
  source: McpSource,
  options: AdapterCodeModeOptions | undefined,
  needsApproval: ((tool: McpTool) => boolean) | undefined,
): McpTool[] {
  if (options === undefined) return [];
  const all: CodeModeOptions = { ...options, needsApproval };
  return [...createCodeModeTools(source, all)];
}

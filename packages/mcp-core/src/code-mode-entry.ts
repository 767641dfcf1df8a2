/**
 * `@toolnexus/mcp-core/code-mode`: the live catalog as a typed API for a model that writes a
 * program instead of calling tools one at a time (SPEC §22). Typegen is a pure function of the
 * catalog; nothing here runs unless a host imports this entry. Follows semver like the root entry.
 * @module
 */

export {
  type CodeModeOptions,
  createCodeModeTools,
  DESCRIBE_TOOLS_NAME,
  RUN_CODE_NAME,
} from "./code-mode/code-tools.js";
export type { ExecuteResult, Executor, ExecutorFns } from "./code-mode/executor-types.js";
export {
  createIsolatedVmExecutor,
  type IsolatedVmExecutor,
  type IsolatedVmExecutorOptions,
} from "./code-mode/isolated-vm-executor.js";
export { liveTypes, type ToolCatalog } from "./code-mode/live-types.js";
export { createQuickJsExecutor, type QuickJsExecutorOptions } from "./code-mode/quickjs-executor.js";
export { createQuickJsWorkerExecutor, WORKER_GRACE_MS } from "./code-mode/quickjs-worker-executor.js";
export { MAX_ENUM_MEMBERS, MAX_SCHEMA_DEPTH, MAX_SCHEMA_NODES } from "./code-mode/schema-to-ts.js";
export type { CodeApprovalOptions } from "./code-mode/tool-bridge.js";
export { MAX_DOC_CHARS } from "./code-mode/ts-text.js";
export { generateTypes, TYPEGEN_HEADER, type TypegenOptions, type TypegenTool } from "./code-mode/typegen.js";

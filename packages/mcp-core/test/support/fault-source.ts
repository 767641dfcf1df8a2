/**
 * The setup of the fault suite (`fault-*.test.ts`): one faulty server `v` loaded beside a
 * well-behaved `other` (the hostile `echo` mode) in the same source, every state change recorded from
 * the load's start, and the checks every fault test makes — the call resolved with an error naming
 * the server, and `other` still answering.
 * @module
 */
import { hostileServer } from "@toolnexus/fixtures";
import { expect } from "vitest";
import {
  type ConnectionState,
  isMcpCoreError,
  type LoadMcpOptions,
  type McpSource,
  type McpToolResult,
} from "../../src/index.js";
import { type Sources, toolByRawName } from "./harness.js";

/** Name of the faulty server in every fault test. */
export const VICTIM = "v";

/** Name of the well-behaved server beside it. */
export const OTHER = "other";

/** A source with the faulty server `v` and `other`, and what happened to them. */
export interface FaultSource {
  source: McpSource;
  /** The states `server` went through since the load started, in order. */
  states(server: string): ConnectionState[];
  /** The messages of the errors `server`'s state changes carried, in order. */
  errors(server: string): string[];
  /** The stable codes of those errors (the name of an error without one), in order. */
  errorCodes(server: string): string[];
  /** Every warning the source reported, as text. */
  warnings: string[];
}

/**
 * Loads `victim` as `v` beside `other`, recording every state change and warning from the start
 * (so a failed start shows too). The host sets no other handler.
 */
export async function loadBeside(
  sources: Sources,
  victim: object,
  options: LoadMcpOptions = {},
): Promise<FaultSource> {
  const events: Array<{ server: string; state: ConnectionState; error: Error | undefined }> = [];
  const warnings: string[] = [];
  const source = await sources.load(
    { mcpServers: { [VICTIM]: victim, [OTHER]: hostileServer("echo") } },
    {
      ...options,
      onStateChange: (server, state, info) => events.push({ server, state, error: info.error }),
      onWarning: (warning) => warnings.push(warning),
    },
  );
  const errorsOf = (server: string) =>
    events.flatMap((e) => (e.server === server && e.error ? [e.error] : []));
  return {
    source,
    warnings,
    states: (server) => events.filter((e) => e.server === server).map((e) => e.state),
    errors: (server) => errorsOf(server).map((error) => error.message),
    errorCodes: (server) =>
      errorsOf(server).map((error) => (isMcpCoreError(error) ? error.code : error.name)),
  };
}

/** The states of a server that started once and kept running. */
export const STARTED: ConnectionState[] = ["starting", "running"];

/** The states of a server that started, died, and was restarted once. */
export const RESTARTED: ConnectionState[] = ["starting", "running", "error", "starting", "running"];

/** Calls the tool `rawName` of `v`, bounded by `timeout` (ms). */
export function callVictim(
  source: McpSource,
  rawName: string,
  args: Record<string, unknown> = {},
  timeout = 10_000,
): Promise<McpToolResult> {
  return toolByRawName(source, rawName, VICTIM).execute(args, { timeoutMs: timeout });
}

/** `result` is an error with this code whose message names the server `v`. */
export function expectCallError(result: McpToolResult, code: string): void {
  expect(result.isError).toBe(true);
  expect(result.error?.code).toBe(code);
  expect(result.text).toContain(`MCP server "${VICTIM}"`);
}

/** The `other` server's echo answers. */
export async function expectOtherAnswers(source: McpSource): Promise<void> {
  const result = await toolByRawName(source, "echo", OTHER).execute(
    { text: "still here" },
    { timeoutMs: 10_000 },
  );
  expect(result).toMatchObject({ isError: false, text: "still here" });
  expect(source.state(OTHER)).toBe("running");
}

/**
 * What a call does in each state: go ahead on the live session, start a lazy server first, wait
 * for a start or a scheduled restart, or fail at once with a stable code.
 * @module
 */
import { errorMessage } from "../errors.js";
import type { LifecycleState } from "../machine/lifecycle-state.js";
import type { McpSession } from "../transport/session.js";
import type { McpToolErrorCode } from "../types.js";

/** A call cannot go ahead: why, as the stable code its result carries. */
export type GateCode = Extract<
  McpToolErrorCode,
  "SERVER_STOPPED" | "SERVER_FAILED" | "RESTART_EXHAUSTED" | "CLOSED" | "AUTH_REQUIRED"
>;

/** The call gate's verdict for one state. */
export type GateVerdict =
  | { go: "call"; session: McpSession }
  | { go: "start" }
  | { go: "wait" }
  | { go: "fail"; code: GateCode };

/** A lazy server starts on demand, so a call also retries one whose on-demand start failed. */
export function callGate(state: LifecycleState, lazy: boolean): GateVerdict {
  switch (state.kind) {
    case "running":
      return { go: "call", session: state.session };
    case "starting":
      return { go: "wait" };
    case "stopped":
      return lazy ? { go: "start" } : { go: "fail", code: "SERVER_STOPPED" };
    case "error":
      if (state.retry) return { go: "wait" };
      if (state.gaveUp) return { go: "fail", code: "RESTART_EXHAUSTED" };
      return lazy ? { go: "start" } : { go: "fail", code: "SERVER_FAILED" };
    case "needs-auth":
      return { go: "fail", code: "AUTH_REQUIRED" };
    case "closed":
      return { go: "fail", code: "CLOSED" };
  }
}

/** The message of a call the gate refuses: the server named once, the last error's reason after it. */
export function gateMessage(code: GateCode, server: string, lastError: Error | undefined): string {
  const label = `MCP server "${server}"`;
  if (code === "CLOSED") return `MCP source is closed (server "${server}")`;
  if (code === "SERVER_STOPPED") return `${label} is stopped`;
  if (code === "AUTH_REQUIRED") return `${label} needs authorization`;
  // The last error usually names the server already; say it once.
  const reason = errorMessage(lastError);
  const own = reason.startsWith(`${label} `) ? reason.slice(label.length + 1) : reason;
  return `${label} is unavailable: ${own}`;
}

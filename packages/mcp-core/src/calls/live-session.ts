/**
 * The gate every request of a server passes before it is sent: fail fast when the source is closed
 * or the target is no longer offered, else the live session — at once when the server runs, after a
 * start or a wait otherwise. The tool-call pipeline and the other requests (resources, prompts, task
 * polls) share it.
 * @module
 */
import { errorResult } from "../tools/call-result.js";
import type { McpSession } from "../transport/session.js";
import type { McpToolResult } from "../types.js";
import type { GateVerdict } from "./call-gate.js";
import type { CallSite, Gated } from "./call-site.js";
import type { CallTarget } from "./run-call.js";

/**
 * The gate's verdict for a request, or its refusal (`go: "refused"`): CLOSED, or `notOffered`'s
 * result (a target the server no longer offers). A server whose auto-restart gave up withdrew its
 * tools: that request says so (`RESTART_EXHAUSTED`, through the wait), not "no longer offered".
 */
export function admitRequest(
  site: CallSite,
  notOffered: () => McpToolResult | undefined,
): GateVerdict | { go: "refused"; failed: McpToolResult } {
  const verdict = site.verdict();
  if (verdict.go === "fail" && verdict.code === "CLOSED") {
    return { go: "refused", failed: errorResult("unavailable", "CLOSED", site.closedMessage()) };
  }
  const exhausted = verdict.go === "fail" && verdict.code === "RESTART_EXHAUSTED";
  const gone = exhausted ? undefined : notOffered();
  // The verdict itself when admitted: the usual call allocates nothing here.
  return gone ? { go: "refused", failed: gone } : verdict;
}

/**
 * The live session after a wait (a lazy server starts, a restart is waited through) within the
 * request's `timeoutMs` and `signal`; the target is checked again, as the new listing may lack it.
 */
export async function awaitSession(
  site: CallSite,
  where: CallTarget,
  timeoutMs: number,
  signal: AbortSignal | undefined,
  notOffered: () => McpToolResult | undefined,
): Promise<Gated<McpSession>> {
  const running = await site.whenRunning(where, timeoutMs, signal);
  if ("failed" in running) return running;
  const gone = notOffered();
  return gone ? { failed: gone } : { value: running.session };
}

/**
 * Why `rawName` is not offered (the model's name `where.tool`): held or blocked by its server's
 * drift policy, or gone from the listing; undefined while it is offered.
 */
export function notOfferedResult(
  site: CallSite,
  rawName: string,
  where: { server: string; tool: string },
): McpToolResult | undefined {
  if (site.offers(rawName)) return undefined;
  const { tool, server } = where;
  const held = site.held?.(rawName);
  if (held) {
    return errorResult(
      "unavailable",
      held.code,
      `Tool "${tool}" of MCP server "${server}" is ${held.code === "TOOL_HELD" ? "held" : "blocked"} until the ` +
        `host approves its drift (${held.why}); nothing was sent`,
    );
  }
  return errorResult(
    "unavailable",
    "TOOL_REMOVED",
    `Tool "${tool}" is no longer offered by MCP server "${server}"`,
  );
}

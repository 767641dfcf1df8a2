/**
 * One request about a task (`tasks/get`, `tasks/result`, `tasks/cancel`) as a CLIENT span (SPEC
 * §21.1): named `{method} {tool}` by the tool's raw MCP name, with that name and the task's id, its context in `params._meta` and,
 * over HTTP, the headers. Without a tracer provider it is the plain request.
 * @module
 */
import type { z } from "zod";
import type { ServerConfig } from "../config/server-config.js";
import { tracedRequest } from "../tracing/traced-request.js";
import type { McpSession } from "../transport/session.js";

/** The attribute naming the task a request is about: ours (the conventions name none). */
export const TASK_ID_ATTRIBUTE = "toolnexus.mcp.task.id";

/** Sends `method` for `task` on `session`, traced as the server `config`'s request. */
export function sendTaskRequest<T>(
  config: ServerConfig,
  session: McpSession,
  task: { readonly rawName: string; readonly taskId: string },
  method: "tasks/get" | "tasks/result" | "tasks/cancel",
  schema: z.ZodType<T>,
  options: { signal: AbortSignal; timeout: number },
): Promise<T> {
  const request = {
    method,
    target: task.rawName,
    params: { taskId: task.taskId },
    attributes: { "gen_ai.tool.name": task.rawName, [TASK_ID_ATTRIBUTE]: task.taskId },
  };
  return tracedRequest(config, session, request, options, (sent, sentOptions) =>
    session.request(sent, schema, sentOptions),
  );
}

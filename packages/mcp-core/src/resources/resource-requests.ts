/**
 * `resources/read` and `prompts/get` under the rules of a tool call (`ConnectionCalls.gated` then
 * `runRequest`): results read leniently — an invalid content item is dropped, an invalid prompt
 * message replaced by a text saying so — and every failure resolved as `isError` with a code.
 * @module
 */
import { specTypeSchemas } from "@modelcontextprotocol/client";
import { z } from "zod";
import { boundedText } from "../bounded-text.js";
import type { ConnectionCalls, Gated } from "../calls/connection-calls.js";
import { type CallTarget, runRequest } from "../calls/run-call.js";
import { withTotalBound } from "../calls/total-bound.js";
import type { ServerConfig } from "../config/server-config.js";
import { redactResult } from "../redact/redact-error.js";
import type { Redactor } from "../redact/redactor.js";
import { tracedRequest } from "../tracing/traced-request.js";
import type { McpSession } from "../transport/session.js";
import type {
  McpCallContext,
  McpPromptResult,
  McpResourceContents,
  McpResourceResult,
  McpToolResult,
  PromptMessage,
} from "../types.js";
import { boundResourceContents } from "./bounded-contents.js";

const ReadResultSchema = z.looseObject({ contents: z.unknown().optional() });
const PromptResultSchema = z.looseObject({
  description: z.unknown().optional(),
  messages: z.unknown().optional(),
});

/** The failure of a request that is not a tool call, in the shape its result carries. */
function failure(failed: McpToolResult) {
  return { isError: true as const, ...(failed.error ? { error: failed.error } : {}) };
}

/** Runs one request through the gate and `runRequest`, flattened, failures redacted. */
async function request<T>(
  calls: ConnectionCalls,
  redactor: Redactor,
  where: CallTarget,
  ctx: McpCallContext | undefined,
  send: (session: McpSession, options: Parameters<McpSession["request"]>[2]) => Promise<T>,
): Promise<Gated<T>> {
  return withTotalBound(where, ctx, async (bounded) => {
    const outcome = await calls.gated(where, bounded, (session, timeoutMs) =>
      runRequest((options) => send(session, options), where, bounded, timeoutMs),
    );
    if ("failed" in outcome) return outcome;
    const inner = outcome.value;
    return "failed" in inner ? { failed: redactResult(inner.failed, redactor) } : inner;
  });
}

/** Reads `uri` on the connection's server; the contents are bounded by `maxBytes` (`maxResultBytes`). */
export async function readResource(
  calls: ConnectionCalls,
  redactor: Redactor,
  config: ServerConfig,
  uri: string,
  ctx: McpCallContext | undefined,
  maxBytes: number,
): Promise<McpResourceResult> {
  const where = { server: config.name, tool: uri, what: `resource "${boundedText(uri, 200)}"` };
  // The span is named by the method alone: a URI is no low-cardinality target (SPEC §21.1).
  const traced = { method: "resources/read", params: { uri }, attributes: { "mcp.resource.uri": uri } };
  const outcome = await request(calls, redactor, where, ctx, (session, options) =>
    tracedRequest(config, session, traced, options, (sent, sentOptions) =>
      session.request(sent, ReadResultSchema, sentOptions),
    ),
  );
  if ("failed" in outcome) return { contents: [], ...failure(outcome.failed) };
  return { contents: boundResourceContents(readContents(outcome.value.contents), maxBytes), isError: false };
}

/** Gets prompt `name` with `args` on the connection's server. */
export async function getPrompt(
  calls: ConnectionCalls,
  redactor: Redactor,
  config: ServerConfig,
  name: string,
  args: Record<string, string> | undefined,
  ctx: McpCallContext | undefined,
): Promise<McpPromptResult> {
  const where = { server: config.name, tool: name, what: `prompt "${boundedText(name, 200)}"` };
  const params = args === undefined ? { name } : { name, arguments: args };
  const traced = { method: "prompts/get", target: name, params, attributes: { "gen_ai.prompt.name": name } };
  const outcome = await request(calls, redactor, where, ctx, (session, options) =>
    tracedRequest(config, session, traced, options, (sent, sentOptions) =>
      session.request(sent, PromptResultSchema, sentOptions),
    ),
  );
  if ("failed" in outcome) return { messages: [], ...failure(outcome.failed) };
  const { description, messages } = outcome.value;
  const result: McpPromptResult = { messages: readMessages(messages), isError: false };
  if (typeof description === "string") result.description = description;
  return result;
}

function valid<T>(
  schema: { "~standard": { validate(value: unknown): unknown } },
  value: unknown,
): T | undefined {
  const parsed = schema["~standard"].validate(value) as { value?: T; issues?: unknown };
  return parsed.issues === undefined ? parsed.value : undefined;
}

/** Text or blob contents; anything else the server sent is dropped. */
function readContents(contents: unknown): McpResourceContents[] {
  if (!Array.isArray(contents)) return [];
  return contents.flatMap((item) => {
    const read =
      valid<McpResourceContents>(specTypeSchemas.TextResourceContents, item) ??
      valid<McpResourceContents>(specTypeSchemas.BlobResourceContents, item);
    return read ? [read] : [];
  });
}

/** The messages in order; an invalid one becomes a user text saying so. */
function readMessages(messages: unknown): PromptMessage[] {
  if (!Array.isArray(messages)) return [];
  return messages.map(
    (message, index) =>
      valid<PromptMessage>(specTypeSchemas.PromptMessage, message) ?? {
        role: "user",
        content: { type: "text", text: `[invalid prompt message #${index}]` },
      },
  );
}

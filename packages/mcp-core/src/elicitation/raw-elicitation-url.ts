/**
 * The URL of a URL-mode elicitation as the server sent it. The SDK's schema (`z.string().url()`)
 * trims the value and strips every tab and line break before any handler sees it, so a URL the
 * rule of `elicitation-url-policy.ts` refuses would reach the host rewritten. The client keeps the
 * raw value beside the request's context, where the guard reads it back.
 * @module
 */
import type { ElicitRequest } from "@modelcontextprotocol/client";

/** Raw URLs by the context object the SDK hands along its handler chain (one per request). */
const rawUrls = new WeakMap<object, unknown>();

/**
 * Remembers the raw `params.url` of a URL-mode `elicitation/create` request, as it came off the
 * wire, against `ctx`: the object the SDK passes unchanged to the registered handler.
 */
export function keepRawElicitationUrl(request: { params?: Record<string, unknown> }, ctx: object): void {
  const params = request.params;
  if (params?.mode === "url" && "url" in params) rawUrls.set(ctx, params.url);
}

/** `params` with the URL the server sent in place of the SDK's rewritten one (unchanged for a form). */
export function withRawElicitationUrl(params: ElicitRequest["params"], ctx: object): ElicitRequest["params"] {
  if (params.mode !== "url" || !rawUrls.has(ctx)) return params;
  // Not necessarily a string any more: the URL check refuses what is not one.
  return { ...params, url: rawUrls.get(ctx) as string };
}

/**
 * The sampling handler a session installs: the host's handler bound to one server, behind the
 * sampling policy (rate, size, `includeContext`, `maxTokens`, approval), with every refusal and
 * failure answered to the server as a JSON-RPC error and never thrown on the host.
 * @module
 */
import { ProtocolError, ProtocolErrorCode } from "@modelcontextprotocol/client";
import { hostHandlerFailure } from "../client-handler-failure.js";
import { serverLabel } from "../server-message.js";
import { takeOrRefuse } from "./rate-refusal.js";
import { boundSamplingRequest, type ResolvedSamplingOptions } from "./sampling-policy.js";
import { SamplingRate } from "./sampling-rate.js";
import { isSamplingRefusal } from "./sampling-refusal.js";
import { samplingResultProblem } from "./sampling-result-shape.js";
import type { SamplingHandler, SamplingRequest, SamplingResult } from "./sampling-types.js";
import { SAMPLING_FAILED_MESSAGE } from "./sampling-types.js";

/** What the server is told when `approve` says no: the MCP spec's own code and text. */
export const SAMPLING_DECLINED = Object.freeze({ code: -1, message: "User rejected sampling request" });

/** A server's sampling request as a session sees it: params and the request's abort signal. */
export type BoundSamplingHandler = (request: SamplingRequest, signal: AbortSignal) => Promise<SamplingResult>;

/**
 * Binds the host's handler to one server behind `policy`. In order: the per-server rate, the size
 * bounds, `includeContext` dropped and `maxTokens` capped, `approve`, the handler, the answer's shape.
 * A refusal (the policy's, or a handler's own `SamplingRefusal`) is a JSON-RPC error naming only
 * numbers; a failing handler or hook, or an answer of the wrong shape, is a generic internal error
 * ({@link SAMPLING_FAILED_MESSAGE}) with the detail told to `warn` (control characters escaped,
 * bounded).
 */
export function guardSampling(
  server: string,
  handler: SamplingHandler,
  policy: ResolvedSamplingOptions,
  warn: (message: string) => void,
): BoundSamplingHandler {
  const rate = new SamplingRate(policy.maxRequestsPerMinute);
  const failed = (what: string, error: unknown) =>
    hostHandlerFailure(server, what, error, SAMPLING_FAILED_MESSAGE, warn);
  return async (params, signal) => {
    takeOrRefuse(rate, policy.maxRequestsPerMinute, "sampling", server, warn);
    const bounded = boundSamplingRequest(params, policy);
    if (!bounded.ok) {
      warn(`${serverLabel(server)}: refused a sampling request of ${bounded.problem}`);
      throw new ProtocolError(
        ProtocolErrorCode.InvalidParams,
        `Sampling request too large: ${bounded.problem}`,
      );
    }
    const { request } = bounded;
    const context = { server, signal };
    if (policy.approve) {
      let approved: boolean;
      try {
        approved = (await policy.approve(request, context)) === true;
      } catch (error) {
        throw failed("the sampling approval failed", error);
      }
      if (!approved) throw new ProtocolError(SAMPLING_DECLINED.code, SAMPLING_DECLINED.message);
    }
    let result: SamplingResult;
    try {
      result = await handler(request, context);
    } catch (error) {
      // A handler's own budget refusal is answered as the core's rate refusal is, warned once a burst.
      if (!isSamplingRefusal(error)) throw failed("the sampling handler failed", error);
      if (error.warning !== undefined) warn(`${serverLabel(server)}: ${error.warning}`);
      throw new ProtocolError(ProtocolErrorCode.InvalidRequest, error.message);
    }
    const problem = samplingResultProblem(result);
    if (problem !== undefined) throw failed("the sampling handler answered no sampling result", problem);
    return result;
  };
}

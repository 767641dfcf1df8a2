/**
 * A per-server request rate enforced on a server-to-client feature (sampling, elicitation): past the
 * limit of its window a request is refused with `-32600`, and the host is warned once a window.
 * @module
 */
import { ProtocolError, ProtocolErrorCode } from "@modelcontextprotocol/client";
import { serverLabel } from "../server-message.js";
import type { SamplingRate } from "./sampling-rate.js";

/**
 * Counts one request of `server` against `rate`.
 * @param what The requests' name in the messages ("sampling", "elicitation").
 * @param limit The rate's limit a minute, for the messages.
 * @throws ProtocolError `-32600` "Too many <what> requests: at most <limit> a minute" past the limit
 */
export function takeOrRefuse(
  rate: SamplingRate,
  limit: number,
  what: string,
  server: string,
  warn: (message: string) => void,
): void {
  const verdict = rate.take();
  if (verdict === "allowed") return;
  if (verdict === "first-refusal") {
    warn(`${serverLabel(server)}: more than ${limit} ${what} requests in a minute; refusing the rest of it`);
  }
  throw new ProtocolError(
    ProtocolErrorCode.InvalidRequest,
    `Too many ${what} requests: at most ${limit} a minute`,
  );
}

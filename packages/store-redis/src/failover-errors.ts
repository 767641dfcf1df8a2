/**
 * The token store's errors around a failover (SPEC.md 19.8.7–8): each is `AUTH_STORE_UNAVAILABLE`,
 * a failure for now — the call fails, the next one tries again — never a miss that would send the
 * server to `needs-auth` while another worker (or this one) puts the newer grant back.
 * @module
 */
import { McpCoreError } from "@toolnexus/mcp-core";
import { describeKey } from "./token-errors.js";

/** Which failover fault an error names. */
export type FailoverFault = "rolled-back" | "lease-gone" | "write-held";

const WHAT: Record<FailoverFault, string> = {
  "rolled-back":
    "is older than one this worker has seen just after an outage, or heard announced: a failover may have lost a newer write, which the worker holding it writes back; try again",
  "lease-gone": "lost its lease with an outage before the refresh ran; try again",
  "write-held":
    "was written after its lease was gone (expired, or lost with a failed-over primary); the write is held and put back where the entry has not changed since",
};

/** The error of `fault` for the entry of store key `key` (`<server URL> <client>`), naming its server. */
export function failoverError(key: string, fault: FailoverFault): McpCoreError {
  return new McpCoreError(
    "AUTH_STORE_UNAVAILABLE",
    `Redis token store: the entry for ${describeKey(key)} ${WHAT[fault]}`,
  );
}

/**
 * The Redis token store's errors outside a failover (those are `failover-errors.ts`): each names
 * the entry's server by its URL only, never a token or the rest of the key.
 * @module
 */
import { McpCoreError } from "@toolnexus/mcp-core";
import type { RedisUnavailableError } from "./connection.js";

/** Which server a store key (`<server URL> <client>`) is about, for a warning: its server URL. */
export function describeKey(key: string): string {
  const [server] = key.split(" ");
  return server && URL.canParse(server) ? new URL(server).href : "an unrecognized key";
}

/** The store could not be reached: a failure for now. */
export function unavailable(error: RedisUnavailableError): McpCoreError {
  return new McpCoreError("AUTH_STORE_UNAVAILABLE", `The Redis token store: ${error.message}`, {
    cause: error,
  });
}

/** A write the store refused, and why. */
export function refused(key: string, why: string): McpCoreError {
  return new McpCoreError(
    "TOKEN_STORE_REFUSED",
    `Redis token store: the write for ${describeKey(key)} was refused: ${why}`,
  );
}

/** A write after its lease expired. */
export function leaseLost(key: string): McpCoreError {
  return new McpCoreError(
    "TOKEN_STORE_LEASE_LOST",
    `Redis token store: the write for ${describeKey(key)} was refused: its lease expired and another worker may hold a newer token`,
  );
}

/** A write by a refresh that had adopted another worker's entry. */
export function adoptedWrite(key: string): McpCoreError {
  return new McpCoreError(
    "TOKEN_STORE_LEASE_LOST",
    `Redis token store: the write for ${describeKey(key)} was refused: it was made without the lease, by a refresh that had adopted another worker's newer entry`,
  );
}

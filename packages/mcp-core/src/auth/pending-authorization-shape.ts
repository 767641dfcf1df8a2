/**
 * A begun authorization request kept in the token store (SPEC §3.5.14), so that in a fleet the
 * redirect completes on whichever worker receives it: the worker that built the authorization URL
 * keeps the PKCE verifier, the redirect URL and the client it used under the request's `state`
 * for a short time; the worker that gets the redirect takes them (once across the fleet) and
 * exchanges the code. A store without the optional pair of methods keeps all of it in memory.
 * This file holds what a store needs (the record's shape and lifetime) and so imports no MCP client:
 * the root's stores entry re-exports it. The keeping and taking are `pending-authorization.ts`.
 * @module
 */
import type { StoredOAuthClientInformation } from "@modelcontextprotocol/client";
import { isObject } from "../is-object.js";
import type { PendingAuthorization, TokenStore } from "./token-store.js";

/** How long a begun authorization can be completed from another worker: 10 minutes. */
export const PENDING_AUTHORIZATION_TTL_MS = 10 * 60_000;

/** The most characters of a kept verifier or redirect URL (a verifier is 43–128; RFC 7636). */
const MAX_FIELD_CHARS = 8192;

/** Whether the store can keep begun authorizations (both optional methods). */
export function keepsPendingAuthorizations(
  store: TokenStore,
): store is TokenStore & Required<Pick<TokenStore, "savePendingAuthorization" | "takePendingAuthorization">> {
  return (
    typeof store.savePendingAuthorization === "function" &&
    typeof store.takePendingAuthorization === "function"
  );
}

const boundedString = (value: unknown): value is string =>
  typeof value === "string" && value.length > 0 && value.length <= MAX_FIELD_CHARS;

/** Whether `value` (read back from a store) has the shape of a {@link PendingAuthorization}. */
export function isPendingAuthorization(value: unknown): value is PendingAuthorization {
  if (!isObject(value) || !boundedString(value.codeVerifier)) return false;
  if (value.redirectUrl !== undefined && !boundedString(value.redirectUrl)) return false;
  const client = value.client as StoredOAuthClientInformation | undefined;
  return client === undefined || (isObject(client) && typeof client.client_id === "string");
}

/**
 * How a server's provider keeps a begun authorization request in the token store and takes it back
 * (SPEC §3.5.14); the record itself is `pending-authorization-shape.ts`.
 * @module
 */
import type { SecretKind } from "../redact/redactor.js";
import { messageOf } from "./auth-message.js";
import {
  isPendingAuthorization,
  keepsPendingAuthorizations,
  PENDING_AUTHORIZATION_TTL_MS,
} from "./pending-authorization-shape.js";
import type { PendingAuthorization, TokenStore } from "./token-store.js";

/** Where one server's begun requests are kept, and who hears of their secrets and failures. */
export interface PendingRequests {
  store: TokenStore;
  /** The server's entry key (`authEntryKey`). */
  key: string;
  server: string;
  warn(message: string): void;
  onSecret(value: string, kind?: SecretKind): void;
}

/**
 * Keeps the request `state` names (when the store can); true once kept. A store that fails is
 * reported: the request can still be completed by this process.
 */
export async function keepPendingRequest(
  where: PendingRequests,
  state: string,
  value: PendingAuthorization,
): Promise<boolean> {
  if (!keepsPendingAuthorizations(where.store)) return false;
  try {
    await where.store.savePendingAuthorization(where.key, state, value, PENDING_AUTHORIZATION_TTL_MS);
    return true;
  } catch (error) {
    where.warn(
      `MCP server "${where.server}": the authorization request could not be kept in the token store, so only this process can complete it: ${messageOf(error)}`,
    );
    return false;
  }
}

/**
 * Takes the request `state` names from the store. `own` says whether it is this process's pending
 * request, and whether that one was kept in the store (`kept`) or in memory only (`held`). Answers
 * "own" to complete this process's request — unless it was kept and is gone (another user completed
 * it, or it expired) —, the request another user of the store began (its secrets told to
 * `onSecret`), or undefined: nothing to complete.
 */
export async function takePendingRequest(
  where: PendingRequests,
  state: string,
  own: "kept" | "held" | undefined,
): Promise<PendingAuthorization | "own" | undefined> {
  if (!keepsPendingAuthorizations(where.store)) return own ? "own" : undefined;
  let value: unknown;
  try {
    value = await where.store.takePendingAuthorization(where.key, state);
  } catch (error) {
    if (own) return "own"; // this process holds what the exchange needs
    throw error;
  }
  const found = isPendingAuthorization(value) ? value : undefined;
  if (own === "held" || (own === "kept" && found)) return "own";
  if (own || !found) return undefined;
  where.onSecret(found.codeVerifier);
  if (found.client?.client_secret) where.onSecret(found.client.client_secret, "client_secret");
  return found;
}

/** One server's begun requests as its provider keeps and takes them. */
export class PendingRequestKeeper {
  /** Whether this process's pending request was kept in the store. */
  private kept = false;

  constructor(private readonly where: PendingRequests) {}

  /** Keeps this process's request `state` when `shared` (its redirect reaches any user of the store). */
  async keep(shared: boolean, state: string, value: PendingAuthorization): Promise<void> {
    this.kept = false;
    if (shared) this.kept = await keepPendingRequest(this.where, state, value);
  }

  /** {@link takePendingRequest} for `state`, this process's own when it is `ownState`. */
  take(state: string, ownState: string | undefined): Promise<PendingAuthorization | "own" | undefined> {
    const own = state !== ownState ? undefined : this.kept ? "kept" : "held";
    return takePendingRequest(this.where, state, own);
  }
}

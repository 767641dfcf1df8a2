/**
 * The token entry as stored in Redis (SPEC.md, "Entry format"). With a secret:
 * `{"v":2,"n":<version>,"sealed":"<s>"}`, the `StoredAuth` JSON (or `null` for a deleted entry)
 * sealed with AES-256-GCM, the additional data being the Redis key, a NUL and the version in
 * decimal — so neither the key nor the version can be changed without the seal failing. Without a
 * secret: `{"v":1,"clear":<StoredAuth>}`. An entry sealed before versions (`{"v":1,"sealed"}`,
 * bound to the key alone) opens as version 0.
 * @module
 */
import type { StoredAuth } from "@toolnexus/mcp-core";
import { isObject } from "@toolnexus/mcp-core/stores";
import { open, seal } from "./secret.js";

/** What a stored value turned out to be. */
export type OpenedEntry =
  /** A sealed entry that opened: its version, and its value (`null`: deleted). */
  | { kind: "sealed"; version: number; value: unknown }
  /** A clear entry (written without a secret). */
  | { kind: "clear"; value: unknown }
  /** Not readable by this worker; `why` finishes "the entry for <server> …". */
  | { kind: "refused"; why: string };

/** The additional data a sealed entry of `version` is bound to. */
function boundTo(redisKey: string, version: number): string {
  return `${redisKey}\0${version}`;
}

/** The stored text of `auth` (or `null`, a deletion) sealed as `version` under `redisKey`. */
export function sealEntry(
  tokenKey: Buffer,
  redisKey: string,
  version: number,
  auth: StoredAuth | null,
): string {
  const sealed = seal(tokenKey, JSON.stringify(auth), boundTo(redisKey, version));
  return JSON.stringify({ v: 2, n: version, sealed });
}

/** The stored text of `auth` kept in clear (stores without a secret). */
export function clearEntry(auth: StoredAuth): string {
  return JSON.stringify({ v: 1, clear: auth });
}

/** Reads a stored value with the worker's key (undefined: no secret). */
export function openEntry(tokenKey: Buffer | undefined, redisKey: string, raw: string): OpenedEntry {
  const envelope = parseJson(raw);
  if (!isObject(envelope)) return { kind: "refused", why: "is not in a known format" };
  const sealed = envelope.sealed;
  if (typeof sealed === "string") {
    let version: number;
    let bound: string;
    if (envelope.v === 2 && Number.isSafeInteger(envelope.n) && (envelope.n as number) > 0) {
      version = envelope.n as number;
      bound = boundTo(redisKey, version);
    } else if (envelope.v === 1 && envelope.n === undefined) {
      version = 0; // sealed before versions: bound to the key alone
      bound = redisKey;
    } else return { kind: "refused", why: "is not in a known format" };
    if (!tokenKey) return { kind: "refused", why: "is sealed with a secret and this worker has none" };
    const json = open(tokenKey, sealed, bound);
    if (json === undefined) return { kind: "refused", why: "does not open with this worker's secret" };
    return { kind: "sealed", version, value: parseJson(json) };
  }
  if (envelope.v !== 1 || !("clear" in envelope)) return { kind: "refused", why: "is not in a known format" };
  if (tokenKey) return { kind: "refused", why: "was written without the secret" };
  return { kind: "clear", value: envelope.clear };
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** `value` as a StoredAuth when it has the shape of one. */
export function asStoredAuth(value: unknown): StoredAuth | undefined {
  if (!isObject(value) || typeof value.savedAt !== "string") return undefined;
  if (
    value.tokens !== undefined &&
    (!isObject(value.tokens) || typeof value.tokens.access_token !== "string")
  )
    return undefined;
  if (value.expiresAt !== undefined && typeof value.expiresAt !== "number") return undefined;
  return value as unknown as StoredAuth;
}

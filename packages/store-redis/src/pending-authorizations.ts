/**
 * The Redis token store's begun authorization requests (SPEC §3.5.14, §19.4.4): one string key
 * per request, `<prefix>{tok:<h>}:pending` with `h` from the store key, a NUL and the request's
 * `state`, written with `PX` (the request's time to live). With a secret the value is
 * `{"v":1,"sealed":"<s>"}`, the request's JSON sealed with AES-256-GCM bound to the Redis key (a
 * value copied to another request's key does not open); without one `{"v":1,"clear":<request>}`.
 * A take reads and deletes in one script, so across the fleet one worker gets a request.
 * @module
 */
import { McpCoreError } from "@toolnexus/mcp-core";
import { isPendingAuthorization, type PendingAuthorization } from "@toolnexus/mcp-core/stores";
import { type RedisConnection, RedisUnavailableError } from "./connection.js";
import { keyTag } from "./keys.js";
import { evalCommand } from "./scripts.js";
import { open, seal } from "./secret.js";

/** Reads a request and deletes it, atomically (GETDEL on any Redis version). */
const TAKE = `local value = redis.call('GET', KEYS[1])
if value then redis.call('DEL', KEYS[1]) end
return value`;

/** What the requests need from the token store. */
export interface PendingRequestsParams {
  connection: RedisConnection;
  keyPrefix: string;
  /** The AES-256-GCM key, or undefined to keep requests in clear. */
  tokenKey: Buffer | undefined;
  warn(message: string): void;
}

/** The Redis key of the request `state` names for the store key `key`. */
export function pendingKey(prefix: string, key: string, state: string): string {
  return `${prefix}${keyTag("tok", `${key}\0${state}`)}:pending`;
}

async function send(connection: RedisConnection, args: string[]): Promise<unknown> {
  try {
    return await connection.command(args);
  } catch (error) {
    if (!(error instanceof RedisUnavailableError)) throw error;
    throw new McpCoreError("AUTH_STORE_UNAVAILABLE", `The Redis token store: ${error.message}`, {
      cause: error,
    });
  }
}

/** Keeps `value` for `ttlMs` (see the module comment). */
export async function savePendingRequest(
  params: PendingRequestsParams,
  key: string,
  state: string,
  value: PendingAuthorization,
  ttlMs: number,
): Promise<void> {
  const redisKey = pendingKey(params.keyPrefix, key, state);
  const json = JSON.stringify(value);
  const stored = params.tokenKey
    ? JSON.stringify({ v: 1, sealed: seal(params.tokenKey, json, redisKey) })
    : JSON.stringify({ v: 1, clear: value });
  await send(params.connection, ["SET", redisKey, stored, "PX", String(Math.max(1, Math.ceil(ttlMs)))]);
}

/** Takes the request (undefined: none, expired, taken, or one this worker cannot open or trust). */
export async function takePendingRequest(
  params: PendingRequestsParams,
  key: string,
  state: string,
): Promise<PendingAuthorization | undefined> {
  const redisKey = pendingKey(params.keyPrefix, key, state);
  const raw = await send(params.connection, evalCommand(TAKE, [redisKey], []));
  if (typeof raw !== "string") return undefined;
  const value = openRequest(params.tokenKey, redisKey, raw);
  if (isPendingAuthorization(value)) return value;
  params.warn(
    "Redis token store: a begun authorization request could not be opened or trusted; read as none",
  );
  return undefined;
}

function openRequest(tokenKey: Buffer | undefined, redisKey: string, raw: string): unknown {
  const envelope = parse(raw) as { v?: unknown; sealed?: unknown; clear?: unknown } | undefined;
  if (envelope?.v !== 1) return undefined;
  if (tokenKey) {
    if (typeof envelope.sealed !== "string") return undefined; // clear, or forged without the secret
    const json = open(tokenKey, envelope.sealed, redisKey);
    return json === undefined ? undefined : parse(json);
  }
  return envelope.clear;
}

function parse(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

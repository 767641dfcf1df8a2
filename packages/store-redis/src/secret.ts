/**
 * Secrets at rest: token values, task records and kept results sealed with AES-256-GCM, cache
 * entries signed with HMAC-SHA256 (`node:crypto`). Every key is derived from the one configured
 * secret with HKDF-SHA256, each for its own purpose, and each sealed value is bound to the Redis key it is stored under (GCM's
 * additional data; part of the HMAC input) so an entry copied to another key does not verify.
 * @module
 */
import {
  createCipheriv,
  createDecipheriv,
  createHmac,
  hkdfSync,
  randomBytes,
  timingSafeEqual,
} from "node:crypto";

/** The least secret length, in bytes. */
export const MIN_SECRET_BYTES = 32;

const IV_BYTES = 12;
const TAG_BYTES = 16;

/** The keys derived from the store secret. */
export interface SecretKeys {
  readonly tokenKey: Buffer;
  readonly cacheKey: Buffer;
  /** Seals task records (AES-256-GCM). */
  readonly taskKey: Buffer;
  /** Seals kept results (AES-256-GCM). */
  readonly resultKey: Buffer;
  /** Authenticates pins (HMAC-SHA256): a Redis writer must not approve a drift. */
  readonly pinKey: Buffer;
}

/**
 * Derives the keys from `secret` (a string is taken as UTF-8). Throws a config error naming the
 * option (never the value) when it is shorter than 32 bytes.
 */
export function deriveKeys(secret: string | Uint8Array): SecretKeys {
  const bytes = typeof secret === "string" ? Buffer.from(secret, "utf8") : Buffer.from(secret);
  if (bytes.length < MIN_SECRET_BYTES) {
    throw new Error(
      `createRedisStores: "secret" must be at least ${MIN_SECRET_BYTES} bytes (got ${bytes.length}); use e.g. 32 random bytes in base64 from an environment variable`,
    );
  }
  const derive = (info: string) => Buffer.from(hkdfSync("sha256", bytes, "toolnexus-store-redis", info, 32));
  return {
    tokenKey: derive("token aes-256-gcm"),
    cacheKey: derive("cache hmac-sha256"),
    taskKey: derive("task aes-256-gcm"),
    resultKey: derive("result aes-256-gcm"),
    pinKey: derive("pin hmac-sha256"),
  };
}

/** A sealed value: base64url of IV (12 bytes) ‖ ciphertext ‖ GCM tag (16 bytes). */
export function seal(key: Buffer, plaintext: string, boundTo: string): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv("aes-256-gcm", key, iv);
  cipher.setAAD(Buffer.from(boundTo, "utf8"));
  const body = Buffer.concat([cipher.update(plaintext, "utf8"), cipher.final()]);
  return Buffer.concat([iv, body, cipher.getAuthTag()]).toString("base64url");
}

/** The plaintext of a sealed value, or undefined when it does not open with `key` for `boundTo`. */
export function open(key: Buffer, sealed: string, boundTo: string): string | undefined {
  const bytes = Buffer.from(sealed, "base64url");
  if (bytes.length < IV_BYTES + TAG_BYTES) return undefined;
  try {
    const decipher = createDecipheriv("aes-256-gcm", key, bytes.subarray(0, IV_BYTES));
    decipher.setAAD(Buffer.from(boundTo, "utf8"));
    decipher.setAuthTag(bytes.subarray(bytes.length - TAG_BYTES));
    const body = bytes.subarray(IV_BYTES, bytes.length - TAG_BYTES);
    return Buffer.concat([decipher.update(body), decipher.final()]).toString("utf8");
  } catch {
    return undefined;
  }
}

/** HMAC-SHA256 of `boundTo` NUL `data`, base64url. */
export function sign(key: Buffer, data: string, boundTo: string): string {
  return createHmac("sha256", key).update(boundTo).update("\0").update(data).digest("base64url");
}

/** Whether `mac` is the HMAC of `data` for `boundTo` (constant-time comparison). */
export function verify(key: Buffer, data: string, boundTo: string, mac: string): boolean {
  const expected = Buffer.from(sign(key, data, boundTo), "base64url");
  const given = Buffer.from(mac, "base64url");
  return given.length === expected.length && timingSafeEqual(given, expected);
}

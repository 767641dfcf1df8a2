/**
 * The Lua scripts of the lease protocol (SPEC.md, "Lease protocol"). Each touches keys of one hash
 * slot only. Sent with EVAL: short scripts, and no NOSCRIPT round trip after a Redis restart.
 * @module
 */

/** KEYS[1] lease, ARGV[1] token: deletes the lease if this token holds it. Returns 1 or 0. */
export const RELEASE_LEASE = `if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end return 0`;

/** KEYS[1] lease, ARGV[1] token, ARGV[2] ttl ms: extends the lease if this token holds it. Returns 1 or 0. */
export const RENEW_LEASE = `if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('PEXPIRE', KEYS[1], ARGV[2]) end return 0`;

/**
 * KEYS[1] value, KEYS[2] lease, ARGV[1] new value, ARGV[2] token: writes the value only while this
 * token still holds the lease — a worker paused past its lease cannot overwrite a newer value.
 * Returns 1 (written) or 0 (refused).
 */
export const SET_UNDER_LEASE = `if redis.call('GET', KEYS[2]) == ARGV[2] then redis.call('SET', KEYS[1], ARGV[1]) return 1 end return 0`;

/** Same guard as {@link SET_UNDER_LEASE}, for a delete. KEYS[1] value, KEYS[2] lease, ARGV[1] token. */
export const DELETE_UNDER_LEASE = `if redis.call('GET', KEYS[2]) == ARGV[1] then redis.call('DEL', KEYS[1]) return 1 end return 0`;

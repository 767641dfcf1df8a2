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

/**
 * The write of a sealed (versioned) token entry. KEYS[1] value, KEYS[2] lease; ARGV[1] new value,
 * ARGV[2] its version, ARGV[3] the lease token ("" for a write outside any lease). Refuses a write
 * under a lease this token no longer holds (`lost`), and one whose version is not above the
 * version of the stored entry (answering that version in decimal, so the writer can go above it):
 * no write ever lowers the version Redis holds. Otherwise writes and answers `ok`.
 */
export const SET_VERSIONED = `if ARGV[3] ~= '' and redis.call('GET', KEYS[2]) ~= ARGV[3] then return 'lost' end
local stored = redis.call('GET', KEYS[1])
if stored then
  local ok, entry = pcall(cjson.decode, stored)
  if ok and type(entry) == 'table' and type(entry.n) == 'number' and entry.n >= tonumber(ARGV[2]) then
    return string.format('%.0f', entry.n)
  end
end
redis.call('SET', KEYS[1], ARGV[1])
return 'ok'`;

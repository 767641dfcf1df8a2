/**
 * The Lua scripts of the lease protocol (SPEC.md, "Lease protocol"). Each touches keys of one hash
 * slot only; the channel they announce on carries the same hash tag. Sent with EVAL: short
 * scripts, and no NOSCRIPT round trip after a Redis restart.
 *
 * Announcements: every write of a token entry publishes `written` (`written <version>` for a
 * sealed entry), every take of its lease by ACQUIRE_LEASE `taken`, and every release `released`,
 * on the entry's channel. They carry
 * nothing to trust — a waiter woken by one reads the entry again (ACQUIRE_LEASE), and an announced
 * version only makes an older entry read within `holdMs` fail for now (announced-versions.ts), and
 * a `taken` only lets a worker whose token is still good go on with it for at most `lockTtlMs`
 * (written-entries.ts) — so a forged or lost message costs at most a round trip, a poll, those
 * reads, or that going on.
 * @module
 */

/**
 * KEYS[1] lease, ARGV[1] token, ARGV[2] channel, ARGV[3] `PUBLISH` or `SPUBLISH`: deletes the
 * lease if this token holds it and announces `released` on the channel. Returns 1 or 0.
 */
export const RELEASE_LEASE = `if redis.call('GET', KEYS[1]) == ARGV[1] then
  redis.call('DEL', KEYS[1])
  redis.call(ARGV[3], ARGV[2], 'released')
  return 1
end
return 0`;

/** KEYS[1] lease, ARGV[1] token, ARGV[2] ttl ms: extends the lease if this token holds it. Returns 1 or 0. */
export const RENEW_LEASE = `if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('PEXPIRE', KEYS[1], ARGV[2]) end return 0`;

/**
 * The lease taken only over a value the caller has seen. KEYS[1] value, KEYS[2] lease; ARGV[1]
 * token, ARGV[2] ttl ms, ARGV[3] the SHA-1 (hex) of the value the caller last read ("" for none),
 * ARGV[4] channel, ARGV[5] `PUBLISH` or `SPUBLISH`. When the value is not that one, answers
 * `{"changed", value}` (`{"changed"}` when there is none) and takes nothing: the caller judges the
 * newer value first. Otherwise `SET lease NX PX`: `{"taken"}`, announced `taken` on the channel, or
 * `{"busy"}`.
 */
export const ACQUIRE_LEASE = `local value = redis.call('GET', KEYS[1])
local seen = ''
if value then seen = redis.sha1hex(value) end
if seen ~= ARGV[3] then
  if value then return {'changed', value} end
  return {'changed'}
end
if redis.call('SET', KEYS[2], ARGV[1], 'NX', 'PX', ARGV[2]) then
  redis.call(ARGV[5], ARGV[4], 'taken')
  return {'taken'}
end
return {'busy'}`;

/**
 * A write in clear (stores without a secret). KEYS[1] value, KEYS[2] lease; ARGV[1] the new value
 * ("" deletes), ARGV[2] the lease token ("" for a write outside any lease), ARGV[3] channel,
 * ARGV[4] `PUBLISH` or `SPUBLISH`. Under
 * a lease, writes only while this token still holds it — a worker paused past its lease cannot
 * overwrite a newer value. Announces `written`. Returns 1 (written) or 0 (refused).
 */
export const WRITE_CLEAR = `if ARGV[2] ~= '' and redis.call('GET', KEYS[2]) ~= ARGV[2] then return 0 end
if ARGV[1] == '' then redis.call('DEL', KEYS[1]) else redis.call('SET', KEYS[1], ARGV[1]) end
redis.call(ARGV[4], ARGV[3], 'written')
return 1`;

/**
 * The write of a sealed (versioned) token entry. KEYS[1] value, KEYS[2] lease; ARGV[1] new value,
 * ARGV[2] its version, ARGV[3] the lease token ("" for a write outside any lease), ARGV[4] the
 * channel, ARGV[5] `PUBLISH` or `SPUBLISH`. Refuses a write under a lease this token no longer holds (`lost`), and one whose
 * version is not above the version of the stored entry (answering that version in decimal, so the
 * writer can go above it): no write ever lowers the version Redis holds. Otherwise writes,
 * announces `written <version>`, and answers `ok`.
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
redis.call(ARGV[5], ARGV[4], 'written ' .. ARGV[2])
return 'ok'`;

/**
 * A held token write tried again (grant-hold.ts). KEYS[1] value; ARGV[1] the held value, ARGV[2]
 * its version ("" in clear), ARGV[3] the SHA-1 of the value it replaced ("" none, "?" unknown),
 * ARGV[4] channel, ARGV[5] `PUBLISH` or `SPUBLISH`. The entry is the held value → set again (so a
 * `WAIT` on this connection covers it), `held`. The entry is older — the value the write replaced,
 * a sealed entry of a lower version, or none where none was replaced or the entry is sealed — →
 * written back and announced, `rewritten`. Anything else is a later write: `newer`, nothing done.
 */
export const REWRITE_HELD = `local stored = redis.call('GET', KEYS[1])
if stored == ARGV[1] then
  redis.call('SET', KEYS[1], ARGV[1])
  return 'held'
end
local older = false
if not stored then
  older = ARGV[3] == '' or ARGV[2] ~= ''
elseif redis.sha1hex(stored) == ARGV[3] then
  older = true
elseif ARGV[2] ~= '' then
  local ok, entry = pcall(cjson.decode, stored)
  older = ok and type(entry) == 'table' and type(entry.n) == 'number' and entry.n < tonumber(ARGV[2])
end
if not older then return 'newer' end
redis.call('SET', KEYS[1], ARGV[1])
if ARGV[2] == '' then redis.call(ARGV[5], ARGV[4], 'written') else redis.call(ARGV[5], ARGV[4], 'written ' .. ARGV[2]) end
return 'rewritten'`;

/**
 * The `EVAL` command that runs `script`: its key count is the number of `keys` (what Redis, and a
 * cluster's router, read as keys), then the keys, then the arguments.
 */
export function evalCommand(script: string, keys: readonly string[], args: readonly string[]): string[] {
  return ["EVAL", script, String(keys.length), ...keys, ...args];
}

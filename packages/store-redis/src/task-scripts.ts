/**
 * The Lua scripts of the task store's lease (README, "The task store"). Each touches the two keys
 * of one task, which share a hash slot. The lease holds the token of the store instance (one per
 * worker) that follows the task; a record whose lease is held by another is never handed out.
 * @module
 */

/**
 * KEYS[1] record, KEYS[2] lease; ARGV[1] value, ARGV[2] record TTL (ms), ARGV[3] token, ARGV[4]
 * lease TTL (ms). Writes the record, and takes the lease unless another token holds it (a server
 * that handed the same task id out twice). Returns 1 (held by this token) or 0.
 */
export const PUT_TASK = `redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[2])
local holder = redis.call('GET', KEYS[2])
if holder and holder ~= ARGV[3] then return 0 end
redis.call('SET', KEYS[2], ARGV[3], 'PX', ARGV[4])
return 1`;

/**
 * KEYS[1] record, KEYS[2] lease; ARGV[1] token, ARGV[2] lease TTL (ms). Takes the lease of a
 * stored task that no other token holds, in the same step as it reads the record: two workers
 * listing at once never both get it. Returns {0} (no record), {1} (another holds it), or
 * {2, record} (this token holds it now).
 */
export const CLAIM_TASK = `local value = redis.call('GET', KEYS[1])
if not value then return {0} end
local holder = redis.call('GET', KEYS[2])
if holder and holder ~= ARGV[1] then return {1} end
redis.call('SET', KEYS[2], ARGV[1], 'PX', ARGV[2])
return {2, value}`;

/**
 * KEYS[1] record, KEYS[2] lease; ARGV[1] token, ARGV[2] lease TTL (ms). Extends this token's lease;
 * takes it again when it lapsed (a pause, an outage) and nobody took it meanwhile. Returns 1 (held),
 * 0 (another token holds it) or -1 (the record is gone: the task ended or expired).
 */
export const KEEP_TASK_LEASE = `local holder = redis.call('GET', KEYS[2])
if holder == ARGV[1] then redis.call('PEXPIRE', KEYS[2], ARGV[2]) return 1 end
if holder then return 0 end
if redis.call('EXISTS', KEYS[1]) == 0 then return -1 end
redis.call('SET', KEYS[2], ARGV[1], 'PX', ARGV[2])
return 1`;

/**
 * KEYS[1] record, KEYS[2] lease; ARGV[1] token. Deletes the record (the task ended, as this worker
 * saw it) and the lease when this token holds it; another's lease lapses on its own. Returns 1.
 */
export const DELETE_TASK = `redis.call('DEL', KEYS[1])
if redis.call('GET', KEYS[2]) == ARGV[1] then redis.call('DEL', KEYS[2]) end
return 1`;

/**
 * KEYS[1] lease; ARGV[1] token. Deletes the lease when this token holds it: the task is free for the
 * next worker that lists. Nobody waits on a task's lease, so nothing is announced (unlike a token's
 * release, scripts.ts). Returns 1 or 0.
 */
export const RELEASE_TASK_LEASE = `if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end
return 0`;

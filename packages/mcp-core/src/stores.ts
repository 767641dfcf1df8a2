/**
 * `@toolnexus/mcp-core/stores`: the file stores the core ships (the listing cache, the OAuth token
 * store, the task store with its `TaskStore` interface and the kept-result store), their defaults and keys, and the loopback redirect helper for a host that runs its own
 * OAuth flow. The store interfaces a load option takes (`TokenStore`, `StoredAuth`,
 * `ToolCacheStore`) are on the root entry; what a store implementation needs beyond them is here
 * (`@toolnexus/store-redis` is built on it). Follows semver like the root entry.
 * @module
 */

export { type AuthStoreKeyOptions, authStoreKey } from "./auth/auth-store-key.js";
export {
  DEFAULT_MAX_TOKEN_ENTRY_BYTES,
  DEFAULT_TOKEN_LOCK_STALE_AFTER_MS,
  DEFAULT_TOKEN_LOCK_WAIT_MS,
  defaultAuthDir,
  type FileTokenStoreOptions,
  fileTokenStore,
} from "./auth/file-token-store.js";
export {
  type LoopbackRedirect,
  type LoopbackRedirectOptions,
  listenForRedirect,
  type RedirectResult,
} from "./auth/loopback-redirect.js";
export {
  isPendingAuthorization,
  PENDING_AUTHORIZATION_TTL_MS,
} from "./auth/pending-authorization-shape.js";
export type { PendingAuthorization, StoredAuth, TokenLockOptions, TokenStore } from "./auth/token-store.js";
export type { DriftItem, DriftItemKind, DriftPolicy } from "./drift-types.js";
export { isObject } from "./is-object.js";
export { configFingerprint } from "./lazy/fingerprint.js";
export { DEFAULT_MAX_PIN_ENTRY_BYTES, defaultPinDir, filePinStore } from "./pins/file-pin-store.js";
export {
  isPinEntry,
  type PinEntry,
  type PinListener,
  type PinnedItem,
  type PinStore,
} from "./pins/pin-entry.js";
export { pinKey } from "./pins/pin-key.js";
export { fingerprintInput, PINNED_TOOL_FIELDS, toolFingerprint } from "./pins/tool-fingerprint.js";
export { printableSample } from "./printable-sample.js";
export {
  DEFAULT_MAX_RESULT_ENTRY_BYTES,
  DEFAULT_MAX_RESULT_STORE_BYTES,
  defaultResultDir,
  type FileResultStoreOptions,
  fileResultStore,
} from "./results/file-result-store.js";
export {
  DEFAULT_MEMORY_RESULT_STORE_BYTES,
  type MemoryResultStoreOptions,
  memoryResultStore,
} from "./results/memory-result-store.js";
export { MAX_RESULT_HANDLE_CHARS } from "./results/result-file.js";
export type { ResultStore } from "./results/result-store.js";
export { taskServerKey } from "./task-server-key.js";
export {
  DEFAULT_MAX_TASK_RECORDS,
  defaultTaskDir,
  type FileTaskStoreOptions,
  fileTaskStore,
} from "./tasks/file-task-store.js";
export type { TaskRecord, TaskStore } from "./tasks/task-store.js";
export { isTaskRecord } from "./tasks/task-wire.js";
export {
  DEFAULT_MAX_CACHE_ENTRY_BYTES,
  DEFAULT_MAX_CACHE_TOOLS,
  defaultCacheDir,
  type FileToolCacheOptions,
  fileToolCache,
} from "./tool-cache/file-tool-cache.js";
export type { ToolCacheEntry, ToolCacheListener, ToolCacheStore } from "./tool-cache/tool-cache-store.js";

/**
 * The per-server `protocol` setting: `"auto"` negotiates the era (a `server/discover` probe, then
 * `initialize` for a server of the 2025 era), a version pins it.
 * @module
 */

/** The current protocol revision: no `initialize`, per-request metadata, `subscriptions/listen`. */
export const MODERN_PROTOCOL_VERSION = "2026-07-28";

/** Revisions of the `initialize` era a server can be pinned to, newest first. */
export const LEGACY_PROTOCOL_VERSIONS = ["2025-11-25", "2025-06-18", "2025-03-26", "2024-11-05"] as const;

/** Every accepted value of a server's `protocol` field. */
export const PROTOCOL_SETTINGS = ["auto", MODERN_PROTOCOL_VERSION, ...LEGACY_PROTOCOL_VERSIONS] as const;

/** `"auto"`, or the one protocol version to speak. */
export type ProtocolSetting = (typeof PROTOCOL_SETTINGS)[number];

/** True for a version of the modern era (2026-07-28 and later). */
export function isModernVersion(version: string): boolean {
  return version >= MODERN_PROTOCOL_VERSION;
}

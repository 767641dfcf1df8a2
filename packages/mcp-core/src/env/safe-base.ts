/**
 * The safe base: parent env names every stdio child receives unless it runs in `"all"` mode, where it
 * gets everything anyway. These lists are part of the cross-language contract; keep them byte-identical.
 * @module
 */
import { envNameKey } from "./env-name-key.js";

/** Safe base names on POSIX platforms (case-sensitive). */
export const POSIX_SAFE_BASE: readonly string[] = Object.freeze([
  "HOME",
  "LOGNAME",
  "PATH",
  "SHELL",
  "TERM",
  "USER",
  "TMPDIR",
  "LANG",
  "LC_ALL",
  "LC_CTYPE",
  "TZ",
]);

/** Safe base names on Windows (matched case-insensitively, e.g. `Path`, `SystemRoot`). */
export const WINDOWS_SAFE_BASE: readonly string[] = Object.freeze([
  "APPDATA",
  "COMSPEC",
  "HOMEDRIVE",
  "HOMEPATH",
  "LOCALAPPDATA",
  "PATH",
  "PATHEXT",
  "PROCESSOR_ARCHITECTURE",
  "PROGRAMDATA",
  "PROGRAMFILES",
  "SYSTEMDRIVE",
  "SYSTEMROOT",
  "TEMP",
  "TMP",
  "USERNAME",
  "USERPROFILE",
  "WINDIR",
]);

const POSIX_KEYS = new Set(POSIX_SAFE_BASE);
const WINDOWS_KEYS = new Set(WINDOWS_SAFE_BASE);

/**
 * The safe base list for a platform.
 * @param platform The platform the child runs on.
 * @returns {@link WINDOWS_SAFE_BASE} on `win32`, {@link POSIX_SAFE_BASE} elsewhere.
 */
export function safeBaseNames(platform: NodeJS.Platform): readonly string[] {
  return platform === "win32" ? WINDOWS_SAFE_BASE : POSIX_SAFE_BASE;
}

/**
 * Whether `name` is a safe base name on `platform` (case-insensitive on `win32`).
 * @param name An env name as spelled in the parent environment.
 * @param platform The platform the child runs on.
 * @returns true when the child receives this name implicitly.
 */
export function isSafeBaseName(name: string, platform: NodeJS.Platform): boolean {
  return (platform === "win32" ? WINDOWS_KEYS : POSIX_KEYS).has(envNameKey(name, platform));
}

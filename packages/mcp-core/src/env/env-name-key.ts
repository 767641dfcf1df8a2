/**
 * The comparison key of an env name on a platform.
 * @module
 */

/**
 * The key two env names are compared by: Windows env names are case-insensitive, POSIX ones are not.
 * @param name An env name as spelled in some environment.
 * @param platform The platform the child runs on.
 * @returns `name` upper-cased on `win32`, `name` unchanged elsewhere.
 */
export function envNameKey(name: string, platform: NodeJS.Platform): string {
  return platform === "win32" ? name.toUpperCase() : name;
}

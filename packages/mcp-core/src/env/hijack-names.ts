/**
 * Interpreter hijack names: env names that make a child run code it was not asked to run. They are
 * never inherited through a glob; only naming one exactly (or `"all"` mode) passes it.
 * @module
 */

/** Exact hijack names; every name starting with `DYLD_` is one too. */
export const HIJACK_NAMES: readonly string[] = Object.freeze([
  "NODE_OPTIONS",
  "LD_PRELOAD",
  "LD_LIBRARY_PATH",
  "BASH_ENV",
  "ENV",
  "PYTHONSTARTUP",
  "PERL5OPT",
]);

/** The prefix that makes a name a hijack name (macOS dynamic loader variables). */
export const HIJACK_PREFIX = "DYLD_";

const NAMES = new Set(HIJACK_NAMES);

/**
 * Whether `name` is an interpreter hijack name. Compared case-insensitively on every platform: dropping
 * a lower-case look-alike from a glob costs nothing, missing a real one on Windows would.
 * @param name An env name.
 * @returns true for {@link HIJACK_NAMES} and names starting with {@link HIJACK_PREFIX}.
 */
export function isHijackName(name: string): boolean {
  const upper = name.toUpperCase();
  return NAMES.has(upper) || upper.startsWith(HIJACK_PREFIX);
}

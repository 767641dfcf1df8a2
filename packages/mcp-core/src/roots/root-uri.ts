/**
 * Roots to `file:` URIs. A string without a scheme is a path (resolved against a base directory,
 * normalized) and becomes a `file:` URI; a `file:` URI is normalized; any other scheme is refused:
 * the MCP spec (2025-06-18 and later) says a root's `uri` MUST be a `file://` URI.
 * @module
 */
import { resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import type { ResolvedRoot, Root } from "./root.js";

/**
 * A URI scheme: two characters or more, so a Windows drive letter (`C:\dir`) stays a path.
 */
const SCHEME = /^[A-Za-z][A-Za-z0-9+.-]+:/;

/** What a root must be, for messages ("expected …"). */
export const ROOT_EXPECTED = "a directory path or a file: URI";

/** Whether `value` names a scheme other than `file:` (such a root is refused). */
export function hasForeignScheme(value: string): boolean {
  return SCHEME.test(value) && !value.toLowerCase().startsWith("file:");
}

/**
 * The normalized `file:` URI of a path or `file:` URI, or undefined when it is neither (another
 * scheme, a `file:` URI with a remote host, a NUL, an empty string).
 * @param value The path or URI.
 * @param baseDir What a relative path resolves against.
 */
export function rootUri(value: string, baseDir: string): string | undefined {
  if (value.trim() === "" || value.includes("\0") || hasForeignScheme(value)) return undefined;
  try {
    const path = SCHEME.test(value) ? fileURLToPath(value) : resolve(baseDir, value);
    return pathToFileURL(resolve(path)).href;
  } catch {
    // A malformed file: URI, or one naming another host.
    return undefined;
  }
}

/**
 * Validates and resolves a list of roots; the first problem is returned as `{ index, problem }`.
 * @param list The host's or the config's roots.
 * @param baseDir What relative paths resolve against.
 */
export function resolveRoots(
  list: unknown,
  baseDir: string,
): { roots: ResolvedRoot[] } | { index?: number; problem: string } {
  if (!Array.isArray(list)) return { problem: `expected an array of roots (${ROOT_EXPECTED})` };
  const roots: ResolvedRoot[] = [];
  for (const [index, item] of list.entries()) {
    const root = resolveRoot(item, baseDir);
    if (root === undefined) return { index, problem: `expected ${ROOT_EXPECTED} or { uri, name? }` };
    roots.push(root);
  }
  return { roots };
}

function resolveRoot(item: unknown, baseDir: string): ResolvedRoot | undefined {
  if (typeof item === "string") {
    const uri = rootUri(item, baseDir);
    return uri === undefined ? undefined : { uri };
  }
  if (typeof item !== "object" || item === null) return undefined;
  const { uri: given, name } = item as Partial<Root>;
  if (typeof given !== "string" || (name !== undefined && typeof name !== "string")) return undefined;
  const uri = rootUri(given, baseDir);
  if (uri === undefined) return undefined;
  return name === undefined ? { uri } : { uri, name };
}

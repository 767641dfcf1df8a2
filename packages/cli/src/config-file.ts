/**
 * Which config file a command reads: the one named, else the first of `./mcp.json`, `./.mcp.json`,
 * `./.vscode/mcp.json` that exists (the command says which it used).
 * @module
 */
import { existsSync, statSync } from "node:fs";
import { join } from "node:path";
import { UsageError } from "./usage-error.js";

/** Looked for in this order in the working directory. */
export const CONFIG_CANDIDATES = ["mcp.json", ".mcp.json", join(".vscode", "mcp.json")] as const;

/** The config file and whether it was discovered (not named). */
export interface ConfigChoice {
  path: string;
  discovered: boolean;
  /** The servers the command starts, already checked against the config; every server when absent. */
  only?: readonly string[];
}

/** Is `arg` a config file rather than a tool name or JSON? (names ending `.json`/`.jsonc`, or an existing file) */
export function looksLikeConfig(arg: string): boolean {
  if (/\.jsonc?$/i.test(arg)) return true;
  try {
    return statSync(arg).isFile();
  } catch {
    return false;
  }
}

/** The named file, else the first candidate present in `cwd`. */
export function chooseConfig(named: string | undefined, cwd = process.cwd()): ConfigChoice {
  if (named !== undefined) return { path: named, discovered: false };
  for (const candidate of CONFIG_CANDIDATES) {
    if (existsSync(join(cwd, candidate))) return { path: join(cwd, candidate), discovered: true };
  }
  throw new UsageError(
    `no config file given, and none found here (looked for ${CONFIG_CANDIDATES.map((c) => `./${c}`).join(", ")})`,
  );
}

/**
 * Which parent env names an `inheritEnv` list brings, and with what origin.
 * @module
 */
import { isCredentialShaped } from "./credential-shaped.js";
import { envNameKey } from "./env-name-key.js";
import { isHijackName } from "./hijack-names.js";
import { isSafeBaseName } from "./safe-base.js";

/** Which parent env names a stdio child gets: `"all"`, or the safe base plus these names/globs. */
export type InheritEnv = "all" | readonly string[];

/** A compiled `inheritEnv` list: exact names, prefix globs (`PREFIX_*`), and whether `"*"` is present. */
export interface InheritRule {
  platform: NodeJS.Platform;
  exact: ReadonlySet<string>;
  prefixes: readonly string[];
  everything: boolean;
}

/**
 * Compiles an `inheritEnv` list. An entry ending in `*` is a prefix glob (`"*"` alone matches every
 * name); any other `*` is literal. Names compare case-insensitively on `win32`.
 * @param list The configured names and globs.
 * @param platform The platform the child runs on.
 * @returns The rule {@link inheritOrigin} applies.
 */
export function compileInheritRule(list: readonly string[], platform: NodeJS.Platform): InheritRule {
  const exact = new Set<string>();
  const prefixes: string[] = [];
  for (const item of list) {
    if (item.endsWith("*")) prefixes.push(envNameKey(item.slice(0, -1), platform));
    else exact.add(envNameKey(item, platform));
  }
  return { platform, exact, prefixes, everything: prefixes.includes("") };
}

/**
 * Whether (and why) a parent env name reaches the child under a list rule. Exact names always pass;
 * values starting with `()` (bash exported functions) never pass implicitly; the safe base passes;
 * glob matches pass unless credential-shaped or a hijack name.
 * @param name The name as spelled in the parent.
 * @param value Its value.
 * @param rule The compiled list.
 * @returns `"base"`, `"inherited"`, or undefined when the name stays behind.
 */
export function inheritOrigin(
  name: string,
  value: string,
  rule: InheritRule,
): "base" | "inherited" | undefined {
  const key = envNameKey(name, rule.platform);
  const base = isSafeBaseName(name, rule.platform);
  if (rule.exact.has(key)) return base ? "base" : "inherited";
  if (value.startsWith("()")) return undefined;
  if (base) return "base";
  const globbed = rule.everything || rule.prefixes.some((prefix) => key.startsWith(prefix));
  if (!globbed || isHijackName(name) || isCredentialShaped(name, value)) return undefined;
  return "inherited";
}

/**
 * Hijack names: env names whose value is code, or where code is loaded from, so that a child given
 * them runs someone else's code (the host's preload, agent or hook) instead of, or besides, its own.
 * They are never inherited through a glob; only naming one exactly (or `"all"` mode) passes it.
 * @module
 */

/**
 * Exact hijack names, by what reads them:
 * - shells: `BASH_ENV`, `ENV` (sourced by non-interactive bash / POSIX sh), `PROMPT_COMMAND`,
 *   `ZDOTDIR` (where zsh reads its startup files);
 * - Node.js: `NODE_OPTIONS` (`--require`, `--import`), `NODE_PATH` (where a bare `require()` that
 *   `node_modules` does not satisfy is looked up: a planted module there runs in the child);
 * - the JVM: `JAVA_TOOL_OPTIONS`, `_JAVA_OPTIONS`, `JDK_JAVA_OPTIONS` (`-javaagent:`);
 * - Python: `PYTHONPATH`, `PYTHONHOME`, `PYTHONUSERBASE` (its `.pth` files run at start-up),
 *   `PYTHONSTARTUP`;
 * - Ruby: `RUBYOPT` (`-r`), `RUBYLIB`; Perl: `PERL5OPT` (`-M`), `PERL5LIB`, `PERLLIB`, `PERL5DB`;
 * - git and ssh, which servers run to fetch: `GIT_SSH_COMMAND`, `GIT_SSH`, `GIT_EXEC_PATH`,
 *   `GIT_ASKPASS`, `SSH_ASKPASS`, `GIT_PROXY_COMMAND`, `GIT_EXTERNAL_DIFF`;
 * - Go: `GOFLAGS` (`-toolexec` for a server started with `go run`); .NET: `DOTNET_STARTUP_HOOKS`.
 */
export const HIJACK_NAMES: readonly string[] = Object.freeze([
  "BASH_ENV",
  "ENV",
  "PROMPT_COMMAND",
  "ZDOTDIR",
  "NODE_OPTIONS",
  "NODE_PATH",
  "JAVA_TOOL_OPTIONS",
  "_JAVA_OPTIONS",
  "JDK_JAVA_OPTIONS",
  "PYTHONPATH",
  "PYTHONHOME",
  "PYTHONUSERBASE",
  "PYTHONSTARTUP",
  "RUBYOPT",
  "RUBYLIB",
  "PERL5OPT",
  "PERL5LIB",
  "PERLLIB",
  "PERL5DB",
  "GIT_SSH_COMMAND",
  "GIT_SSH",
  "GIT_EXEC_PATH",
  "GIT_ASKPASS",
  "SSH_ASKPASS",
  "GIT_PROXY_COMMAND",
  "GIT_EXTERNAL_DIFF",
  "GOFLAGS",
  "DOTNET_STARTUP_HOOKS",
]);

/**
 * Prefixes that make a name a hijack name: the dynamic loaders' variables (`LD_PRELOAD`,
 * `LD_LIBRARY_PATH`, `LD_AUDIT`, …; macOS `DYLD_*`), git's config from the environment
 * (`GIT_CONFIG_KEY_<n>`/`GIT_CONFIG_VALUE_<n>`, `GIT_CONFIG_PARAMETERS`: `core.sshCommand`,
 * `core.pager`, hooks), and the .NET profilers a runtime loads (`CORECLR_PROFILER_PATH_64`, …).
 */
export const HIJACK_PREFIXES: readonly string[] = Object.freeze([
  "LD_",
  "DYLD_",
  "GIT_CONFIG_",
  "CORECLR_PROFILER",
  "COR_PROFILER",
]);

const NAMES = new Set(HIJACK_NAMES);

/**
 * Whether `name` is an interpreter hijack name. Compared case-insensitively on every platform: dropping
 * a lower-case look-alike from a glob costs nothing, missing a real one on Windows would.
 * @param name An env name.
 * @returns true for {@link HIJACK_NAMES} and names starting with one of {@link HIJACK_PREFIXES}.
 */
export function isHijackName(name: string): boolean {
  const upper = name.toUpperCase();
  return NAMES.has(upper) || HIJACK_PREFIXES.some((prefix) => upper.startsWith(prefix));
}

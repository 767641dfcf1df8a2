/**
 * The program as the executor receives it: the model writes against `codemode.<server>.<tool>`
 * (the typegen's namespaces), while an executor of `@cloudflare/codemode`'s shape bridges flat keys
 * (`codemode.<key>`). A wrapper builds the namespaced object from the flat one and hands it to the
 * model's function as its `codemode`, so any such executor runs it unchanged.
 * @module
 */
import type { McpTool } from "../tool-types.js";

/**
 * `async () => …` calling `code` (an async arrow function's source) with `codemode` bound to
 * `{ <server>: { <rawName>: <flat>[<name>] } }`, frozen; keys written as JSON strings, so no name a
 * server chose can end the literal.
 */
export function namespacedCode(
  code: string,
  tools: readonly Pick<McpTool, "name" | "server" | "rawName">[],
): string {
  const byServer = new Map<string, string[]>();
  for (const tool of tools) {
    const entries = byServer.get(tool.server) ?? [];
    entries.push(`[${JSON.stringify(tool.rawName)}]: flat[${JSON.stringify(tool.name)}]`);
    byServer.set(tool.server, entries);
  }
  const servers = [...byServer].map(
    ([server, entries]) => `[${JSON.stringify(server)}]: Object.freeze({ ${entries.join(", ")} })`,
  );
  const build = `((flat) => Object.freeze({ ${servers.join(", ")} }))(codemode)`;
  return `async () => (async (codemode) => (\n${code}\n)())(${build})`;
}

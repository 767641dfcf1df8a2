import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { describe, expect, it } from "vitest";

/** Every module specifier reached from `entry` through static `import`/`export … from` statements. */
function staticImports(entry: string): { files: Set<string>; external: Set<string> } {
  const files = new Set<string>();
  const external = new Set<string>();
  const visit = (file: string) => {
    if (files.has(file)) return;
    files.add(file);
    const code = readFileSync(file, "utf8");
    for (const match of code.matchAll(/^\s*(?:import|export)\s[^;]*?\sfrom\s+["']([^"']+)["']/gms)) {
      const specifier = match[1] as string;
      if (specifier.startsWith(".")) visit(resolve(dirname(file), specifier));
      else external.add(specifier);
    }
  };
  visit(entry);
  return { files, external };
}

/** Every module URL a fresh Node process loads to import `entry` (recorded by a loader hook). */
function modulesLoadedByImport(entry: string): string[] {
  const dir = mkdtempSync(join(tmpdir(), "entry-loads-"));
  const file = join(dir, "loaded.txt");
  try {
    const recorder = fileURLToPath(new URL("./support/record-loads.mjs", import.meta.url));
    const script = `await import(${JSON.stringify(pathToFileURL(entry).href)});`;
    execFileSync(process.execPath, ["--import", recorder, "--input-type=module", "-e", script], {
      env: { ...process.env, LOADED_MODULES_FILE: file },
      timeout: 20_000,
    });
    return readFileSync(file, "utf8").split("\n").filter(Boolean);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Code a host may never use, or uses only from `loadMcp` on: loaded on first use, not at import. */
const DEFERRED_MODULES = [
  "/@modelcontextprotocol/client/",
  "/dist/load-mcp.js",
  "/dist/connection/connection.js",
  "/dist/transport/session.js",
  "/dist/resources/server-catalog.js",
  "/dist/lazy/lazy-listing.js",
  "/dist/auth/server-oauth.js",
  "/dist/auth/server-auth.js",
  "/dist/auth/token-renewal.js",
  "/dist/auth/headless-credentials.js",
  "/dist/search/tool-search-index.js",
  "/stemmer/",
];

describe("root entry", () => {
  const entry = fileURLToPath(new URL("../dist/index.js", import.meta.url));

  it("should load neither the MCP client, OAuth, tool search nor the catalogs when imported", () => {
    const loaded = modulesLoadedByImport(entry);
    // The recorder works: the entry, its error module and the config parser were seen.
    expect(loaded.some((url) => url.endsWith("/dist/index.js"))).toBe(true);
    expect(loaded.some((url) => url.endsWith("/dist/errors.js"))).toBe(true);
    expect(loaded.some((url) => url.endsWith("/dist/config/parse-config.js"))).toBe(true);
    expect(loaded.filter((url) => DEFERRED_MODULES.some((part) => url.includes(part)))).toEqual([]);
  });

  it("should pull in no node:child_process through static imports (stdio is loaded on first use)", () => {
    const { files, external } = staticImports(entry);
    expect(files.size).toBeGreaterThan(10);
    expect([...external].filter((s) => s.includes("child_process"))).toEqual([]);
    expect([...files].some((f) => f.endsWith("child-process-transport.js"))).toBe(false);
  });

  it("should still reach the stdio transport on demand", () => {
    const session = readFileSync(
      fileURLToPath(new URL("../dist/transport/open-session.js", import.meta.url)),
      "utf8",
    );
    expect(session).toContain('import("./child-process-transport.js")');
  });
});

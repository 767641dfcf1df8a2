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

/** The marker line written after each entry's import, before the next one starts. */
const IMPORTED = "#imported ";

/**
 * Every module URL a fresh Node process loads to import each of `entries`, in turn (recorded by a
 * loader hook): the list for an entry holds what its import loaded that an earlier one had not.
 */
function modulesLoadedByImports(entries: readonly string[]): string[][] {
  const dir = mkdtempSync(join(tmpdir(), "entry-loads-"));
  const file = join(dir, "loaded.txt");
  try {
    const recorder = fileURLToPath(new URL("./support/record-loads.mjs", import.meta.url));
    const urls = JSON.stringify(entries.map((entry) => pathToFileURL(entry).href));
    const script = `import { appendFileSync } from "node:fs";
      for (const url of ${urls}) {
        await import(url);
        appendFileSync(process.env.LOADED_MODULES_FILE, ${JSON.stringify(IMPORTED)} + url + "\\n");
      }`;
    execFileSync(process.execPath, ["--import", recorder, "--input-type=module", "-e", script], {
      env: { ...process.env, LOADED_MODULES_FILE: file },
      timeout: 20_000,
    });
    const perEntry: string[][] = [[]];
    for (const line of readFileSync(file, "utf8").split("\n").filter(Boolean)) {
      if (line.startsWith(IMPORTED)) perEntry.push([]);
      else perEntry.at(-1)?.push(line);
    }
    expect(perEntry).toHaveLength(entries.length + 1);
    return perEntry.slice(0, entries.length);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Every module URL a fresh Node process loads to import `entry`. */
function modulesLoadedByImport(entry: string): string[] {
  return modulesLoadedByImports([entry])[0] ?? [];
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
    // The recorder works: the entry, its error module and the content helpers were seen (the config
    // parser left the root's import with the aliases of /config and /stores).
    expect(loaded.some((url) => url.endsWith("/dist/index.js"))).toBe(true);
    expect(loaded.some((url) => url.endsWith("/dist/errors.js"))).toBe(true);
    expect(loaded.some((url) => url.endsWith("/dist/tools/content-block-kinds.js"))).toBe(true);
    expect(loaded.filter((url) => DEFERRED_MODULES.some((part) => url.includes(part)))).toEqual([]);
  });

  it("should pull in no node:child_process through static imports (stdio is loaded on first use)", () => {
    const { files, external } = staticImports(entry);
    expect(files.size).toBeGreaterThan(3);
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

/**
 * The adapters' entries as a host imports them: the core's internal adapter entry and each adapter
 * package's root (built `dist`, as their hosts load them). The MCP client is loaded by `loadMcp`.
 */
const ADAPTER_ENTRIES = [
  ["@toolnexus/mcp-core/adapter", "../dist/adapter/index.js"],
  ["@toolnexus/adapter-ai-sdk", "../../adapter-ai-sdk/dist/index.js"],
  ["@toolnexus/adapter-langchain", "../../adapter-langchain/dist/index.js"],
  ["@toolnexus/adapter-toolnexus", "../../adapter-toolnexus/dist/index.js"],
] as const;

describe("adapter entries", () => {
  it("should not load the MCP client when the adapter kit or an adapter package is imported", () => {
    const entries = ADAPTER_ENTRIES.map(([, path]) => fileURLToPath(new URL(path, import.meta.url)));
    // One process imports them in turn (the kit first, so each package adds only its own modules).
    const loaded = modulesLoadedByImports(entries);
    const client = ADAPTER_ENTRIES.map(([name], i) => {
      const urls = loaded[i] ?? [];
      // The recorder works: each entry itself was seen when it was imported.
      expect(urls).toContain(pathToFileURL(entries[i] as string).href);
      return [name, urls.filter((url) => url.includes("/@modelcontextprotocol/client/"))];
    });
    expect(client).toEqual(ADAPTER_ENTRIES.map(([name]) => [name, []]));
  });
});

// Every published entry of every package exports only names its README documents, and the core's
// root exports exactly the names of its README's "Entries" table: a name nobody documented is a
// promise nobody meant to make, and after the first release it costs a major version to take back.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const packagesDir = fileURLToPath(new URL("../../", import.meta.url));

/** The entries that carry no promise and are documented as internal (the adapter kit). */
const INTERNAL_ENTRIES = new Set(["@toolnexus/mcp-core/adapter"]);

interface Manifest {
  name: string;
  private?: boolean;
  exports?: Record<string, string | { import?: string }>;
}

/**
 * The names an entry module exports. Entries are written as `export [type] { … } from "…"` lists
 * only; any other export statement fails here, so that no name escapes the comparison.
 */
function entryNames(code: string, file: string): string[] {
  const uncommented = code.replace(/\/\*[\s\S]*?\*\//g, "").replace(/^\s*\/\/.*$/gm, "");
  const names: string[] = [];
  const lists = /export\s+(?:type\s+)?\{([^}]*)\}\s+from\s+"[^"]+";?/g;
  for (const match of uncommented.matchAll(lists)) {
    for (const item of (match[1] as string).split(",")) {
      const name = item
        .replace(/^\s*type\s+/, "")
        .split(/\s+as\s+/)
        .pop()
        ?.trim();
      if (name) names.push(name);
    }
  }
  const rest = uncommented.replace(lists, "");
  expect([file, rest.match(/^\s*export\b.*$/m)?.[0]]).toEqual([file, undefined]);
  return names;
}

/** Every identifier a README names in code: inline code spans and fenced blocks. */
function documentedNames(readme: string): Set<string> {
  const names = new Set<string>();
  const spans = [...readme.matchAll(/```[\s\S]*?```|`[^`\n]+`/g)].map((m) => m[0]);
  for (const span of spans) for (const id of span.matchAll(/[A-Za-z_$][\w$]*/g)) names.add(id[0]);
  return names;
}

/** The names in the core README's "Entries" table (the root's exports, by group). */
function entriesTable(readme: string): string[] {
  const section = readme.slice(readme.indexOf("## Entries"), readme.indexOf("Rarely used names"));
  const rows = section.split("\n").filter((line) => /^\|\s*[a-z]/.test(line) && !line.startsWith("| group"));
  return rows.flatMap((row) =>
    [...(row.split("|")[2] ?? "").matchAll(/`(\w+)`/g)].map((m) => m[1] as string),
  );
}

const packages = readdirSync(packagesDir, { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && existsSync(join(packagesDir, entry.name, "package.json")))
  .map((entry) => {
    const dir = join(packagesDir, entry.name);
    const manifest = JSON.parse(readFileSync(join(dir, "package.json"), "utf8")) as Manifest;
    return { dir, manifest, readme: readFileSync(join(dir, "README.md"), "utf8") };
  })
  .filter(({ manifest }) => !manifest.private);

/** A package's public entries: specifier and the source file its `import` target is built from. */
function entries(dir: string, manifest: Manifest): { specifier: string; source: string }[] {
  return Object.entries(manifest.exports ?? {})
    .filter(([key]) => key !== "./package.json")
    .map(([key, target]) => {
      const built = typeof target === "string" ? target : (target.import as string);
      const source = built.replace(/^\.\/dist\//, "src/").replace(/\.js$/, ".ts");
      return {
        specifier: key === "." ? manifest.name : `${manifest.name}${key.slice(1)}`,
        source: join(dir, source),
      };
    })
    .filter(({ specifier }) => !INTERNAL_ENTRIES.has(specifier));
}

describe("each package's public surface is what its README documents", () => {
  it("should find every published package and its entries", () => {
    expect(packages.map((p) => p.manifest.name).sort()).toEqual([
      "@toolnexus/adapter-ai-sdk",
      "@toolnexus/adapter-langchain",
      "@toolnexus/adapter-toolnexus",
      "@toolnexus/cli",
      "@toolnexus/mcp-core",
      "@toolnexus/store-redis",
    ]);
    for (const { dir, manifest } of packages) {
      for (const entry of entries(dir, manifest))
        expect([entry.specifier, existsSync(entry.source)]).toEqual([entry.specifier, true]);
    }
  });

  it("should export from each entry only names its package's README names", () => {
    const undocumented: string[] = [];
    for (const { dir, manifest, readme } of packages) {
      const documented = documentedNames(readme);
      for (const entry of entries(dir, manifest)) {
        for (const name of entryNames(readFileSync(entry.source, "utf8"), entry.source)) {
          if (!documented.has(name)) undocumented.push(`${entry.specifier}: ${name}`);
        }
      }
    }
    expect(undocumented).toEqual([]);
  });

  it("should export from the core's root exactly the names of its README's Entries table", () => {
    const core = packages.find((p) => p.manifest.name === "@toolnexus/mcp-core");
    if (!core) throw new Error("no core package");
    const exported = entryNames(readFileSync(join(core.dir, "src/index.ts"), "utf8"), "src/index.ts");
    expect([...new Set(entriesTable(core.readme))].sort()).toEqual([...new Set(exported)].sort());
  });
});

import { readFileSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";
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

describe("root entry", () => {
  const entry = fileURLToPath(new URL("../dist/index.js", import.meta.url));

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

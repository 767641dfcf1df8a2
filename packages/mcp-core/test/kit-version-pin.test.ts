import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const packagesDir = fileURLToPath(new URL("../../", import.meta.url));
const changesetConfig = fileURLToPath(new URL("../../../.changeset/config.json", import.meta.url));
const core = JSON.parse(readFileSync(join(packagesDir, "mcp-core", "package.json"), "utf8")) as {
  version: string;
};

/** Whether any source file under `dir` imports the adapter kit. */
function importsKit(dir: string): boolean {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      if (importsKit(path)) return true;
    } else if (
      /\.[cm]?tsx?$/.test(entry.name) &&
      readFileSync(path, "utf8").includes('"@toolnexus/mcp-core/adapter"')
    ) {
      return true;
    }
  }
  return false;
}

describe("the adapter kit's version contract", () => {
  const dependents = readdirSync(packagesDir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && entry.name !== "mcp-core")
    .map((entry) => join(packagesDir, entry.name))
    .filter((dir) => {
      try {
        return importsKit(join(dir, "src"));
      } catch {
        return false;
      }
    });

  it("should find the packages that import @toolnexus/mcp-core/adapter", () => {
    expect(dependents.length).toBeGreaterThanOrEqual(3);
  });

  it("should pin the core exactly in every package that imports the kit (the kit has no semver promise)", () => {
    const pins = dependents.map((dir) => {
      const manifest = JSON.parse(readFileSync(join(dir, "package.json"), "utf8")) as {
        name: string;
        dependencies?: Record<string, string>;
      };
      return [manifest.name, manifest.dependencies?.["@toolnexus/mcp-core"]];
    });
    expect(pins).toEqual(pins.map(([name]) => [name, core.version]));
  });

  // The exact pin holds only if the versions move together: changesets' `fixed` group releases the
  // core and every package that imports its kit under one version, and bumps the pins with it.
  it("should release the core and every package that imports the kit as one fixed group", () => {
    const config = JSON.parse(readFileSync(changesetConfig, "utf8")) as { fixed?: string[][] };
    const group = (config.fixed ?? []).find((names) => names.includes("@toolnexus/mcp-core")) ?? [];
    const names = dependents.map(
      (dir) => (JSON.parse(readFileSync(join(dir, "package.json"), "utf8")) as { name: string }).name,
    );
    expect([...group].sort()).toEqual(["@toolnexus/mcp-core", ...names].sort());
  });
});

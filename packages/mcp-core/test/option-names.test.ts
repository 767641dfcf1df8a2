// The option naming rule of CONTRIBUTING.md, checked: a duration option ends in `Ms`, and one that
// does not is named in CONTRIBUTING.md (an exception that mirrors a host's or a config file's
// spelling, or a break listed until it is renamed).
import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const packagesDir = fileURLToPath(new URL("../../", import.meta.url));
const contributing = readFileSync(join(packagesDir, "..", "CONTRIBUTING.md"), "utf8");

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.ts$/.test(entry.name) ? [path] : [];
  });
}

const srcDirs = readdirSync(packagesDir, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => join(packagesDir, entry.name, "src"))
  .filter((dir) => {
    try {
      return readdirSync(dir).length > 0;
    } catch {
      return false;
    }
  });

/** An optional key of a number (or a map of numbers) whose name says it is a duration. */
const DURATION_KEY =
  /^\s+(?:readonly\s+)?(\w*(?:[Tt]imeout|[Ii]nterval|[Dd]elay|[Tt]tl|[Ww]ait|[Gg]race|[Dd]ebounce)\w*)\?:\s*(?:number|Readonly<Record<string,\s*number>>)(?=[\s;|])/gm;

describe("option names", () => {
  it("should end every duration option in Ms, or name it in CONTRIBUTING.md", () => {
    const unnamed: string[] = [];
    for (const file of srcDirs.flatMap(sourceFiles)) {
      const text = readFileSync(file, "utf8");
      for (const [, name] of text.matchAll(DURATION_KEY)) {
        if (name === undefined || name.endsWith("Ms")) continue;
        if (!contributing.includes(`\`${name}\``)) unnamed.push(`${relative(packagesDir, file)}: ${name}`);
      }
    }
    expect(unnamed).toEqual([]);
  });
});

// What a newcomer reads first, checked against the repository: nothing is published on npm until
// the first release, so every README that shows `npm install @toolnexus/…` also shows the install
// from a clone — `npm pack -w` of each package it names (the core too: every package pins it) and
// `npm install` of the tarballs npm pack writes (`toolnexus-<name>-<version>.tgz`, the version
// read from each package.json); every README says what toolnexus is before it uses the word; the
// root README says how long start-up takes and what `lazy` and `idleTimeoutMs` do.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const root = fileURLToPath(new URL("../../..", import.meta.url));
const packageDirs = readdirSync(join(root, "packages"));
const READMES = ["README.md", ...packageDirs.map((dir) => join("packages", dir, "README.md"))];
const read = (file: string) => readFileSync(join(root, file), "utf8");
const versionOf = (name: string) =>
  (JSON.parse(read(join("packages", name, "package.json"))) as { version: string }).version;

/** The package directories a README's `npm install @toolnexus/…` lines name. */
function installed(text: string): string[] {
  const names = new Set<string>();
  for (const line of text.split("\n").filter((l) => /^npm install (-g )?@toolnexus\//.test(l))) {
    for (const [, name] of line.matchAll(/@toolnexus\/([a-z-]+)/g)) names.add(name as string);
  }
  return [...names];
}

describe.each(READMES)("%s", (file) => {
  const text = read(file);

  it("shows the install from a clone beside any npm install of an unpublished package", () => {
    for (const name of installed(text)) {
      const withCore = name === "mcp-core" ? [name] : [name, "mcp-core"];
      for (const needed of withCore) {
        expect(text, `npm pack -w @toolnexus/${needed}`).toMatch(
          new RegExp(`npm pack[^\\n]* -w @toolnexus/${needed}(\\s|$)`, "m"),
        );
        expect(text).toContain(`toolnexus-${needed}-${versionOf(needed)}.tgz`);
      }
      expect(text).toMatch(/until the first release/i);
    }
  });

  it("says what toolnexus is where a reader first meets the word", () => {
    // The first standalone "toolnexus" (not toolnexus-mcp, not the @toolnexus scope) is the definition's.
    const first = /(?<![@\w/-])toolnexus(?![\w/-])/.exec(text);
    expect(first).not.toBeNull();
    const sentence = text.slice(Math.max(0, (first?.index ?? 0) - 4), (first?.index ?? 0) + 40);
    expect(sentence).toMatch(/\*\*toolnexus\*\* is an agent toolkit/);
  });
});

describe("the root README", () => {
  const text = read("README.md");
  it("says how long start-up takes and what lazy and idleTimeoutMs do", () => {
    const section = text.slice(text.indexOf("## Start-up"));
    expect(text).toContain("## Start-up");
    expect(section).toMatch(/spawn to listed/);
    expect(section).toMatch(/`lazy: true`/);
    expect(section).toMatch(/`idleTimeoutMs`/);
  });
});

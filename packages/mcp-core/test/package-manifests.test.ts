// What every published package promises about its release and its runtime, checked in one place:
// the Node versions it runs on (ESM, loaded by CommonJS through require(esm)), the attw profile that
// judges it on exactly those, and the changelog changesets writes from 0.1.0 on.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const repoDir = fileURLToPath(new URL("../../../", import.meta.url));

/**
 * Where a CommonJS `require()` of an ES module works unflagged: Node 20.19+ and 22.12+ (22.0–22.11
 * have it behind `--experimental-require-module` only). ESM consumers would do on any Node 20, but
 * one range for everyone is the promise the README makes.
 */
const NODE_RANGE = "^20.19.0 || >=22.12.0";

interface Manifest {
  name: string;
  version: string;
  private?: boolean;
  type?: string;
  engines?: { node?: string };
  files?: string[];
  scripts?: Record<string, string>;
}

const read = (path: string) => readFileSync(join(repoDir, path), "utf8");
const published = readdirSync(join(repoDir, "packages"))
  .filter((dir) => existsSync(join(repoDir, "packages", dir, "package.json")))
  .map((dir) => ({
    dir: `packages/${dir}`,
    manifest: JSON.parse(read(`packages/${dir}/package.json`)) as Manifest,
  }))
  .filter(({ manifest }) => !manifest.private);

describe("the published packages' manifests", () => {
  it("should each be ESM, on the Node versions where CommonJS can require it, as the repository", () => {
    const root = JSON.parse(read("package.json")) as Manifest;
    expect(root.engines?.node).toBe(NODE_RANGE);
    expect(published.length).toBe(6);
    for (const { manifest } of published) {
      expect([manifest.name, manifest.type, manifest.engines?.node]).toEqual([
        manifest.name,
        "module",
        NODE_RANGE,
      ]);
    }
  });

  it("should check each tarball with attw's esm-only profile, ignoring no rule", () => {
    // Each package's check:package is scripts/check-package.mjs: one npm pack, then publint and attw
    // on that tarball.
    const check = read("scripts/check-package.mjs");
    expect(check).toMatch(/"publint\.cmd" : "publint"\), \["run", tarball, "--strict"\]/);
    expect(check).toMatch(/"attw\.cmd" : "attw"\), \[tarball, "--profile", "esm-only"\]/);
    expect(check).not.toContain("--ignore-rules");
    for (const { manifest } of published) {
      const script = manifest.scripts?.["check:package"] ?? "";
      expect([manifest.name, script]).toEqual([manifest.name, "node ../../scripts/check-package.mjs"]);
    }
  });

  it("should say in each README that the package is ESM and how CommonJS loads it", () => {
    for (const { dir, manifest } of published) {
      const readme = read(`${dir}/README.md`);
      expect([manifest.name, readme.includes("require(esm)"), readme.includes("20.19")]).toEqual([
        manifest.name,
        true,
        true,
      ]);
    }
  });

  it("should ship a changelog per package whose newest entry is the package's version", () => {
    const config = JSON.parse(read(".changeset/config.json")) as { access?: string };
    expect(config.access).toBe("public");
    for (const { dir, manifest } of published) {
      expect([manifest.name, manifest.files?.includes("CHANGELOG.md")]).toEqual([manifest.name, true]);
      const changelog = read(`${dir}/CHANGELOG.md`);
      const [title, newest] = [changelog.match(/^# (.+)$/m)?.[1], changelog.match(/^## (\S+)$/m)?.[1]];
      expect([title, newest]).toEqual([manifest.name, manifest.version]);
    }
  });
});

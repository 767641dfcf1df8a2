// Rules the packages share live once (issue 41, goal 4): a second copy would drift, as the two
// loopback checks once did. Each case names the one file that holds the rule and looks for the
// rule's own text anywhere else in a package's `src`.
import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { isObject as kitIsObject } from "../src/adapter/index.js";
import { isObject } from "../src/is-object.js";
import { isObject as storesIsObject } from "../src/stores.js";

const packagesDir = fileURLToPath(new URL("../../", import.meta.url));

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.[cm]?tsx?$/.test(entry.name) ? [path] : [];
  });
}

const sources = readdirSync(packagesDir, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .flatMap((entry) => {
    const src = join(packagesDir, entry.name, "src");
    try {
      return sourceFiles(src);
    } catch {
      return [];
    }
  })
  .map((path) => ({ path: relative(packagesDir, path), text: readFileSync(path, "utf8") }));

/** The files (relative to `packages/`) whose text matches `pattern`. */
const filesMatching = (pattern: RegExp) =>
  sources.filter(({ text }) => pattern.test(text)).map(({ path }) => path);

describe("one copy of each rule", () => {
  it("should define the plain-object guard once, in the core, exported to stores and adapters", () => {
    // A named guard (`function isX(value)` or `const isX = (value) =>`) whose body is the check.
    const guard =
      /(function\s+\w+\s*\(\s*(\w+)[^)]*\)[^{]*\{\s*return\s+|const\s+\w+\s*=\s*\(\s*(\w+)[^)]*\)[^=]*=>\s*)typeof\s+(\w+)\s*===\s*"object"\s*&&\s*\4\s*!==\s*null\s*&&\s*!Array\.isArray\(\4\)\s*;?\s*}?/;
    expect(filesMatching(guard)).toEqual(["mcp-core/src/is-object.ts"]);
    expect(kitIsObject).toBe(isObject);
    expect(storesIsObject).toBe(isObject);
  });

  it("should write the loopback rule once", () => {
    // The rule's own marks in code: the IPv6 literal as a string, a 127/8 pattern, a localhost suffix.
    const loopback = /"\[::1\]"|\^127\\\.|"\.localhost"/;
    expect(filesMatching(loopback)).toEqual(["mcp-core/src/loopback-hostname.ts"]);
  });

  it("should keep the sampling glue and the instructions prompt in the adapter kit", () => {
    // The marks of each: the tools-off refusal, a message's blocks as a list, the prompt builder.
    const glue = /and tools are off|Array\.isArray\(message\.content\)|buildInstructionsPrompt\(/;
    expect(filesMatching(glue)).toEqual([
      "mcp-core/src/adapter/instructions.ts",
      "mcp-core/src/adapter/sampling-exchange.ts",
    ]);
    expect(sources.filter(({ path }) => path.endsWith("/instructions.ts")).map(({ path }) => path)).toEqual([
      "mcp-core/src/adapter/instructions.ts",
    ]);
  });
});

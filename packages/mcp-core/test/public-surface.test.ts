// The root entry names our own types (an SDK upgrade must not change them), fits on one screen, and
// the names that moved to `/config` and `/stores` are only there (the 0.1.0 aliases are gone).
import { readFileSync } from "node:fs";
import type * as Sdk from "@modelcontextprotocol/client";
import { describe, expect, it } from "vitest";
import * as config from "../src/config-entry.js";
import type * as Ours from "../src/index.js";
import * as root from "../src/index.js";
import * as stores from "../src/stores.js";

const source = (path: string) => readFileSync(new URL(path, import.meta.url), "utf8");

/** Every name an `export { … } from "<module>"` of `code` exports, with its module. */
function exportedNames(code: string): { name: string; from: string }[] {
  const names: { name: string; from: string }[] = [];
  const uncommented = code.replace(/\/\*[\s\S]*?\*\//g, "");
  for (const match of uncommented.matchAll(/export\s+(?:type\s+)?\{([^}]*)\}\s+from\s+"([^"]+)"/g)) {
    for (const item of (match[1] as string).split(",")) {
      const name = item.replace(/^\s*type\s+/, "").trim();
      if (name) names.push({ name, from: match[2] as string });
    }
  }
  return names;
}

// Structural compatibility, both ways: values pass between our types and the SDK's (checked by tsc).
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const compatible: [
  Same<Ours.ContentBlock, Sdk.ContentBlock>,
  Same<Ours.ToolAnnotations, Sdk.ToolAnnotations>,
  Same<Ours.PromptMessage, Sdk.PromptMessage>,
  Same<Ours.TextResourceContents, Sdk.TextResourceContents>,
  Same<Ours.BlobResourceContents, Sdk.BlobResourceContents>,
] = [true, true, true, true, true];

describe("the root entry's public surface", () => {
  it("should re-export nothing from the MCP SDK, and its public type modules should not import it", () => {
    expect(compatible).toEqual([true, true, true, true, true]);
    expect(source("../src/index.ts")).not.toContain("@modelcontextprotocol");
    for (const file of [
      "types.ts",
      "catalog-types.ts",
      "content-types.ts",
      "tool-error-types.ts",
      "call-types.ts",
      "search-types.ts",
    ]) {
      expect([file, source(`../src/${file}`).includes("@modelcontextprotocol")]).toEqual([file, false]);
    }
  });

  it("should name few enough exports for one screen, the rest on /config and /stores", () => {
    const exported = exportedNames(source("../src/index.ts"));
    // 55 before the result budget, pins, schema dialects and MCP Apps added their application-facing
    // names (the MCP Apps row, 13 names, is the candidate for an entry of its own).
    expect(exported.length).toBeLessThanOrEqual(75);
    expect(new Set(exported.map((e) => e.name)).size).toBe(exported.length);
  });

  it("should carry no deprecated alias: the names that moved to /config and /stores are only there", () => {
    const values = root as unknown as Record<string, unknown>;
    const moved = Object.keys({ ...config, ...stores }).filter((name) => name in values);
    expect(moved).toEqual([]);
    expect(source("../src/index.ts")).not.toMatch(/deprecated/i);
  });
});

import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { namespacedName, withHashSuffix } from "../src/naming/namespaced-name.js";
import { toolnexusName } from "../src/naming/toolnexus-name.js";
import { assignUniqueNames } from "../src/naming/unique-names.js";

interface NamingVector {
  server: string;
  raw: string;
  namespaced: string;
  toolnexus: string;
  note: string;
}

interface CollisionSet {
  note: string;
  tools: Array<{ server: string; raw: string }>;
  namespaced: string[];
  toolnexus: string[];
}

const fixture = JSON.parse(
  readFileSync(new URL("../../../fixtures/naming-vectors.json", import.meta.url), "utf8"),
) as { algorithm: string; vectors: NamingVector[]; collisions: { sets: CollisionSet[] } };

const MODEL_SAFE = /^[A-Za-z0-9_-]+$/;

describe("naming vectors", () => {
  it("should hold at least 24 vectors", () => {
    expect(fixture.vectors.length).toBeGreaterThanOrEqual(24);
  });

  describe.each(fixture.vectors)("$note", (vector) => {
    it("should produce the namespaced name, ≤ 64 chars of [A-Za-z0-9_-]", () => {
      const name = namespacedName(vector.server, vector.raw);
      expect(name).toBe(vector.namespaced);
      expect(name.length).toBeLessThanOrEqual(64);
      expect(name).toMatch(MODEL_SAFE);
    });

    it("should produce the toolnexus name, only [A-Za-z0-9_-]", () => {
      const name = toolnexusName(vector.server, vector.raw);
      expect(name).toBe(vector.toolnexus);
      expect(name).toMatch(MODEL_SAFE);
    });
  });
});

describe("namespacedName", () => {
  it("should keep names that sanitize alike apart", () => {
    expect(namespacedName("x", "a.b")).not.toBe(namespacedName("x", "a_b"));
    expect(namespacedName("x", "a.b")).not.toBe(namespacedName("x", "a/b"));
  });

  it("should return a clean name of exactly 64 characters unchanged and hash one of 65", () => {
    const at64 = `t${"a".repeat(55)}`;
    expect(namespacedName("s", at64)).toBe(`mcp__s__${at64}`);
    const at65 = `${at64}b`;
    expect(namespacedName("s", at65)).toMatch(new RegExp(`^mcp__s__${at65.slice(0, 43)}_[0-9a-f]{12}$`));
  });

  it("should replace an astral character with a single underscore (per code point)", () => {
    // "mcp__s__" + one "_" for the emoji + "_" before the hash; per UTF-16 unit it would be one more.
    expect(namespacedName("s", "🎉")).toMatch(/^mcp__s____[0-9a-f]{12}$/);
  });
});

describe("toolnexusName", () => {
  it("should replace an astral character with two underscores (per UTF-16 code unit)", () => {
    expect(toolnexusName("s", "🎉")).toBe("s___");
  });
});

describe("collision vectors", () => {
  const rules = { namespaced: namespacedName, toolnexus: toolnexusName };

  it("should hold a set for each kind of collision", () => {
    expect(fixture.collisions.sets.length).toBeGreaterThanOrEqual(5);
  });

  describe.each(fixture.collisions.sets)("$note", (set) => {
    it.each(["namespaced", "toolnexus"] as const)(
      "should give the expected %s names in any order",
      (mode) => {
        const requests = set.tools.map(({ server, raw }) => ({
          server,
          rawName: raw,
          name: rules[mode](server, raw),
        }));
        expect(assignUniqueNames(requests).names).toStrictEqual(set[mode]);
        // Which server listed first must not matter: every rotation gives the same names.
        for (let shift = 1; shift < requests.length; shift++) {
          const rotated = [...requests.slice(shift), ...requests.slice(0, shift)];
          const expected = [...set[mode].slice(shift), ...set[mode].slice(0, shift)];
          expect(assignUniqueNames(rotated).names).toStrictEqual(expected);
        }
      },
    );
  });
});

describe("assignUniqueNames", () => {
  it("should leave out all but the first by (server, raw name) when even the hashed names coincide", () => {
    // Equal hashed names need a 48-bit SHA-256 collision; two requests for one tool stand in for it.
    const requests = [
      { server: "t", rawName: "x", name: "n" },
      { server: "s", rawName: "x", name: "n" },
      { server: "s", rawName: "x", name: "n" },
    ];
    const assignment = assignUniqueNames(requests);

    expect(assignment.names).toStrictEqual([
      withHashSuffix("n", "t", "x"),
      withHashSuffix("n", "s", "x"),
      undefined,
    ]);
    expect(assignment.dropped).toStrictEqual([2]);
  });
});

import { describe, expect, it } from "vitest";
import { jsonPreview } from "../src/results/json-preview.js";
import { headPreview, safeCutIndex } from "../src/results/preview-cut.js";

/** No lone surrogate (a pair cut in half). */
const wellFormed = (text: string | undefined): boolean => !/\p{Cs}/u.test(text ?? "");

describe("the preview's cut", () => {
  it("should never split a surrogate pair", () => {
    const text = "ab😀cd";
    // Index 3 is between the two halves of the emoji.
    expect(safeCutIndex(text, 3)).toBe(2);
    expect(safeCutIndex(text, 4)).toBe(4);
    for (let at = 0; at <= text.length; at++) {
      const head = text.slice(0, safeCutIndex(text, at));
      expect(wellFormed(head)).toBe(true);
    }
  });

  it("should never end inside a backslash escape, a \\u escape included", () => {
    const text = 'say \\"hi\\" caf\\u00e9 \\\\ end';
    for (let at = 0; at <= text.length; at++) {
      const head = text.slice(0, safeCutIndex(text, at));
      // A whole escape ends the head, or no backslash is open: JSON reads `"<head>"` as a string.
      expect(() => JSON.parse(`"${head}"`), JSON.stringify(head)).not.toThrow();
    }
  });

  it("should not cut between the two escapes of an escaped surrogate pair", () => {
    const text = "x\\ud83d\\ude00y";
    expect(safeCutIndex(text, 7)).toBe(1);
    expect(safeCutIndex(text, 9)).toBe(1);
    expect(safeCutIndex(text, 13)).toBe(13);
  });

  it("should not cut before a combining mark or a joiner", () => {
    const text = "cafe\u0301!";
    expect(safeCutIndex(text, 4)).toBe(3);
    const family = "a👨\u200d👩b";
    for (let at = 0; at <= family.length; at++) {
      const cut = safeCutIndex(family, at);
      expect(wellFormed(family.slice(0, cut))).toBe(true);
      expect(family[cut]).not.toBe("\u200d");
    }
  });

  it("should end the head at a line break near the cut, else at the cut", () => {
    const lines = `${"a".repeat(90)}\n${"b".repeat(90)}\n`;
    expect(headPreview(lines, 100)).toBe(`${"a".repeat(90)}\n`);
    expect(headPreview("x".repeat(200), 100)).toBe("x".repeat(100));
    expect(headPreview("short", 100)).toBe("short");
  });
});

describe("the JSON preview", () => {
  it("should show whole first items of an array, as valid JSON", () => {
    const items = Array.from({ length: 100 }, (_, id) => ({ id, name: `item ${id} 😀` }));
    const preview = jsonPreview(JSON.stringify(items), 200);
    expect(preview).toBeDefined();
    const shown = JSON.parse(preview?.json ?? "") as unknown[];
    expect(shown.length).toBe(preview?.shownItems);
    expect(shown).toStrictEqual(items.slice(0, shown.length));
    expect(preview?.totalItems).toBe(100);
    expect(preview?.json.length).toBeLessThanOrEqual(200);
  });

  it("should show whole first entries of an object, and one level down an entry too large to fit", () => {
    const value = { total: 3, results: Array.from({ length: 50 }, (_, i) => ({ i, text: "y".repeat(30) })) };
    const preview = jsonPreview(JSON.stringify(value), 300);
    const shown = JSON.parse(preview?.json ?? "") as { total: number; results: unknown[] };
    expect(shown.total).toBe(3);
    expect(shown.results.length).toBeGreaterThan(0);
    expect(shown.results).toStrictEqual(value.results.slice(0, shown.results.length));
    expect(preview?.json.length).toBeLessThanOrEqual(300);
  });

  it("should leave a text that is not a JSON array or object, or whose first item does not fit, to the text cut", () => {
    expect(jsonPreview("not json [", 100)).toBeUndefined();
    expect(jsonPreview('"a string"', 100)).toBeUndefined();
    expect(jsonPreview(JSON.stringify(["z".repeat(500)]), 100)).toBeUndefined();
  });

  it("should leave JSON nested too deep to serialise to the text cut, not throw", () => {
    // A server's text: JSON.parse reads it, JSON.stringify of an item would overflow the stack.
    const deep = `[1,${"[".repeat(200_000)}${"]".repeat(200_000)}]`;
    expect(() => jsonPreview(deep, 8_000)).not.toThrow();
    expect(jsonPreview(deep, 8_000)).toBeUndefined();
  });
});

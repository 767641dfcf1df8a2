// The inverted index's own parts, pure (no process): one-edit matching, prefix and fuzzy expansion
// against a brute-force reading of SPEC §15.1, terms shed after churn, and indexing ahead of a search.
import { catalogQueries, catalogTools } from "@toolnexus/fixtures/catalog";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { McpTool } from "../src/index.js";
import { COUNT_RANGE, FIELD_COUNT, Postings } from "../src/search/postings.js";
import { SUFFIX_SCANS_BEFORE_VIEW, TermDictionary } from "../src/search/term-dictionary.js";
import { expandTerm, FUZZY_WEIGHT, oneEditApart, PREFIX_WEIGHT } from "../src/search/term-expansion.js";
import { ToolSearchIndex } from "../src/search/tool-search-index.js";
import { catalogTool } from "./support/catalog-tool.js";

/** Levenshtein distance, the textbook table: the reference the linear test must agree with. */
function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      current[j] = Math.min(
        (previous[j] as number) + 1,
        (current[j - 1] as number) + 1,
        (previous[j - 1] as number) + (a[i - 1] === b[j - 1] ? 0 : 1),
      );
    }
    previous = current;
  }
  return previous[b.length] as number;
}

describe("oneEditApart", () => {
  it("should agree with the edit distance on every pair", () => {
    const word = fc.string({ unit: fc.constantFrom("a", "b", "c"), maxLength: 7 });
    fc.assert(
      fc.property(word, word, (a, b) => {
        fc.pre(a !== b);
        expect(oneEditApart(a, b)).toBe(editDistance(a, b) === 1);
      }),
      { numRuns: 2000 },
    );
    expect(oneEditApart("schedul", "schedule")).toBe(true);
    expect(oneEditApart("calendar", "calender")).toBe(true);
    expect(oneEditApart("issu", "isus")).toBe(false);
  });
});

describe("expandTerm", () => {
  it("should find exactly the prefix and one-edit matches a scan of every term finds, weighted as SPEC §15.1", () => {
    const terms = fc.uniqueArray(
      fc.string({ unit: fc.constantFrom("a", "b", "c", "d"), minLength: 1, maxLength: 8 }),
      {
        maxLength: 60,
      },
    );
    const query = fc.string({ unit: fc.constantFrom("a", "b", "c", "d"), minLength: 1, maxLength: 8 });
    const options = { prefixMinLength: 4, fuzzyMinLength: 6 };
    fc.assert(
      fc.property(terms, query, (vocabulary, term) => {
        const dictionary = new TermDictionary();
        for (const word of vocabulary) dictionary.intern(word);
        const expected = new Map<string, number>();
        for (const word of vocabulary) {
          const L = word.length;
          const l = term.length;
          if (word === term) expected.set(word, 1);
          else if (l >= 4 && word.startsWith(term))
            expected.set(word, (PREFIX_WEIGHT * L) / (L + 0.3 * (L - l)));
          else if (l >= 6 && editDistance(word, term) === 1) expected.set(word, (FUZZY_WEIGHT * L) / (L + 1));
        }
        const found = new Map(
          expandTerm(term, dictionary, options).map((m) => [dictionary.term(m.termId), m.weight]),
        );
        expect(found).toEqual(expected);
      }),
      { numRuns: 500 },
    );
  });
});

describe("TermDictionary.withSuffix", () => {
  it("should visit the same terms in the same order by its first scans as by the reversed view built later", () => {
    const unit = fc.constantFrom("a", "b", "c", "\u00e9", "\ud83d\ude00", "\ud83d\ude01");
    const terms = fc.uniqueArray(fc.string({ unit, minLength: 1, maxLength: 6 }), { maxLength: 60 });
    const suffix = fc.string({ unit, maxLength: 3 });
    fc.assert(
      fc.property(terms, suffix, (vocabulary, end) => {
        const dictionary = new TermDictionary();
        for (const word of vocabulary) dictionary.intern(word);
        const visits = () => {
          const seen: string[] = [];
          dictionary.withSuffix(end, (id, term) => {
            expect(dictionary.term(id)).toBe(term);
            seen.push(term);
          });
          return seen;
        };
        const scanned = visits();
        for (let i = 1; i < SUFFIX_SCANS_BEFORE_VIEW; i++) visits();
        // A term added after the scans joins the view too.
        dictionary.intern(`zz${end}`);
        const viewed = visits();
        expect(viewed.filter((term) => term !== `zz${end}`)).toEqual(scanned);
        expect(viewed).toContain(`zz${end}`);
        expect(scanned).toEqual(vocabulary.filter((term) => term.endsWith(end)).sort(byReversed));
      }),
      { numRuns: 300 },
    );
  });
});

/** Code-unit order of the texts with their code units reversed, the view's order. */
const byReversed = (a: string, b: string) => {
  const ra = a.split("").reverse().join("");
  const rb = b.split("").reverse().join("");
  return ra < rb ? -1 : ra > rb ? 1 : 0;
};

/** A word of letters only (digits would split it), `zz` and six letters spelling `n` in base 26. */
const word = (n: number) =>
  `zz${n
    .toString(26)
    .padStart(6, "0")
    .replace(/[0-9a-p]/g, (c) => String.fromCharCode(97 + Number.parseInt(c, 26)))}`;

describe("ToolSearchIndex", () => {
  const github = catalogTools("github");

  it("should shed the terms no tool holds any more, and rank the same afterwards", () => {
    const index = new ToolSearchIndex();
    const base = github.map((tool) => catalogTool("gh", tool));
    const request = { query: "open a pull request", limit: 5, servers: undefined };
    const before = index.search(base, request);
    const termsBefore = index.stats.terms;
    // A server that renames every word on each refresh: 40 refreshes of 60 new words each.
    let tools = base;
    for (let round = 0; round < 40; round++) {
      const noise = catalogTool("noise", {
        ...(github[0] as (typeof github)[number]),
        name: `noise_${round}`,
        description: Array.from({ length: 60 }, (_, i) => word(round * 60 + i)).join(" "),
      });
      tools = [...base, noise];
      index.search(tools, request);
    }
    expect(index.stats.terms).toBeLessThan(termsBefore + 1024 + 2 * 60);
    expect(index.search(base, request)).toEqual(before);
    expect(index.search(tools, { ...request, query: word(39 * 60 + 7) }).map((hit) => hit.rawName)).toEqual([
      "noise_39",
    ]);
    expect(index.search(tools, { ...request, query: word(7) })).toEqual([]);
  });

  it("should index tools handed to prepare, so the next search analyses none of them", () => {
    const index = new ToolSearchIndex();
    const tools = github.map((tool) => catalogTool("gh", tool));
    index.prepare(tools.slice(0, 30));
    index.prepare(tools.slice(0, 30));
    expect(index.stats.added).toBe(30);
    const query = catalogQueries().find((q) => q.expected.startsWith("github/"))?.query ?? "issue";
    const hits = index.search(tools, { query, limit: 10, servers: undefined });
    expect(index.stats.added).toBe(tools.length);
    // The same ranking as an index that saw the tools only at search time.
    expect(hits).toEqual(new ToolSearchIndex().search(tools, { query, limit: 10, servers: undefined }));
  });

  it("should rank a restored snapshot as a fresh build, whether the generation is its documents in order or not", () => {
    const sets = ["github", "jira", "chat"] as const;
    const tools = sets.flatMap((set) => catalogTools(set).map((tool) => catalogTool(set, tool)));
    const toolsOf = (list: readonly McpTool[]) => (server: string) => list.filter((t) => t.server === server);
    const tokenOf = (server: string) => `token-${server}`;
    const parts = new ToolSearchIndex().snapshot(tools, tokenOf);
    if (!parts) throw new Error("no snapshot");
    // The same tools, servers in another order: every document reused, none where the snapshot has it.
    const reordered = [...sets].reverse().flatMap((set) => tools.filter((t) => t.server === set));
    const queries = catalogQueries()
      .slice(0, 40)
      .map((q) => ({ query: q.query, limit: 10, servers: undefined }));
    for (const current of [tools, reordered]) {
      const restored = new ToolSearchIndex();
      expect(restored.restore(parts, toolsOf(current), tokenOf, current)).toBe(tools.length);
      const fresh = new ToolSearchIndex();
      for (const request of queries) {
        expect(restored.search(current, request)).toEqual(fresh.search(current, request));
      }
      expect(restored.stats).toMatchObject({ added: 0, removed: 0, documents: tools.length });
      // Then a refresh: one tool gone, one new; the index follows as a fresh one does.
      const [chatTool] = catalogTools("chat");
      if (!chatTool) throw new Error("no chat tool");
      const extra = catalogTool("chat", { ...chatTool, name: "extra_tool" });
      const refreshed = [...current.slice(1), extra];
      for (const request of queries.slice(0, 10)) {
        expect(restored.search(refreshed, request)).toEqual(new ToolSearchIndex().search(refreshed, request));
      }
      expect(restored.stats).toMatchObject({ added: 1, removed: 1, documents: tools.length });
    }
  });
});

describe("Postings.restored", () => {
  const at = (document: number, count: number) => document * COUNT_RANGE + count;
  // Two documents; per (term, field) key: a sound list, a list with every kind of bad posting
  // (count 0, a document past the last, a negative value) around a sound one, an empty list.
  const offsets = Int32Array.from([0, 2, 6, 6]);
  const flat = Int32Array.from([at(0, 1), at(1, 3), at(0, 0), at(1, 2), at(2, 1), -1]);
  const restored = () => Postings.restored(offsets, Int32Array.from(flat), 2);
  const key = (k: number) => [Math.floor(k / FIELD_COUNT), k % FIELD_COUNT] as const;
  const read = (postings: Postings, k: number) => {
    const list = postings.list(...key(k));
    return list && Array.from(list);
  };

  it("should keep a list's sound postings and drop the rest when it is first read", () => {
    const postings = restored();
    expect(read(postings, 0)).toEqual([at(0, 1), at(1, 3)]);
    expect(read(postings, 1)).toEqual([at(1, 2)]);
    expect(read(postings, 2)).toBeUndefined();
  });

  it("should add to, remove from and flatten restored lists as it does built ones", () => {
    const postings = restored();
    expect(read(postings, 0)).toHaveLength(2); // read first: a view of the snapshot from then on
    postings.add(...key(0), 1, 5);
    expect(read(postings, 0)).toEqual([at(0, 1), at(1, 3), at(1, 5)]);
    expect(Array.from(flat.subarray(0, 2))).toEqual([at(0, 1), at(1, 3)]); // the snapshot is not written
    const { offsets: keys, postings: all } = postings.flat(3, (id) => id);
    expect(Array.from(keys)).toEqual([0, 3, 4, 4]);
    expect(Array.from(all)).toEqual([at(0, 1), at(1, 3), at(1, 5), at(1, 2)]);
    postings.removeDocuments(Uint8Array.from([1, 0]));
    expect(read(postings, 0)).toEqual([at(1, 3), at(1, 5)]);
    expect(read(postings, 1)).toEqual([at(1, 2)]);
    expect(postings.holds(0)).toBe(true);
  });
});

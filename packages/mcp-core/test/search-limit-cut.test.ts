// The search orders only the hits that can be among the first `limit`: the answer must be exactly
// the first `limit` hits of the whole ranking, ties at the cut in source order. Pure: the index over
// plain tool objects, no process.
import { catalogQueries, catalogTools } from "@toolnexus/fixtures/catalog";
import { describe, expect, it } from "vitest";
import type { McpTool } from "../src/index.js";
import { MAX_SEARCH_LIMIT } from "../src/search/search-options.js";
import { ToolSearchIndex } from "../src/search/tool-search-index.js";
import { catalogTool } from "./support/catalog-tool.js";

/** The github set served three times, by servers whose one-letter names index no term: equal scores. */
const tools: McpTool[] = ["a", "b", "c"].flatMap((server) =>
  catalogTools("github").map((tool) => catalogTool(server, tool)),
);

describe("search limit", () => {
  it("should give the first `limit` hits of the whole ranking, ties at the cut in source order", () => {
    const index = new ToolSearchIndex();
    const queries = catalogQueries()
      .filter((q) => q.expected.startsWith("github/"))
      .map((q) => q.query);
    for (const query of queries) {
      const all = index.search(tools, { query, limit: MAX_SEARCH_LIMIT, servers: undefined });
      expect(all.length).toBeGreaterThan(3);
      for (const limit of [1, 2, 3, 4, 5, 7, 10]) {
        const cut = index.search(tools, { query, limit, servers: undefined });
        expect(cut, `${query} / ${limit}`).toEqual(all.slice(0, limit));
      }
      // The three copies of the best tool tie: the source's order decides.
      expect(all.slice(0, 3).map((hit) => hit.server)).toEqual(["a", "b", "c"]);
    }
  });
});

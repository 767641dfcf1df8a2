import { countEvents, stdioServer, waitFor } from "@toolnexus/fixtures";
import { catalogServer } from "@toolnexus/fixtures/catalog";
import { describe, expect, it } from "vitest";
import { isMcpCoreError, type McpSource, type ToolSearchHit } from "../src/index.js";
import { sourceSearchOf } from "../src/search/source-search.js";
import { ToolSearchIndex } from "../src/search/tool-search-index.js";
import { fileToolCache } from "../src/stores.js";
import {
  cacheFiles,
  callOk,
  LIST_CHANGED_SERVER as LC,
  loadListChanged,
  pidOf,
  tempDir,
  tempLogFile,
  useSources,
} from "./support/harness.js";

const sources = useSources({ toolCache: null });

/** A source with a `basic` server named `b` and an `mcp-list-changed` server named `lc`. */
const loadTwo = () =>
  sources.loadServers({ b: "basic", [LC]: { fixture: "mcp-list-changed", args: ["--log", tempLogFile()] } });

const ids = (hits: ToolSearchHit[]) => hits.map((hit) => `${hit.server}/${hit.rawName}`);

const search = (source: McpSource, query: string, options?: Parameters<McpSource["searchTools"]>[1]) =>
  ids(source.searchTools(query, options));

/** What `action` throws (or undefined). */
function thrown(action: () => unknown): unknown {
  try {
    action();
  } catch (error) {
    return error;
  }
  return undefined;
}

describe("searchTools ranking", () => {
  it("should rank by relevance over names, descriptions and parameters, best first", async () => {
    const source = await loadTwo();
    const hits = source.searchTools("sum of two numbers");
    expect(hits[0]).toEqual({
      name: "mcp__b__add",
      server: "b",
      rawName: "add",
      title: undefined,
      description: "Adds two numbers (text plus structuredContent {sum})",
      score: hits[0]?.score,
    });
    expect(hits.every((hit, i) => hit.score > 0 && (i === 0 || hit.score <= (hits[i - 1]?.score ?? 0)))).toBe(
      true,
    );
    // A parameter's name finds its tool: lc's `slow` has `steps` only as a parameter.
    expect(search(source, "steps").sort()).toEqual(["b/slow", "lc/slow"]);
    // Words of the raw name split at `_`, and stemmed: "renaming tools" meets `rename_tool`.
    expect(search(source, "renaming tools")[0]).toBe("lc/rename_tool");
    expect(search(source, "process id")[0]).toBe("b/pid");
  });

  it("should narrow to the given servers and stop at the limit", async () => {
    const source = await loadTwo();
    expect(search(source, "echoes text")).toEqual(expect.arrayContaining(["b/echo", "lc/echo"]));
    expect(search(source, "echoes text", { servers: [LC] })).not.toContain("b/echo");
    expect(search(source, "echoes text", { servers: [LC] })[0]).toBe("lc/echo");
    expect(search(source, "echoes text", { servers: [] })).toEqual([]);
    expect(search(source, "text tool", { limit: 2 })).toHaveLength(2);
    expect(search(source, "text tool").length).toBeGreaterThan(2);
  });

  it("should answer [] to an empty or all-punctuation query", async () => {
    const source = await loadTwo();
    expect(source.searchTools("")).toEqual([]);
    expect(source.searchTools("  ?!, -- ")).toEqual([]);
    expect(source.searchTools("zzzqqq")).toEqual([]);
  });

  it("should reject malformed arguments with OPTIONS_INVALID and unknown servers with SERVER_UNKNOWN", async () => {
    const source = await loadTwo();
    const cases: [() => unknown, string, string][] = [
      [
        () => source.searchTools("x", { limit: 0 }),
        "OPTIONS_INVALID",
        'searchTools option "limit": expected an integer from 1 to 100, got zero',
      ],
      [() => source.searchTools("x", { limit: 101 }), "OPTIONS_INVALID", 'option "limit"'],
      [
        () => source.searchTools(7 as unknown as string),
        "OPTIONS_INVALID",
        'searchTools option "query": expected a string',
      ],
      [
        () => source.searchTools("x", { servers: "b" as unknown as string[] }),
        "OPTIONS_INVALID",
        'option "servers"',
      ],
      [
        () => source.searchTools("x", { servers: ["nope"] }),
        "SERVER_UNKNOWN",
        'No MCP server named "nope" is configured',
      ],
    ];
    for (const [action, code, message] of cases) {
      const error = thrown(action);
      expect(isMcpCoreError(error) && error.code, String(error)).toBe(code);
      expect((error as Error).message).toContain(message);
    }
  });
});

describe("searchTools over two catalog servers (github, jira: 100 tools)", () => {
  const loadCatalog = () =>
    sources.load({ mcpServers: { github: catalogServer("github"), jira: catalogServer("jira") } });

  it("should put the tool an intent names first, across snake_case and camelCase names", async () => {
    const source = await loadCatalog();
    const top = (query: string, options?: { servers: string[] }) => search(source, query, options)[0];
    expect(top("merge a pull request")).toBe("github/merge_pull_request");
    expect(top("log time spent on an issue")).toBe("jira/addWorklog");
    expect(top("start a sprint")).toBe("jira/startSprint");
    expect(top("list branches of a repository")).toBe("github/list_branches");
    expect(search(source, "create an issue").slice(0, 2).sort()).toEqual([
      "github/create_issue",
      "jira/createIssue",
    ]);
    expect(top("create an issue", { servers: ["github"] })).toBe("github/create_issue");
  });

  it("should return at most limit hits, and more than the default 10 when asked", async () => {
    const source = await loadCatalog();
    expect(source.searchTools("repository")).toHaveLength(10);
    expect(source.searchTools("repository", { limit: 3 })).toHaveLength(3);
    expect(source.searchTools("repository", { limit: 100 }).length).toBeGreaterThan(10);
  });
});

describe("searchTools over the live tool set", () => {
  it("should find a tool added by a refresh and forget one a refresh removed", async () => {
    const source = await loadTwo();
    await callOk(source, "add_tool", { name: "zebra_stripes" });
    await source.whenSettled(LC);
    expect(search(source, "zebra")).toEqual(["lc/zebra_stripes"]);
    await callOk(source, "remove_tool", { name: "zebra_stripes" });
    await source.whenSettled(LC);
    expect(search(source, "zebra")).toEqual([]);
  });

  it("should find a changed description's new words and not its old ones", async () => {
    const source = await loadTwo();
    await callOk(source, "change_tool", { name: "echo", description: "Repeats a giraffe" });
    await source.whenSettled(LC);
    expect(search(source, "giraffe")).toEqual(["lc/echo"]);
    expect(search(source, "given", { servers: [LC] })).toEqual([]);
    expect(search(source, "given")).toEqual(["b/echo"]);
  });

  it("should not search tools the config's tools map filters out", async () => {
    const source = await sources.loadServers({ b: { ...stdioServer("basic"), tools: { add: false } } });
    expect(source.tools.some((tool) => tool.rawName === "add")).toBe(false);
    expect(search(source, "adds two numbers")).not.toContain("b/add");
  });

  it("should search a lazy server's cached listing without starting it", { timeout: 20_000 }, async () => {
    const cacheDir = tempDir();
    const log = tempLogFile("lazy.log");
    const config = { mcpServers: { lazy1: { ...stdioServer("basic", ["--log", log]), lazy: true } } };
    const warm = await sources.load(config, { toolCache: fileToolCache(cacheDir) });
    await waitFor(() => cacheFiles(cacheDir).length === 1, { timeoutMs: 10_000, message: "cache entry" });
    await warm.close();
    const spawned = countEvents(log, "start");

    const source = await sources.load(config, { toolCache: fileToolCache(cacheDir) });
    expect(search(source, "add two numbers")[0]).toBe("lazy1/add");
    expect(source.state("lazy1")).toBe("stopped");
    expect(pidOf(source, "lazy1")).toBeUndefined();
    expect(countEvents(log, "start")).toBe(spawned);
  });
});

/** The index's add/remove counters. */
const counters = (index: ToolSearchIndex) => {
  const { documents, added, removed } = index.stats;
  return { documents, added, removed };
};

describe("incremental index", () => {
  it("should analyze only the changed server's new tools on the next search after a refresh", async () => {
    const source = await loadTwo();
    const index = new ToolSearchIndex();
    const request = { query: "echo", limit: 10, servers: undefined };
    index.search(source.tools, request);
    const total = source.tools.length;
    expect(counters(index)).toEqual({ documents: total, added: total, removed: 0 });

    await callOk(source, "add_tool", { name: "zebra_stripes" });
    await source.whenSettled(LC);
    expect(index.search(source.tools, { ...request, query: "zebra" }).map((hit) => hit.rawName)).toEqual([
      "zebra_stripes",
    ]);
    // One document added (the new tool); none of `b`'s tools, nor lc's unchanged ones, again.
    expect(counters(index)).toEqual({ documents: total + 1, added: total + 1, removed: 0 });

    await callOk(source, "change_tool", { name: "echo", description: "Repeats a giraffe" });
    await callOk(source, "remove_tool", { name: "zebra_stripes" });
    await source.whenSettled(LC);
    index.search(source.tools, request);
    // The changed tool is replaced (one out, one in), the removed one goes: nothing else is touched.
    expect(counters(index)).toEqual({ documents: total, added: total + 2, removed: 2 });

    // A search with nothing changed analyzes nothing.
    index.search(source.tools, request);
    expect(counters(index)).toEqual({ documents: total, added: total + 2, removed: 2 });
  });
});

describe("index on demand", () => {
  it("should build no index for a host that never searches, and find tools added before and after the first search", async () => {
    const { source } = await loadListChanged(sources);
    await callOk(source, "add_tool", { name: "zebra_stripes" });
    await source.whenSettled(LC);
    // Listings were swapped in (the load's, then the refresh's) and nothing searched: no tool analysed.
    const search = sourceSearchOf(source);
    expect(search?.stats).toBeUndefined();
    expect(search?.warmsAtSwap).toBe(false);

    // The first search builds the index over every current tool, the one added before it included.
    expect(ids(source.searchTools("zebra"))).toEqual([`${LC}/zebra_stripes`]);
    const total = source.tools.length;
    expect(search?.stats).toMatchObject({ documents: total, added: total });

    // From then on a listing is indexed as it arrives, before the next search asks.
    await callOk(source, "add_tool", { name: "okapi_spots" });
    await source.whenSettled(LC);
    expect(search?.stats).toMatchObject({ documents: total + 1, added: total + 1 });
    expect(ids(source.searchTools("okapi"))).toEqual([`${LC}/okapi_spots`]);
  });

  it("should index listings as they arrive when deferred loading will search", async () => {
    const { source } = await loadListChanged(sources, { deferLoading: { threshold: 1000 } });
    const search = sourceSearchOf(source);
    expect(search?.warmsAtSwap).toBe(true);
    expect(search?.stats).toMatchObject({ documents: source.tools.length, added: source.tools.length });
  });
});

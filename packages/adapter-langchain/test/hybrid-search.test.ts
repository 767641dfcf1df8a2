// The toolkit's `search` option: a LangChain Embeddings (a real subclass of our own, hashed words)
// ranks `mcp_search_tools` as the core's hybrid search does, tools through embedDocuments and the
// query through embedQuery; failing embeddings leave it lexical.
import { Embeddings } from "@langchain/core/embeddings";
import { sourceLoader } from "@toolnexus/fixtures";
import { catalogServer } from "@toolnexus/fixtures/catalog";
import { loadMcp } from "@toolnexus/mcp-core";
import { hybridToolSearch } from "@toolnexus/mcp-core/search";
import { afterEach, describe, expect, it } from "vitest";
import { createLangChainToolkit, langChainEmbedder } from "../src/index.js";

const sources = sourceLoader(loadMcp, { toolCache: null });
afterEach(() => sources.closeAll());

function wordVector(text: string): number[] {
  const vector = new Array<number>(32).fill(0);
  for (const word of text.toLowerCase().match(/[a-z]+/g) ?? []) {
    let hash = 2166136261;
    for (const char of word) hash = Math.imul(hash ^ char.charCodeAt(0), 16777619);
    const slot = (hash >>> 0) % 32;
    vector[slot] = (vector[slot] as number) + 1;
  }
  vector[0] = (vector[0] as number) + 0.01;
  return vector;
}

class WordEmbeddings extends Embeddings {
  documents = 0;
  queries: string[] = [];
  constructor(private readonly fail = false) {
    super({});
  }
  async embedDocuments(texts: string[]): Promise<number[][]> {
    if (this.fail) throw new Error("quota");
    this.documents += texts.length;
    return texts.map(wordVector);
  }
  async embedQuery(text: string): Promise<number[]> {
    if (this.fail) throw new Error("quota");
    this.queries.push(text);
    return wordVector(text);
  }
}

const load = () =>
  sources.load({ mcpServers: { github: catalogServer("github"), jira: catalogServer("jira") } });

async function searchTool(toolkit: ReturnType<typeof createLangChainToolkit>, query: string, limit: number) {
  const tool = toolkit.tool("mcp_search_tools");
  if (!tool) throw new Error("no mcp_search_tools");
  const message = await tool.invoke({
    id: "c1",
    name: "mcp_search_tools",
    args: { query, limit },
    type: "tool_call",
  });
  const content = message.artifact?.structuredContent as { tools: { name: string }[] } | undefined;
  return content?.tools.map((t) => t.name);
}

describe("LangChain toolkit: search with Embeddings", () => {
  it("should rank mcp_search_tools as the core's hybrid search does, queries through embedQuery", async () => {
    const source = await load();
    const embeddings = new WordEmbeddings();
    const toolkit = createLangChainToolkit(source, { deferLoading: {}, search: { embeddings } });
    const reference = hybridToolSearch(source, { embedder: langChainEmbedder(new WordEmbeddings()) });
    for (const query of ["open a new bug report", "who reviews my pull request"]) {
      const names = await searchTool(toolkit, query, 5);
      expect(names).toEqual((await reference.search(query, { limit: 5 })).map((hit) => hit.name));
    }
    expect(embeddings.queries).toEqual(["open a new bug report", "who reviews my pull request"]);
    expect(embeddings.documents).toBe(source.tools.length);
    reference.close();
    toolkit.dispose();
  });

  it("should answer lexically when the embeddings fail", async () => {
    const source = await load();
    const toolkit = createLangChainToolkit(source, {
      deferLoading: {},
      search: { embeddings: new WordEmbeddings(true) },
    });
    const names = await searchTool(toolkit, "open a new bug report", 5);
    expect(names).toEqual(source.searchTools("open a new bug report", { limit: 5 }).map((hit) => hit.name));
    toolkit.dispose();
  });

  it("should refuse a malformed search option", async () => {
    const source = await load();
    for (const search of [{ embeddings: 42 }, { embeddings: { embedQuery: () => [] } }, "e"]) {
      expect(() => createLangChainToolkit(source, { deferLoading: {}, search: search as never })).toThrow(
        expect.objectContaining({ code: "OPTIONS_INVALID" }),
      );
    }
  });
});

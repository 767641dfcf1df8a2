// The toolset's `search` option: an AI SDK EmbeddingModel (a real V3 model object of our own,
// hashed words) ranks `mcp_search_tools` as the core's hybrid search does with the same vectors,
// and a failing model leaves it lexical.
import type { EmbeddingModelV3 } from "@ai-sdk/provider";
import { sourceLoader } from "@toolnexus/fixtures";
import { catalogServer } from "@toolnexus/fixtures/catalog";
import { loadMcp } from "@toolnexus/mcp-core";
import { hybridToolSearch } from "@toolnexus/mcp-core/search";
import { afterEach, describe, expect, it } from "vitest";
import { aiSdkEmbedder, createAiSdkToolset, embeddingModelName } from "../src/index.js";

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

function wordsModel(fail = false): EmbeddingModelV3 & { calls: { values: string[]; signal: boolean }[] } {
  const calls: { values: string[]; signal: boolean }[] = [];
  return {
    specificationVersion: "v3",
    provider: "words",
    modelId: "hash-32",
    maxEmbeddingsPerCall: 16,
    supportsParallelCalls: true,
    calls,
    async doEmbed({ values, abortSignal }) {
      calls.push({ values, signal: abortSignal instanceof AbortSignal });
      if (fail) throw new Error("rate limited");
      return { embeddings: values.map(wordVector), warnings: [] };
    },
  };
}

const load = () =>
  sources.load({ mcpServers: { github: catalogServer("github"), jira: catalogServer("jira") } });

async function searchTool(toolset: ReturnType<typeof createAiSdkToolset>, query: string, limit: number) {
  const execute = toolset.tools.mcp_search_tools?.execute;
  if (!execute) throw new Error("no mcp_search_tools");
  const output = (await execute({ query, limit }, { toolCallId: "c1", messages: [] })) as {
    structuredContent?: { tools: { name: string }[] };
  };
  return output.structuredContent?.tools.map((tool) => tool.name);
}

describe("AI SDK toolset: search with an EmbeddingModel", () => {
  it("should rank mcp_search_tools as the core's hybrid search does with the model", async () => {
    const source = await load();
    const model = wordsModel();
    const toolset = createAiSdkToolset(source, { deferLoading: {}, search: { embedder: model } });
    const reference = hybridToolSearch(source, { embedder: aiSdkEmbedder(wordsModel()) });
    for (const query of ["open a new bug report", "who reviews my pull request"]) {
      const names = await searchTool(toolset, query, 5);
      expect(names).toEqual((await reference.search(query, { limit: 5 })).map((hit) => hit.name));
      expect(names).not.toEqual(source.searchTools(query, { limit: 5 }).map((hit) => hit.name));
    }
    // embedMany split the tools at the model's 16 per call, and passed the abort signal.
    expect(model.calls.every((call) => call.values.length <= 16 && call.signal)).toBe(true);
    expect(embeddingModelName(model)).toBe("words/hash-32");
    reference.close();
    toolset.dispose();
  });

  it("should answer lexically when the model fails", async () => {
    const source = await load();
    const toolset = createAiSdkToolset(source, { deferLoading: {}, search: { embedder: wordsModel(true) } });
    const names = await searchTool(toolset, "open a new bug report", 5);
    expect(names).toEqual(source.searchTools("open a new bug report", { limit: 5 }).map((hit) => hit.name));
    toolset.dispose();
  });

  it("should refuse a malformed search option", async () => {
    const source = await load();
    for (const search of [{ embedder: 42 }, { embedder: {} }, "model"]) {
      expect(() => createAiSdkToolset(source, { deferLoading: {}, search: search as never })).toThrow(
        expect.objectContaining({ code: "OPTIONS_INVALID" }),
      );
    }
    expect(() =>
      createAiSdkToolset(source, {
        deferLoading: {},
        toolSearch: "anthropic",
        search: { embedder: wordsModel() },
      }),
    ).toThrow(expect.objectContaining({ code: "OPTIONS_INVALID" }));
  });
});

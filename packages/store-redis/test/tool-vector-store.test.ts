// Tool vectors of hybrid search on a real redis-server: one worker embeds the tools, another (its
// own stores) embeds none; the entry is authenticated with the secret, so an entry planted in
// Redis — in clear, under another key, with another secret's MAC — is a miss and is embedded again.
import { sourceLoader } from "@toolnexus/fixtures";
import { catalogServer } from "@toolnexus/fixtures/catalog";
import { loadMcp } from "@toolnexus/mcp-core";
import { hybridToolSearch, type ToolEmbedder } from "@toolnexus/mcp-core/search";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { RedisStoresOptions } from "../src/index.js";
import { vectorKey } from "../src/keys.js";
import { openStores } from "./support/open-stores.js";
import {
  failOnUnhandledErrors,
  rawClient,
  redisAvailable,
  startRedis,
  type TestRedis,
} from "./support/redis-server.js";

const SECRET = "vector-store-secret-of-at-least-32-bytes";
const OTHER_SECRET = "another-secret-of-at-least-32-bytes!!";

failOnUnhandledErrors();

const sources = sourceLoader(loadMcp, { toolCache: null });
afterEach(() => sources.closeAll());

/** Hashed words: a small real embedder. */
const embedder: ToolEmbedder = async (texts) =>
  texts.map((text) => {
    const vector = new Array<number>(16).fill(0);
    for (const word of text.toLowerCase().match(/[a-z]+/g) ?? []) {
      let hash = 2166136261;
      for (const char of word) hash = Math.imul(hash ^ char.charCodeAt(0), 16777619);
      const slot = (hash >>> 0) % 16;
      vector[slot] = (vector[slot] as number) + 1;
    }
    vector[0] = (vector[0] as number) + 0.01;
    return vector;
  });

describe.runIf(redisAvailable())("tool vectors on Redis", () => {
  let redis: TestRedis;
  beforeAll(async () => {
    redis = await startRedis();
  });
  afterAll(() => redis?.close());

  function stores(options: Partial<RedisStoresOptions> & { keyPrefix: string }) {
    const warnings: string[] = [];
    const created = openStores({
      url: redis.url,
      secret: SECRET,
      ...options,
      onWarning: (m) => warnings.push(m),
    });
    return { ...created, warnings };
  }

  async function embeddedBy(
    store: ReturnType<typeof stores>["toolVectors"],
    source: Awaited<ReturnType<typeof load>>,
  ) {
    const search = hybridToolSearch(source, { embedder, vectorCache: { store, model: "words-16" } });
    await search.search("open a bug");
    expect(search.lastFallback).toBeUndefined();
    search.close();
    return search.embeddedTools;
  }

  const load = () => sources.load({ mcpServers: { jira: catalogServer("jira") } });

  it("should let a second worker search with the first one's vectors, embedding none", async () => {
    const keyPrefix = redis.prefix();
    const source = await load();
    const a = stores({ keyPrefix });
    const b = stores({ keyPrefix });
    expect(await embeddedBy(a.toolVectors, source)).toBe(source.tools.length);
    expect(await embeddedBy(b.toolVectors, source)).toBe(0);
    const client = await rawClient(redis.url);
    const keys = await client.keys(`${keyPrefix}{vec:*`);
    expect(keys.length).toBe(1);
    expect(await client.pTTL(keys[0] as string)).toBeGreaterThan(0);
    expect([...a.warnings, ...b.warnings]).toEqual([]);
  });

  it("should read an entry written without the secret, with another, or copied from another key as a miss", async () => {
    const keyPrefix = redis.prefix();
    const source = await load();
    const insecure = stores({ keyPrefix, secret: undefined, insecure: true });
    expect(await embeddedBy(insecure.toolVectors, source)).toBe(source.tools.length);
    expect(await embeddedBy(stores({ keyPrefix }).toolVectors, source)).toBe(source.tools.length);
    expect(await embeddedBy(stores({ keyPrefix, secret: OTHER_SECRET }).toolVectors, source)).toBe(
      source.tools.length,
    );
    // Copied under another key: the MAC binds an entry to its own Redis key.
    const client = await rawClient(redis.url);
    const mine = stores({ keyPrefix });
    const entry = { version: 1 as const, model: "m", dimensions: 1, vectors: {} };
    await mine.toolVectors.set("a", entry);
    expect(await mine.toolVectors.get("a")).toEqual(entry);
    await client.set(vectorKey(keyPrefix, "b"), (await client.get(vectorKey(keyPrefix, "a"))) ?? "");
    expect(await mine.toolVectors.get("b")).toBeUndefined();
    // Garbage is a miss.
    for (const key of await client.keys(`${keyPrefix}{vec:*`)) await client.set(key, "{not json");
    expect(await embeddedBy(stores({ keyPrefix }).toolVectors, source)).toBe(source.tools.length);
  });

  it("should answer a miss and keep nothing while Redis is down", async () => {
    const source = await load();
    const down = openStores({
      url: "redis://127.0.0.1:1",
      secret: SECRET,
      keyPrefix: "down:",
      connectTimeoutMs: 200,
      onWarning: () => {},
    });
    expect(await down.toolVectors.get("k")).toBeUndefined();
    await down.toolVectors.set("k", { version: 1, model: "m", dimensions: 1, vectors: {} });
    expect(await embeddedBy(down.toolVectors, source)).toBe(source.tools.length);
  });
});

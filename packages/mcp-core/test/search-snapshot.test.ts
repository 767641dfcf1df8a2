// The search index snapshot (SPEC §15.8): the first search after a warm start reads the index a
// previous source wrote beside the listing cache instead of analysing every tool, and answers
// exactly what a freshly built index answers; a stale, corrupt, foreign or untrusted snapshot is a
// miss (the search builds as without one). Real lazy catalog servers from a real file cache (never
// spawned: each has its own --log, checked empty).
import { chmodSync, existsSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import {
  CATALOG_SETS,
  type CatalogSet,
  catalogQueries,
  catalogServer,
  catalogTools,
} from "@toolnexus/fixtures/catalog";
import { describe, expect, it } from "vitest";
import { parseConfig } from "../src/config-entry.js";
import type { McpSource } from "../src/index.js";
import { decodeSnapshot } from "../src/search/index-snapshot.js";
import { sourceSearchOf } from "../src/search/source-search.js";
import { configFingerprint, fileToolCache, type ToolCacheEntry } from "../src/stores.js";
import { tempDir, useSources } from "./support/harness.js";

const sources = useSources();
const SERVERS = 12;
const QUERIES = catalogQueries()
  .map((q) => q.query)
  .slice(0, 40);

/** A config of lazy catalog servers, each with its own log (a spawn would write to it). */
function catalogConfig(dir: string) {
  const mcpServers: Record<string, ReturnType<typeof catalogServer> & { lazy: true }> = {};
  for (let i = 0; i < SERVERS; i++) {
    const set = CATALOG_SETS[i % CATALOG_SETS.length] as CatalogSet;
    mcpServers[`s${i}`] = { ...catalogServer(set, { log: join(dir, `spawn-${i}.log`) }), lazy: true };
  }
  return { mcpServers };
}

/** Writes server `i`'s listing into the cache: its set's tools from `offset`, saved at `savedAt`. */
async function cacheListing(
  dir: string,
  cacheDir: string,
  i: number,
  offset = 0,
  savedAt = "2026-12-01T00:00:00.000Z",
) {
  const { servers } = await parseConfig(catalogConfig(dir));
  const server = servers[i];
  if (!server) throw new Error(`no server ${i}`);
  const set = CATALOG_SETS[i % CATALOG_SETS.length] as CatalogSet;
  const fingerprint = configFingerprint(server);
  await fileToolCache(cacheDir).set(fingerprint, {
    version: 1,
    server: server.name,
    fingerprint,
    savedAt,
    tools: catalogTools(set).slice(offset, offset + 20) as unknown as ToolCacheEntry["tools"],
    protocol: { version: "2025-11-25", prior: { kind: "legacy" } },
  });
}

/** A directory with a warm cache of every server, its snapshot directory and a load of it. */
async function warmCatalog() {
  const dir = tempDir();
  const cacheDir = join(dir, "cache");
  for (let i = 0; i < SERVERS; i++) await cacheListing(dir, cacheDir, i);
  const snapshotDir = join(cacheDir, "search-index");
  const load = () => sources.load(catalogConfig(dir), { toolCache: fileToolCache(cacheDir) });
  const snapshotFile = () => join(snapshotDir, readdirSync(snapshotDir)[0] as string);
  const spawned = () => readdirSync(dir).filter((file) => file.startsWith("spawn-")).length;
  return { dir, cacheDir, snapshotDir, load, snapshotFile, spawned };
}

/** Every query's hits (names and scores), the oracle a restored index must equal. */
const allHits = (source: McpSource) => QUERIES.map((query) => source.searchTools(query, { limit: 10 }));

const stats = (source: McpSource) => sourceSearchOf(source)?.stats;

describe("search index snapshot", { timeout: 60_000 }, () => {
  it("should answer the first search after a warm start from the snapshot, equal to a fresh build", async () => {
    const catalog = await warmCatalog();
    const first = await catalog.load();
    const fresh = allHits(first);
    expect(stats(first)?.added).toBe(SERVERS * 20);
    await first.close();
    expect(readdirSync(catalog.snapshotDir)).toHaveLength(1);

    const second = await catalog.load();
    expect(allHits(second)).toEqual(fresh);
    expect(stats(second)).toMatchObject({ documents: SERVERS * 20, added: 0, removed: 0 });
    expect(catalog.spawned()).toBe(0);
  });

  it("should reuse the unchanged servers only, when some servers' listings changed", async () => {
    const catalog = await warmCatalog();
    const first = await catalog.load();
    first.searchTools("create an issue");
    await first.close();
    // Two servers listed other tools since (a new entry: another saved-at time).
    await cacheListing(catalog.dir, catalog.cacheDir, 0, 20, "2026-12-02T00:00:00.000Z");
    await cacheListing(catalog.dir, catalog.cacheDir, 5, 25, "2026-12-02T00:00:00.000Z");

    const restored = await catalog.load();
    const hits = allHits(restored);
    expect(stats(restored)).toMatchObject({ documents: SERVERS * 20, added: 40, removed: 40 });
    await restored.close();
    // The oracle: the same listings with no snapshot at all.
    writeFileSync(catalog.snapshotFile(), "");
    const built = await catalog.load();
    expect(allHits(built)).toEqual(hits);
    expect(stats(built)?.added).toBe(SERVERS * 20);
  });

  it("should write nothing for a host that never searches, and nothing again when nothing changed", async () => {
    const catalog = await warmCatalog();
    await (await catalog.load()).close();
    expect(existsSync(catalog.snapshotDir)).toBe(false);
    const searched = await catalog.load();
    searched.searchTools("list pull requests");
    await searched.close();
    const written = readFileSync(catalog.snapshotFile());
    const again = await catalog.load();
    again.searchTools("list pull requests");
    await again.close();
    expect(readFileSync(catalog.snapshotFile()).equals(written)).toBe(true);
  });

  it("should build as without a snapshot when it is corrupt, truncated or lies about its counts", async () => {
    const catalog = await warmCatalog();
    const first = await catalog.load();
    const fresh = allHits(first);
    await first.close();
    const good = readFileSync(catalog.snapshotFile());
    expect(decodeSnapshot(good)).toBeDefined();
    const header = good.readUInt32LE(8);
    // A term written twice (another of its length replaced, so every section stays in place).
    const duplicateTerm = (() => {
      const b = Buffer.from(good);
      const parsed = JSON.parse(b.subarray(12, 12 + header).toString("utf8")) as { terms: string[] };
      const at = parsed.terms.findIndex((term, i) => i > 0 && term.length === parsed.terms[0]?.length);
      parsed.terms[at] = parsed.terms[0] as string;
      const text = Buffer.from(JSON.stringify(parsed));
      expect(text.length).toBe(header);
      text.copy(b, 12);
      return b;
    })();
    const variants: Buffer[] = [
      Buffer.alloc(0),
      good.subarray(0, good.length >> 1),
      Buffer.concat([good, Buffer.alloc(4, 0xff)]), // a posting past the last document
      Buffer.from(good).fill(0xff, 12 + header + 8), // every section's bytes at −1
      Buffer.from(good).fill(0x7f, good.length - 4096), // postings far past the documents
      (() => {
        const b = Buffer.from(good);
        b.writeUInt32LE(0x7fffffff, 8); // a header longer than the file
        return b;
      })(),
      (() => {
        const b = Buffer.from(good);
        b.write("[", 12); // a header that is not JSON
        return b;
      })(),
      duplicateTerm,
    ];
    expect(decodeSnapshot(duplicateTerm)).toBeUndefined();
    for (const [i, bytes] of variants.entries()) {
      writeFileSync(catalog.snapshotFile(), bytes);
      const source = await catalog.load();
      // Never a throw; a snapshot whose shape passed gives the same documents (bad postings dropped).
      const hits = allHits(source);
      const decoded = decodeSnapshot(bytes);
      if (!decoded) expect(hits, `variant ${i}`).toEqual(fresh);
      else for (const list of hits) expect(list.length).toBeLessThanOrEqual(10);
      await source.close();
    }
    expect(catalog.spawned()).toBe(0);
  });

  it.skipIf(process.platform === "win32")(
    "should not read a snapshot others could have written",
    async () => {
      const catalog = await warmCatalog();
      const first = await catalog.load();
      first.searchTools("create an issue");
      await first.close();
      chmodSync(catalog.snapshotFile(), 0o666);
      const source = await catalog.load();
      source.searchTools("create an issue");
      expect(stats(source)?.added).toBe(SERVERS * 20);
    },
  );
});

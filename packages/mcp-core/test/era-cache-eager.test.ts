// The era verdict of an eager server kept in the listing cache (SPEC §3.3.2): a warm load starts an
// eager `auto` server with no server/discover probe, a verdict the server no longer matches costs
// one failed open and is replaced, and the default file store stays lazy-only. Real stdio children
// of the era matrix's fixtures; counts in their logs are taken as differences.
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { countEvents } from "@toolnexus/fixtures";
import { afterEach, describe, expect, it } from "vitest";
import { configFingerprint, fileToolCache, type ToolCacheEntry } from "../src/stores.js";
import { ERA_FIXTURES, type EraFixture, eraOf, SERVER, stdioEntry } from "./support/era-matrix.js";
import {
  cacheFiles,
  callOk,
  failOnUnhandledRejections,
  serverConfig,
  tempDir,
  tempLogFile,
  useSources,
} from "./support/harness.js";

failOnUnhandledRejections();

const sources = useSources();
const fixture = (era: EraFixture["era"]) => ERA_FIXTURES.find((f) => f.era === era) as EraFixture;

/** An eager one-server config of `row`'s fixture logging to its own file, and its cache entry's path. */
async function eagerConfig(row: EraFixture, cacheDir: string) {
  const log = tempLogFile(`${row.fixture}.log`);
  const config = { mcpServers: { [SERVER]: stdioEntry(row, log) } };
  const key = configFingerprint(await serverConfig(config));
  return { config, log, key, path: join(cacheDir, `${key}.json`) };
}

const readEntry = (path: string) => JSON.parse(readFileSync(path, "utf8")) as ToolCacheEntry;

/** Loads `config` eagerly with a file store in `cacheDir`, checks it runs and answers, closes it. */
async function loadAndCall(config: object, cacheDir: string) {
  const source = await sources.load(config, {
    toolCache: fileToolCache(cacheDir),
    autoRestart: { enabled: false },
  });
  expect(source.state(SERVER), source.servers()[0]?.lastError).toBe("running");
  expect(await callOk(source, "echo", { text: "hi" })).toBe("hi");
  const { protocolVersion } = eraOf(source);
  await source.close();
  return protocolVersion;
}

describe.each(["legacy-only", "modern-only"] as const)("eager %s server, era cached", (era) => {
  it("should start with no server/discover once a load has cached its era", async () => {
    const cacheDir = tempDir("era-eager-");
    const { config, log, path } = await eagerConfig(fixture(era), cacheDir);
    await loadAndCall(config, cacheDir);
    const probes = countEvents(log, "discover");
    expect(probes).toBeGreaterThan(0); // the cold start probed: the warm one's zero is not vacuous
    expect(readEntry(path).protocol?.version).toBe(fixture(era).protocolVersion);

    expect(await loadAndCall(config, cacheDir)).toBe(fixture(era).protocolVersion);
    expect(countEvents(log, "discover")).toBe(probes);
    expect(countEvents(log, "start")).toBe(2);
  });
});

describe("an eager server whose era changed since its entry was written", () => {
  it("should connect a modern-only server the entry calls legacy, and cache its real era", async () => {
    const cacheDir = tempDir("era-eager-");
    const { config, key, path } = await eagerConfig(fixture("modern-only"), cacheDir);
    const stale: ToolCacheEntry = {
      version: 1,
      server: SERVER,
      fingerprint: key,
      savedAt: new Date().toISOString(),
      tools: [],
      protocol: { version: "2025-11-25", prior: { kind: "legacy" } },
    };
    writeFileSync(path, JSON.stringify(stale), { mode: 0o600 });
    expect(await loadAndCall(config, cacheDir)).toBe(fixture("modern-only").protocolVersion);
    expect(readEntry(path).protocol).toMatchObject({ prior: { kind: "modern" } });
  });

  it("should connect a legacy-only server the entry calls modern, and cache its real era", async () => {
    const cacheDir = tempDir("era-eager-");
    // A real modern verdict, from a modern server's own entry, planted under the legacy server's key.
    const modern = await eagerConfig(fixture("modern-only"), cacheDir);
    await loadAndCall(modern.config, cacheDir);
    const legacy = await eagerConfig(fixture("legacy-only"), cacheDir);
    const planted = { ...readEntry(modern.path), server: SERVER, fingerprint: legacy.key, tools: [] };
    expect(planted.protocol).toMatchObject({ prior: { kind: "modern" } });
    writeFileSync(legacy.path, JSON.stringify(planted), { mode: 0o600 });
    expect(await loadAndCall(legacy.config, cacheDir)).toBe(fixture("legacy-only").protocolVersion);
    expect(readEntry(legacy.path).protocol).toEqual({ version: "2025-11-25", prior: { kind: "legacy" } });
  });
});

describe("the default file store", () => {
  const saved = process.env.TOOLNEXUS_MCP_CACHE_DIR;
  afterEach(() => {
    if (saved === undefined) delete process.env.TOOLNEXUS_MCP_CACHE_DIR;
    else process.env.TOOLNEXUS_MCP_CACHE_DIR = saved;
  });

  it("should write nothing for an eager server when the host gave no toolCache", async () => {
    const cacheDir = tempDir("era-eager-default-");
    process.env.TOOLNEXUS_MCP_CACHE_DIR = cacheDir;
    const { config } = await eagerConfig(fixture("legacy-only"), cacheDir);
    const source = await sources.load(config);
    expect(await callOk(source, "echo", { text: "hi" })).toBe("hi");
    await source.close();
    expect(cacheFiles(cacheDir)).toEqual([]);
  });
});

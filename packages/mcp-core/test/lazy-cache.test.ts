import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { collectToolChanges, countEvents, stdioServer, waitFor } from "@toolnexus/fixtures";
import { describe, expect, it } from "vitest";
import type { ToolCacheStore, ToolsChange } from "../src/index.js";
import { configFingerprint, fileToolCache, type ToolCacheEntry } from "../src/stores.js";
import {
  BASIC_TOOLS,
  cacheFiles,
  serverConfig,
  tempDir,
  tempLogFile,
  useSources,
} from "./support/harness.js";

const sources = useSources();

const loadLazy = (config: object, cacheDir: string) =>
  sources.load(config, { toolCache: fileToolCache(cacheDir) });

/** The parsed JSON of a cache file, or undefined while it is missing or not JSON. */
function readEntry(file: string): Record<string, unknown> | undefined {
  try {
    return JSON.parse(readFileSync(file, "utf8")) as Record<string, unknown>;
  } catch {
    return undefined;
  }
}

/** Loads, waits until the server's tools were discovered (background), and closes. */
async function discoverOnce(config: object, cacheDir: string, server: string): Promise<ToolsChange[]> {
  const source = await loadLazy(config, cacheDir);
  const changes = collectToolChanges<ToolsChange>(source);
  await waitFor(() => changes.changes(server).length > 0, { timeoutMs: 10_000, message: "discovery" });
  await source.close();
  return changes.changes(server);
}

describe("listing cache", () => {
  it("should write one entry per fingerprint in the documented format", async () => {
    const cacheDir = tempDir();
    const log = tempLogFile("lazy.log");
    const config = { mcpServers: { cached: { ...stdioServer("basic", ["--log", log]), lazy: true } } };
    await discoverOnce(config, cacheDir, "cached");
    const key = configFingerprint(await serverConfig(config));
    expect(key).toMatch(/^[0-9a-f]{64}$/);
    expect(cacheFiles(cacheDir)).toEqual([`${key}.json`]);
    const entry = readEntry(join(cacheDir, `${key}.json`));
    if (!entry) throw new Error("no readable cache entry");
    expect(Object.keys(entry).sort()).toEqual([
      "fingerprint",
      "protocol",
      "savedAt",
      "server",
      "tools",
      "version",
    ]);
    // basic is a 2025-era server: the era verdict is "legacy" (a modern one keeps its discover result).
    expect(entry).toMatchObject({
      version: 1,
      server: "cached",
      fingerprint: key,
      protocol: { version: "2025-11-25", prior: { kind: "legacy" } },
    });
    expect(Number.isNaN(Date.parse(String(entry.savedAt)))).toBe(false);
    expect((entry.tools as Array<{ name: string }>).map((t) => t.name)).toEqual(BASIC_TOOLS);
  });

  it("should miss and rediscover when the server's args change", async () => {
    const cacheDir = tempDir();
    const log = tempLogFile("lazy.log");
    const entry = (args: string[]) => ({ ...stdioServer("basic", ["--log", log, ...args]), lazy: true });
    const original = { mcpServers: { lazy1: entry([]) } };
    const changed = { mcpServers: { lazy1: entry(["--init-delay-ms", "1"]) } };
    expect(configFingerprint(await serverConfig(changed))).not.toBe(
      configFingerprint(await serverConfig(original)),
    );

    await discoverOnce(original, cacheDir, "lazy1");
    expect(countEvents(log, "start")).toBe(1);
    // Same config: a hit, nothing spawned.
    const hit = await loadLazy(original, cacheDir);
    expect(hit.tools).toHaveLength(BASIC_TOOLS.length);
    await hit.close();
    expect(countEvents(log, "start")).toBe(1);

    const miss = await loadLazy(changed, cacheDir);
    expect(miss.tools).toEqual([]);
    const changes = collectToolChanges<ToolsChange>(miss);
    await waitFor(() => changes.events.length > 0, { timeoutMs: 10_000, message: "rediscovery" });
    expect(countEvents(log, "start")).toBe(2);
    await waitFor(() => cacheFiles(cacheDir).length === 2, { timeoutMs: 10_000, message: "second entry" });
  });

  it("should ignore a corrupt entry and rewrite it with a valid one", async () => {
    const cacheDir = tempDir();
    const log = tempLogFile("lazy.log");
    const config = { mcpServers: { lazy1: { ...stdioServer("basic", ["--log", log]), lazy: true } } };
    await discoverOnce(config, cacheDir, "lazy1");
    const [file] = cacheFiles(cacheDir);
    if (!file) throw new Error("no cache file");
    const path = join(cacheDir, file);
    writeFileSync(path, "{ this is not json ]]");

    const source = await loadLazy(config, cacheDir);
    expect(source.tools).toEqual([]);
    const changes = collectToolChanges<ToolsChange>(source);
    await waitFor(() => changes.events.length > 0, { timeoutMs: 10_000, message: "rediscovery" });
    expect(countEvents(log, "start")).toBe(2);
    const entry = await waitFor(() => readEntry(path), { timeoutMs: 10_000, message: "a rewritten entry" });
    expect(entry).toMatchObject({ version: 1, server: "lazy1", fingerprint: file.replace(/\.json$/, "") });
    expect((entry.tools as unknown[]).length).toBe(BASIC_TOOLS.length);
    expect(cacheFiles(cacheDir)).toEqual([file]);
  });

  it("should treat a well-formed entry holding malformed tools as a miss, not a failed load", async () => {
    const cacheDir = tempDir();
    const log = tempLogFile("lazy.log");
    const config = { mcpServers: { lazy1: { ...stdioServer("basic", ["--log", log]), lazy: true } } };
    const key = configFingerprint(await serverConfig(config));
    const schema = { type: "object" };
    const badListings = [[null], [{ name: 42, inputSchema: schema }], [{ name: "x" }]];
    for (const [i, tools] of badListings.entries()) {
      const entry = {
        version: 1,
        server: "lazy1",
        fingerprint: key,
        savedAt: new Date().toISOString(),
        tools,
      };
      writeFileSync(join(cacheDir, `${key}.json`), JSON.stringify(entry));
      const source = await loadLazy(config, cacheDir);
      expect(source.tools, JSON.stringify(tools)).toEqual([]);
      await waitFor(() => source.tools.length === BASIC_TOOLS.length, {
        timeoutMs: 10_000,
        message: "rediscovery",
      });
      expect(countEvents(log, "start")).toBe(i + 1);
      await source.close();
    }
  });

  it("should treat an entry of another version or fingerprint as a miss", async () => {
    const cacheDir = tempDir();
    const store = fileToolCache(cacheDir);
    const key = "a".repeat(64);
    const tools = [{ name: "echo", inputSchema: { type: "object" as const } }];
    writeFileSync(
      join(cacheDir, `${key}.json`),
      JSON.stringify({ version: 2, server: "x", fingerprint: key, savedAt: "", tools }),
    );
    expect(await store.get(key)).toBeUndefined();
    writeFileSync(
      join(cacheDir, `${key}.json`),
      JSON.stringify({ version: 1, server: "x", fingerprint: "b".repeat(64), savedAt: "", tools }),
    );
    expect(await store.get(key)).toBeUndefined();
    expect(await store.get("c".repeat(64))).toBeUndefined();
  });

  it("should never write env values into the cache", async () => {
    const cacheDir = tempDir();
    const config = {
      mcpServers: {
        secretive: { ...stdioServer("basic"), lazy: true, env: { SECRET_TOKEN: "s3cr3t-value" } },
      },
    };
    await discoverOnce(config, cacheDir, "secretive");
    const files = readdirSync(cacheDir);
    expect(files.length).toBeGreaterThan(0);
    for (const file of files) {
      expect(file).not.toContain("s3cr3t-value");
      const text = readFileSync(join(cacheDir, file), "utf8");
      expect(text).toContain('"echo"');
      expect(text).not.toContain("s3cr3t-value");
    }
  });
});

describe("listing cache writes and close()", () => {
  it("should finish a running lazy server's cache write before close() resolves", async () => {
    // A slow store: a write still in flight when close() resolves would land after it.
    const written: string[][] = [];
    const entries = new Map<string, ToolCacheEntry>();
    const store: ToolCacheStore = {
      get: (key) => entries.get(key),
      set: async (key, entry) => {
        await new Promise((resolve) => setTimeout(resolve, 1_500)); // the slowness is the point
        entries.set(key, entry);
        written.push(entry.tools.map((tool) => tool.name));
      },
    };
    const config = { mcpServers: { lc: { ...stdioServer("mcp-list-changed"), lazy: true } } };
    const source = await sources.load(config, { toolCache: store });
    await source.whenSettled();
    const add = source.tools.find((tool) => tool.rawName === "add_tool");
    expect((await add?.execute({ name: "late" }))?.isError).toBe(false);
    // The server re-lists on list_changed; that listing's cache write starts in the background.
    await waitFor(() => source.tools.some((tool) => tool.rawName === "late"), {
      timeoutMs: 10_000,
      message: "the added tool",
    });
    await source.close();
    expect(written.at(-1)).toContain("late");
  });
});

describe("configFingerprint", () => {
  const base = { command: "node", args: ["server.mjs"], env: { TOKEN: "one" } };
  const fingerprint = async (entry: object) =>
    configFingerprint(await serverConfig({ mcpServers: { s: entry } }));

  it("should change with what decides which server runs", async () => {
    const reference = await fingerprint(base);
    for (const variant of [
      { ...base, command: "bun" },
      { ...base, args: ["server.mjs", "--flag"] },
      { ...base, cwd: "/tmp" },
      { ...base, env: { TOKEN: "two" } },
      { ...base, env: { TOKEN: "one", OTHER: "x" } },
      { ...base, envFile: "/etc/mcp.env" },
    ]) {
      expect(await fingerprint(variant), JSON.stringify(variant)).not.toBe(reference);
    }
  });

  it("should not change with settings that do not change the listing", async () => {
    const reference = await fingerprint(base);
    for (const variant of [
      { ...base, lazy: true },
      { ...base, timeout: 5000 },
      { ...base, idleTimeoutMs: 1000 },
      { ...base, tools: { echo: false } },
      { ...base, env: { TOKEN: "one" }, autoRestart: { enabled: false } },
    ]) {
      expect(await fingerprint(variant), JSON.stringify(variant)).toBe(reference);
    }
  });

  it("should not depend on the order of env names nor reveal env values", async () => {
    const a = await fingerprint({ ...base, env: { A: "1", B: "2" } });
    const b = await fingerprint({ ...base, env: { B: "2", A: "1" } });
    expect(a).toBe(b);
    expect(a).toMatch(/^[0-9a-f]{64}$/);
  });
});

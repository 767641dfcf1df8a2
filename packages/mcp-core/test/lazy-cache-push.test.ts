import { collectToolChanges, countEvents, stdioServer, waitFor } from "@toolnexus/fixtures";
import { describe, expect, it } from "vitest";
import type { ToolCacheStore, ToolsChange } from "../src/index.js";
import type { ToolCacheEntry, ToolCacheListener } from "../src/stores.js";
import { SETTLE_MS, tempLogFile, toolByRawName, useSources } from "./support/harness.js";

const sources = useSources();

/**
 * A store shared by every source of one test, as a shared store (Redis pub/sub) behaves: a write is
 * kept and pushed to every subscriber, the writer's own included.
 */
class PushingStore implements ToolCacheStore {
  readonly entries = new Map<string, ToolCacheEntry>();
  readonly listeners = new Set<ToolCacheListener>();

  get(key: string): ToolCacheEntry | undefined {
    return this.entries.get(key);
  }

  set(key: string, entry: ToolCacheEntry): void {
    this.entries.set(key, entry);
    this.push(key, entry);
  }

  /** Pushes `entry` without keeping it (what a hostile or buggy writer on the channel can do). */
  push(key: string, entry: unknown): void {
    for (const listener of this.listeners) listener(key, entry as ToolCacheEntry);
  }

  subscribe(listener: ToolCacheListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** The only entry (each test caches one server). */
  only(): [string, ToolCacheEntry] {
    const [first, ...rest] = this.entries;
    if (!first || rest.length > 0) throw new Error(`expected one entry, got ${this.entries.size}`);
    return first;
  }
}

const SERVER = "lc";
const rawNames = (source: { tools: readonly { server: string; rawName: string }[] }) =>
  source.tools.filter((t) => t.server === SERVER).map((t) => t.rawName);

/** A lazy `mcp-list-changed` server logging to `log`, discovered once into `store` by a first source. */
async function discovered(store: PushingStore) {
  const log = tempLogFile("lc.log");
  const config = {
    mcpServers: { [SERVER]: { ...stdioServer("mcp-list-changed", ["--log", log]), lazy: true } },
  };
  const first = await sources.load(config, { toolCache: store });
  await waitFor(() => store.entries.size === 1, { message: "the discovery's cache write" });
  await first.close();
  return { config, log };
}

/** The stored entry with one more tool, as another process's session would have listed it. */
function withExtraTool(store: PushingStore, name = "pushed_tool"): [string, ToolCacheEntry] {
  const [key, entry] = store.only();
  const extra = { name, description: `Dynamic tool ${name}`, inputSchema: { type: "object" as const } };
  return [key, { ...entry, savedAt: new Date().toISOString(), tools: [...entry.tools, extra] }];
}

describe("listing cache pushes", () => {
  it("should swap a lazy server's tools to a pushed listing without spawning it, with one event", async () => {
    const store = new PushingStore();
    const { config, log } = await discovered(store);
    const spawnsBefore = countEvents(log, "start");
    const source = await sources.load(config, { toolCache: store });
    const echo = toolByRawName(source, "echo", SERVER);
    const changes = collectToolChanges<ToolsChange>(source);

    store.set(...withExtraTool(store));

    expect(rawNames(source)).toContain("pushed_tool");
    expect(changes.changes(SERVER)).toEqual([{ added: ["mcp__lc__pushed_tool"], removed: [], changed: [] }]);
    // Unchanged names keep their tool object (held wrappers stay valid).
    expect(toolByRawName(source, "echo", SERVER)).toBe(echo);
    expect(source.state(SERVER)).toBe("stopped");
    // A negative check (no spawn follows the push), so a fixed wait past the list_changed settle.
    await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
    expect(countEvents(log, "start")).toBe(spawnsBefore);
  });

  it("should carry a listing one source's session lists to another source's unstarted copy", async () => {
    const store = new PushingStore();
    const { config, log } = await discovered(store);
    const user = await sources.load(config, { toolCache: store });
    const watcher = await sources.load(config, { toolCache: store });
    const watcherChanges = collectToolChanges<ToolsChange>(watcher);
    const result = await toolByRawName(user, "add_tool", SERVER).execute({ name: "late_tool" });
    expect(result.isError).toBe(false);

    await waitFor(() => rawNames(watcher).includes("late_tool"), {
      message: "the push reaching the watcher",
    });
    expect(watcher.state(SERVER)).toBe("stopped");
    // The discovery and the user's start: the watcher spawned nothing.
    expect(countEvents(log, "start")).toBe(2);
    expect(watcherChanges.changes(SERVER)).toEqual([
      { added: ["mcp__lc__late_tool"], removed: [], changed: [] },
    ]);
  });

  it("should not report a change when the pushed listing is the one it holds (its own write echoed)", async () => {
    const store = new PushingStore();
    const { config } = await discovered(store);
    const source = await sources.load(config, { toolCache: store });
    const changes = collectToolChanges<ToolsChange>(source);
    const [key, entry] = store.only();
    store.set(key, { ...entry, savedAt: new Date().toISOString() });
    expect(changes.events).toEqual([]);
  });

  it("should ignore an invalid pushed entry with a warning naming the server", async () => {
    const store = new PushingStore();
    const { config } = await discovered(store);
    const warnings: string[] = [];
    const source = await sources.load(config, { toolCache: store, onWarning: (w) => warnings.push(w) });
    const before = rawNames(source);
    const changes = collectToolChanges<ToolsChange>(source);
    const [key, entry] = withExtraTool(store);

    store.push(key, { ...entry, server: "someone_else" });
    store.push(key, { ...entry, fingerprint: "0".repeat(64) });
    store.push(key, { ...entry, tools: [...entry.tools, { name: "no schema" }] });
    store.push(key, {
      ...entry,
      tools: Array.from({ length: 10_001 }, (_, i) => ({ ...entry.tools[0], name: `t${i}` })),
    });
    store.push(key, "not an entry");

    expect(rawNames(source)).toEqual(before);
    expect(changes.events).toEqual([]);
    const pushWarnings = warnings.filter((w) => w.includes("pushed tool cache entry"));
    expect(pushWarnings).toHaveLength(5);
    for (const warning of pushWarnings) expect(warning).toMatch(/^MCP server "lc": ignored a pushed/);
    expect(pushWarnings[1]).toContain("not the one of this server's config");
    expect(pushWarnings[3]).toContain("more than the limit of 10000");
  });

  it("should ignore pushes while the server runs: its own session is the truth", async () => {
    const store = new PushingStore();
    const { config } = await discovered(store);
    const source = await sources.load(config, { toolCache: store });
    await source.start(SERVER);
    const before = rawNames(source);
    const changes = collectToolChanges<ToolsChange>(source);

    store.push(...withExtraTool(store));

    expect(rawNames(source)).toEqual(before);
    expect(changes.events).toEqual([]);
  });

  it("should refuse a store whose subscribe is not a function, naming the option", async () => {
    const store = { get: () => undefined, set: () => {}, subscribe: "yes" };
    const error = await sources.rejection(
      { mcpServers: {} },
      { toolCache: store as unknown as ToolCacheStore },
    );
    expect(error).toMatchObject({ code: "OPTIONS_INVALID" });
    expect(String((error as Error).message)).toContain("toolCache");
    expect(String((error as Error).message)).toContain("subscribe(listener)");
  });

  it("should leave no listener on the store after close", async () => {
    const store = new PushingStore();
    const { config } = await discovered(store);
    const source = await sources.load(config, { toolCache: store });
    expect(store.listeners.size).toBe(1);
    await source.close();
    expect(store.listeners.size).toBe(0);
  });
});

import { join } from "node:path";
import {
  collectStates,
  collectToolChanges,
  countEvents,
  isAlive,
  readLog,
  stdioServer,
  waitFor,
} from "@toolnexus/fixtures";
import { describe, expect, it } from "vitest";
import { loadMcp, type McpConfigInput, type McpSource, type ToolsChange } from "../src/index.js";
import { configFingerprint, fileToolCache } from "../src/stores.js";
import {
  BASIC_TOOLS,
  cacheFiles,
  pidOf,
  serverConfig,
  tempDir,
  tempLogFile,
  toolByRawName,
  useSources,
} from "./support/harness.js";

const sources = useSources();

/** A lazy `basic` server logging to `log`. */
function lazyBasic(log: string, extra: Record<string, unknown> = {}, args: string[] = []): object {
  return { ...stdioServer("basic", ["--log", log, ...args]), lazy: true, ...extra };
}

const toolsOf = (source: McpSource, server: string) => source.tools.filter((t) => t.server === server);

/** Loads once so background discovery fills the cache with `count` entries, then closes. */
async function warmCache(config: object, cacheDir: string, count = 1): Promise<void> {
  const source = await loadMcp(config as McpConfigInput, { toolCache: fileToolCache(cacheDir) });
  try {
    await waitFor(() => cacheFiles(cacheDir).length === count, {
      timeoutMs: 10_000,
      message: "cache entries",
    });
  } finally {
    await source.close();
  }
}

describe("lazy start", () => {
  it("should list a lazy server's tools from a warm cache without spawning it, and spawn on first call", async () => {
    const cacheDir = tempDir();
    const log = tempLogFile("lazy.log");
    const config = { mcpServers: { lazy1: lazyBasic(log) } };
    await warmCache(config, cacheDir);
    expect(countEvents(log, "start")).toBe(1);

    const source = await sources.load(config, { toolCache: fileToolCache(cacheDir) });
    expect(source.state("lazy1")).toBe("stopped");
    const [snapshot] = source.servers();
    expect(snapshot).toMatchObject({
      name: "lazy1",
      state: "stopped",
      lazy: true,
      toolCount: BASIC_TOOLS.length,
    });
    expect(snapshot?.pid).toBeUndefined();
    expect(countEvents(log, "start")).toBe(1);
    expect(toolsOf(source, "lazy1").map((t) => t.rawName)).toEqual(BASIC_TOOLS);

    const states = collectStates(source);
    const changes = collectToolChanges<ToolsChange>(source);
    const before = source.tools;
    const result = await toolByRawName(source, "echo", "lazy1").execute({ text: "hi" });
    expect(result.isError, result.text).toBe(false);
    expect(result.text).toBe("hi");
    expect(source.state("lazy1")).toBe("running");
    expect(states.states("lazy1")).toEqual(["starting", "running"]);
    expect(countEvents(log, "start")).toBe(2);
    const pid = pidOf(source, "lazy1");
    expect(pid).toBeTypeOf("number");
    expect(isAlive(pid as number)).toBe(true);
    // The live listing equals the cached one: no event, same wrapper objects.
    expect(changes.events).toEqual([]);
    for (const [i, tool] of source.tools.entries()) expect(tool).toBe(before[i]);
  });

  it("should return from loadMcp on a cache miss and deliver the tools later through onToolsChange", async () => {
    const cacheDir = tempDir();
    const log = tempLogFile("lazy.log");
    // The delay makes "did not wait for discovery" observable in the log.
    const config = { mcpServers: { lazy1: lazyBasic(log, {}, ["--init-delay-ms", "500"]) } };
    const source = await sources.load(config, { toolCache: fileToolCache(cacheDir) });
    expect(countEvents(log, "list")).toBe(0);
    expect(toolsOf(source, "lazy1")).toEqual([]);
    expect(source.state("lazy1")).toBe("stopped");

    const changes = collectToolChanges<ToolsChange>(source);
    await waitFor(() => changes.events.length > 0, { timeoutMs: 10_000, message: "discovered tools" });
    expect(changes.events).toEqual([
      {
        server: "lazy1",
        change: { added: BASIC_TOOLS.map((t) => `mcp__lazy1__${t}`), removed: [], changed: [] },
      },
    ]);
    expect(source.state("lazy1")).toBe("stopped");
    expect(source.servers()[0]?.pid).toBeUndefined();
    const starts = readLog(log).filter((e) => e.event === "start");
    expect(starts).toHaveLength(1);
    const discoveryPid = starts[0]?.pid as number;
    await waitFor(() => !isAlive(discoveryPid), { timeoutMs: 10_000, message: "discovery process to exit" });
    await waitFor(() => cacheFiles(cacheDir).length === 1, { timeoutMs: 10_000, message: "cache entry" });
  });

  it("should not wait for a slow lazy server at load, but should wait for it when eager", async () => {
    const cacheDir = tempDir();
    const fastLog = tempLogFile("fast.log");
    const slowLog = tempLogFile("slow.log");
    const slow = { ...stdioServer("basic", ["--log", slowLog, "--init-delay-ms", "3000"]) };
    const fast = stdioServer("basic", ["--log", fastLog]);
    const lazyConfig = { mcpServers: { fast, slow: { ...slow, lazy: true } } };
    // Warm the cache through the public store contract, so the lazy server needs no discovery.
    const slowConfig = await serverConfig(lazyConfig, "slow");
    const key = configFingerprint(slowConfig);
    await fileToolCache(cacheDir).set(key, {
      version: 1,
      server: "slow",
      fingerprint: key,
      savedAt: new Date().toISOString(),
      tools: [{ name: "echo", description: "Echoes", inputSchema: { type: "object" } }],
    });

    const lazySource = await sources.load(lazyConfig, { toolCache: fileToolCache(cacheDir) });
    expect(countEvents(slowLog, "start")).toBe(0);
    expect(countEvents(slowLog, "initialize")).toBe(0);
    expect(lazySource.state("fast")).toBe("running");
    expect(lazySource.state("slow")).toBe("stopped");
    expect(toolsOf(lazySource, "slow").map((t) => t.rawName)).toEqual(["echo"]);
    await lazySource.close();

    const eagerSource = await sources.load(
      { mcpServers: { fast, slow } },
      { toolCache: fileToolCache(cacheDir) },
    );
    expect(countEvents(slowLog, "initialize")).toBe(1);
    expect(countEvents(slowLog, "list")).toBe(1);
    expect(eagerSource.state("slow")).toBe("running");
    expect(eagerSource.state("fast")).toBe("running");
  });

  it("should spawn exactly one process for 20 concurrent first calls", async () => {
    const cacheDir = tempDir();
    const log = tempLogFile("lazy.log");
    const config = { mcpServers: { lazy1: lazyBasic(log) } };
    await warmCache(config, cacheDir);
    const startsBefore = countEvents(log, "start");

    const source = await sources.load(config, { toolCache: fileToolCache(cacheDir) });
    const echo = toolByRawName(source, "echo", "lazy1");
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) => echo.execute({ text: `call ${i}` })),
    );
    expect(results.map((r) => r.text)).toEqual(Array.from({ length: 20 }, (_, i) => `call ${i}`));
    expect(results.every((r) => !r.isError)).toBe(true);
    expect(countEvents(log, "start") - startsBefore).toBe(1);
    expect(countEvents(log, "call")).toBe(20);
  });

  it("should stop an idle lazy server after idleTimeoutMs, keep its tools, and restart on the next call", async () => {
    const cacheDir = tempDir();
    const log = tempLogFile("lazy.log");
    const config = { mcpServers: { lazy1: lazyBasic(log, { idleTimeoutMs: 300 }) } };
    await warmCache(config, cacheDir);
    const source = await sources.load(config, { toolCache: fileToolCache(cacheDir) });
    const pidTool = toolByRawName(source, "pid", "lazy1");

    const first = await pidTool.execute({});
    expect(first.isError, first.text).toBe(false);
    expect(source.state("lazy1")).toBe("running");
    const firstPid = Number(first.text);
    await waitFor(() => source.state("lazy1") === "stopped", { timeoutMs: 10_000, message: "idle stop" });
    expect(toolsOf(source, "lazy1")).toHaveLength(BASIC_TOOLS.length);
    expect(source.servers()[0]?.pid).toBeUndefined();
    await waitFor(() => !isAlive(firstPid), { timeoutMs: 10_000, message: "idle process to exit" });

    const second = await pidTool.execute({});
    expect(second.isError, second.text).toBe(false);
    expect(Number(second.text)).not.toBe(firstPid);
    expect(source.state("lazy1")).toBe("running");
    // A call longer than the idle timeout is never cut off by it.
    const slow = await toolByRawName(source, "slow", "lazy1").execute({ ms: 600, steps: 1 });
    expect(slow.isError, slow.text).toBe(false);
    expect(source.state("lazy1")).toBe("running");
    expect(countEvents(log, "start")).toBe(3);
  });

  it("should swap in the live listing on first start when the cached one is stale", async () => {
    const cacheDir = tempDir();
    const log = tempLogFile("lazy.log");
    const config = { mcpServers: { lazy1: lazyBasic(log) } };
    const server = await serverConfig(config);
    const key = configFingerprint(server);
    const schema = { type: "object" as const };
    await fileToolCache(cacheDir).set(key, {
      version: 1,
      server: "lazy1",
      fingerprint: key,
      savedAt: new Date().toISOString(),
      tools: [
        { name: "echo", description: "Echoes the given text (old)", inputSchema: schema },
        { name: "retired", inputSchema: schema },
      ],
    });
    const source = await sources.load(config, { toolCache: fileToolCache(cacheDir) });
    expect(toolsOf(source, "lazy1").map((t) => t.rawName)).toEqual(["echo", "retired"]);
    const retired = toolByRawName(source, "retired", "lazy1");
    const changes = collectToolChanges<ToolsChange>(source);

    const result = await toolByRawName(source, "echo", "lazy1").execute({ text: "fresh" });
    expect(result.text).toBe("fresh");
    expect(toolsOf(source, "lazy1").map((t) => t.rawName)).toEqual(BASIC_TOOLS);
    const name = (raw: string) => `mcp__lazy1__${raw}`;
    expect(changes.events).toEqual([
      {
        server: "lazy1",
        change: {
          added: BASIC_TOOLS.filter((t) => t !== "echo").map(name),
          removed: [name("retired")],
          changed: [name("echo")],
        },
      },
    ]);
    const gone = await retired.execute({});
    expect(gone.error?.message).toContain("no longer offered");
    expect(gone.error?.code).toBe("TOOL_REMOVED");
    expect(countEvents(log, "call")).toBe(1);
    // The live listing replaces the stale entry (written in the background).
    const store = fileToolCache(cacheDir);
    await waitFor(async () => (await store.get(key))?.tools.length === BASIC_TOOLS.length, {
      timeoutMs: 10_000,
      message: "the cache entry to follow the live listing",
    });
    expect((await store.get(key))?.tools.map((t) => t.name)).toEqual(BASIC_TOOLS);
  });

  it("should stop on close() only the one of three lazy servers that was used", async () => {
    const cacheDir = tempDir();
    const logDir = tempDir();
    const logs = { a: join(logDir, "a.log"), b: join(logDir, "b.log"), c: join(logDir, "c.log") };
    const config = { mcpServers: { a: lazyBasic(logs.a), b: lazyBasic(logs.b), c: lazyBasic(logs.c) } };
    await warmCache(config, cacheDir, 3);
    for (const log of Object.values(logs)) expect(countEvents(log, "start")).toBe(1);

    const source = await sources.load(config, { toolCache: fileToolCache(cacheDir) });
    const states = collectStates(source);
    const result = await toolByRawName(source, "echo", "a").execute({ text: "only a" });
    expect(result.text).toBe("only a");
    const usedPid = pidOf(source, "a") as number;
    await source.close();

    expect(states.states("a")).toEqual(["starting", "running", "stopped"]);
    expect(states.states("b")).toEqual([]);
    expect(states.states("c")).toEqual([]);
    expect(countEvents(logs.a, "start")).toBe(2);
    expect(countEvents(logs.b, "start")).toBe(1);
    expect(countEvents(logs.c, "start")).toBe(1);
    expect(isAlive(usedPid)).toBe(false);
  });
});

import { isAlive, readLog, stdioServer, waitFor } from "@toolnexus/fixtures";
import { describe, expect, it } from "vitest";
import { isMcpCoreError } from "../src/index.js";
import { startedPids, useSources, useTempDir } from "./support/harness.js";

const dir = useTempDir("mcp-core-close-");
const sources = useSources({ toolCache: null });

/** Handle kinds that keep the event loop alive, counted (unref'd handles are not listed). */
function liveResources(): Map<string, number> {
  const counts = new Map<string, number>();
  for (const kind of process.getActiveResourcesInfo()) counts.set(kind, (counts.get(kind) ?? 0) + 1);
  return counts;
}

function extraResources(baseline: Map<string, number>): string[] {
  return [...liveResources()].flatMap(([kind, count]) =>
    count > (baseline.get(kind) ?? 0) ? [`${kind} ×${count - (baseline.get(kind) ?? 0)}`] : [],
  );
}

describe("McpSource.close", () => {
  it("should be idempotent and refuse work afterwards", async () => {
    const source = await sources.load({ mcpServers: { basic: stdioServer("basic") } });
    const echo = source.tools.find((t) => t.rawName === "echo");

    const first = source.close();
    const second = source.close();
    await expect(Promise.all([first, second])).resolves.toStrictEqual([undefined, undefined]);
    await expect(source.close()).resolves.toBeUndefined();

    const error = await source.start("basic").catch((e: unknown) => e);
    expect(isMcpCoreError(error) && error.code).toBe("CLOSED");
    expect((error as Error).message).toBe("MCP source is closed");
    await expect(echo?.execute({ text: "late" })).resolves.toStrictEqual({
      content: [{ type: "text", text: 'MCP source is closed (server "basic")' }],
      isError: true,
      error: { kind: "unavailable", code: "CLOSED", message: 'MCP source is closed (server "basic")' },
      text: 'MCP source is closed (server "basic")',
    });
  });

  it("should leave no server process alive", async () => {
    const logs = [dir.logFile(), dir.logFile(), dir.logFile()];
    const source = await sources.load({
      mcpServers: {
        basic: stdioServer("basic", ["--log", logs[0] as string]),
        pages: stdioServer("paginated", ["--log", logs[1] as string]),
        live: stdioServer("mcp-list-changed", ["--log", logs[2] as string]),
      },
    });
    const fromLogs = startedPids(...logs);
    const fromSnapshots = source.servers().map((s) => s.pid);

    expect(fromSnapshots).toStrictEqual(fromLogs);
    expect(fromLogs.filter(isAlive)).toHaveLength(3);
    await source.close();

    expect(fromLogs.filter(isAlive)).toStrictEqual([]);
    expect(source.servers().map((s) => [s.state, s.pid])).toStrictEqual([
      ["stopped", undefined],
      ["stopped", undefined],
      ["stopped", undefined],
    ]);
  });

  it("should resolve a call in flight with an error result instead of hanging", async () => {
    const log = dir.logFile();
    const source = await sources.load({ mcpServers: { basic: stdioServer("basic", ["--log", log]) } });
    const slow = source.tools.find((t) => t.rawName === "slow");

    const pending = slow?.execute({ ms: 60_000, steps: 1 });
    await waitFor(() => readLog(log).some((e) => e.event === "call"), {
      message: "the call to reach the server",
    });
    await source.close();
    const result = await pending;

    expect(result).toMatchObject({
      isError: true,
      error: {
        kind: "unavailable",
        message: 'Call to tool "mcp__basic__slow" on MCP server "basic" failed: the server connection closed',
      },
    });
  });

  it("should close a source whose servers partly failed", async () => {
    const log = dir.logFile();
    const source = await sources.load({
      mcpServers: {
        good: stdioServer("basic", ["--log", log]),
        broken: stdioServer("faulty", ["--mode", "exit-at-start"]),
      },
    });
    expect(source.status).toStrictEqual({ good: "connected", broken: "failed" });

    await source.close();

    expect(startedPids(log).filter(isAlive)).toStrictEqual([]);
  });

  it("should leave no handle that keeps the host process alive", async () => {
    const baseline = liveResources();
    const source = await sources.load({
      mcpServers: { one: stdioServer("basic"), two: stdioServer("paginated") },
    });
    // While servers run, their processes and pipes must not hold the host open either.
    expect(extraResources(baseline)).toStrictEqual([]);
    await source.close();

    // A process handle is released a tick after the child's exit event.
    await waitFor(() => extraResources(baseline).length === 0, {
      timeoutMs: 2000,
      message: "no live handle beyond the baseline",
    });
  });
});

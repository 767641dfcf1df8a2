import { countEvents, makeTempDir, removeTempDir, stdioServer, waitFor } from "@toolnexus/fixtures";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { type FleetWorker, startWorker } from "./support/cache-workers.js";
import { redisAvailable, startRedis, type TestRedis } from "./support/redis-server.js";

const SERVER = "lc";
const SECRET = "tool-cache-fleet-secret-of-32-bytes!!";

describe.runIf(redisAvailable())("the listing cache across a fleet (real Redis, forked workers)", () => {
  let redis: TestRedis;
  let dir: string;
  const workers: FleetWorker[] = [];

  beforeAll(async () => {
    redis = await startRedis({ local: true });
    dir = makeTempDir("toolnexus-fleet-");
  });
  afterEach(async () => {
    const stopped = workers.splice(0);
    await Promise.all(stopped.map((w) => w.stop()));
    // A worker exits by itself once its source and stores are closed: no socket or timer survives.
    for (const { child } of stopped)
      expect({ code: child.exitCode, signal: child.signalCode }).toEqual({ code: 0, signal: null });
  });
  afterAll(async () => {
    await redis?.close();
    if (dir) removeTempDir(dir);
  });

  /** A lazy `mcp-list-changed` server logging its starts to its own file, and a worker factory. */
  function fleet() {
    const log = `${dir}/lc-${workers.length}-${Date.now()}.log`;
    const config = {
      mcpServers: { [SERVER]: { ...stdioServer("mcp-list-changed", ["--log", log]), lazy: true } },
    };
    const keyPrefix = redis.prefix();
    const start = async () => {
      const worker = await startWorker({
        config,
        redisUrl: redis.url,
        keyPrefix,
        secret: SECRET,
        connectTimeoutMs: 2_000,
      });
      workers.push(worker);
      return worker;
    };
    return { log, start };
  }

  const hostErrors = () => workers.flatMap((w) => w.events.filter((e) => e.event === "hostError"));

  it("should list at load without spawning what another worker discovered, and follow its changes", async () => {
    const { log, start } = fleet();
    const a = await start();
    await waitFor(async () => (await a.rawNames(SERVER)).includes("add_tool"), { message: "A's discovery" });
    expect(countEvents(log, "start")).toBe(1);

    const b = await start();
    expect(await b.rawNames(SERVER)).toEqual(await a.rawNames(SERVER));
    expect(countEvents(log, "start")).toBe(1);

    // A uses the server (it starts: spawn 2) and makes it add a tool; B's copy stays unstarted.
    const added = await a.ask<{ isError: boolean }>("call", {
      server: SERVER,
      rawName: "add_tool",
      args: { name: "late_tool" },
    });
    expect(added.isError).toBe(false);
    await waitFor(async () => (await b.rawNames(SERVER)).includes("late_tool"), {
      message: "the change reaching B",
    });
    expect(await b.ask("state", { server: SERVER })).toBe("stopped");
    expect(countEvents(log, "start")).toBe(2);
    expect(b.events.filter((e) => e.event === "toolsChange")).toEqual([
      {
        event: "toolsChange",
        server: SERVER,
        change: { added: ["mcp__lc__late_tool"], removed: [], changed: [] },
      },
    ]);
    expect(hostErrors()).toEqual([]);
  });

  it("should go on through a Redis restart, and its subscription should come back", async () => {
    const { start } = fleet();
    const a = await start();
    await waitFor(async () => (await a.rawNames(SERVER)).includes("add_tool"), { message: "A's discovery" });
    const b = await start();
    await a.ask("call", { server: SERVER, rawName: "echo", args: { text: "warm" } });

    await redis.stop();
    const during = await a.ask<{ isError: boolean; text: string }>("call", {
      server: SERVER,
      rawName: "echo",
      args: { text: "still here" },
    });
    expect(during).toEqual({ isError: false, text: "still here" });
    await redis.restart();

    // Each try adds a new tool; the first that B gains proves the subscription is back.
    let tries = 0;
    await waitFor(
      async () => {
        const name = `after_restart_${++tries}`;
        await a.ask("call", { server: SERVER, rawName: "add_tool", args: { name } });
        return (await b.rawNames(SERVER)).some((n) => n.startsWith("after_restart_"));
      },
      { timeoutMs: 15_000, intervalMs: 300, message: "a push after the restart reaching B" },
    );
    expect(await b.ask("state", { server: SERVER })).toBe("stopped");
    expect(hostErrors()).toEqual([]);
    const warnings = a.events.filter((e) => e.event === "warning").map((e) => String(e.message));
    expect(warnings.some((w) => w.includes("the connection is down"))).toBe(true);
  }, 40_000);
});

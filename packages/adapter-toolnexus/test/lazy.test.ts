import { join } from "node:path";
import {
  countEvents,
  isAlive,
  makeTempDir,
  readLog,
  removeTempDir,
  sourceLoader,
  waitFor,
} from "@toolnexus/fixtures";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { loadMcp } from "../src/index.js";
import { local, memoryToolCache, names, tool } from "./helpers.js";

describe("M3: lazy start", () => {
  const sources = sourceLoader(loadMcp);
  let dir: string;

  beforeEach(() => {
    dir = makeTempDir("toolnexus-lazy-");
  });

  afterEach(async () => {
    await sources.closeAll();
    removeTempDir(dir);
  });

  it("should start no process at load for a lazy server with a cached listing, and connect on first execute", async () => {
    const log = join(dir, "basic.log");
    const config = { mcp: { basic: local("basic", ["--log", log], { lazy: true }) } };
    const cache = memoryToolCache();
    // Fill the cache once: a miss lists in the background (connect → list → stop).
    const first = await sources.load(config, { toolCache: cache });
    await waitFor(() => cache.entries.size === 1 && first.tools.length > 0, { message: "the listing cache" });
    await first.close();
    const listed = names(first);
    const startsBefore = countEvents(log, "start");
    for (const event of readLog(log)) expect(isAlive(event.pid)).toBe(false);

    const source = await sources.load(config, { toolCache: cache });

    expect(countEvents(log, "start")).toBe(startsBefore);
    expect(source.state("basic")).toBe("stopped");
    expect(source.servers()[0]?.pid).toBeUndefined();
    expect(source.status).toEqual({ basic: "connected" });
    expect(names(source)).toEqual(listed);

    const result = await tool(source, "basic_echo").execute({ text: "woken" });

    expect(result).toEqual({ output: "woken", isError: false, metadata: { server: "basic" } });
    expect(source.state("basic")).toBe("running");
    expect(countEvents(log, "start")).toBe(startsBefore + 1);
  });

  it("should list a lazy server without a cache in the background and leave no process running", async () => {
    const log = join(dir, "basic.log");
    const source = await sources.load(
      { mcp: { basic: local("basic", ["--log", log], { lazy: true }), dyn: local("mcp-list-changed") } },
      { toolCache: false },
    );
    expect(source.state("basic")).toBe("stopped");

    await waitFor(() => names(source).includes("basic_echo"), { message: "the background listing" });
    await waitFor(() => countEvents(log, "exit") === countEvents(log, "start"), {
      message: "the lister to exit",
    });

    expect(source.state("basic")).toBe("stopped");
    expect(source.servers().find((s) => s.name === "basic")?.pid).toBeUndefined();
    for (const event of readLog(log)) expect(isAlive(event.pid)).toBe(false);
  });
});

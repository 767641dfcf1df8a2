// The result budget across a fleet, end to end: two supervisors (`loadMcp`), each on its own Redis
// stores over one real redis-server, with the basic fixture's big tools. A result over the budget
// called on A is kept in Redis; its handle, read through B's `mcp_read_result` (the adapter kit's
// tool every adapter serves), gives back the whole text, slice after slice. A handle B cannot open
// (kept with another secret) answers the model a sentence, not an error.
import { readKeptResult, stdioServer } from "@toolnexus/fixtures";
import { loadMcp, type McpSource, type McpToolResult } from "@toolnexus/mcp-core";
import { createResultTools } from "@toolnexus/mcp-core/adapter";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createRedisStores, type RedisStores } from "../src/index.js";
import { failOnUnhandledErrors, redisAvailable, startRedis, type TestRedis } from "./support/redis-server.js";

const SECRET = "result-fleet-secret-of-at-least-32-bytes";

failOnUnhandledErrors();

describe.runIf(redisAvailable())("kept results across two supervisors on one Redis", () => {
  let redis: TestRedis;
  const opened: { stores: RedisStores; source: McpSource }[] = [];
  const warnings: string[] = [];

  beforeAll(async () => {
    redis = await startRedis();
  });
  afterAll(async () => {
    for (const { source, stores } of opened.splice(0)) {
      await source.close();
      await stores.close();
    }
    await redis?.close();
  });

  async function supervisor(keyPrefix: string, secret = SECRET): Promise<McpSource> {
    const stores = createRedisStores({
      url: redis.url,
      keyPrefix,
      secret,
      onWarning: (message) => warnings.push(message),
    });
    const source = await loadMcp(
      { mcpServers: { big: stdioServer("basic", ["--big-results"]) } },
      { resultStore: stores.results, toolCache: null, onWarning: (message) => warnings.push(message) },
    );
    opened.push({ stores, source });
    return source;
  }

  const call = (source: McpSource, rawName: string, args: object): Promise<McpToolResult> => {
    const tool = source.tools.find((t) => t.rawName === rawName);
    if (!tool) throw new Error(`no tool ${rawName}`);
    return tool.execute(args as Record<string, unknown>);
  };

  /** Reads a kept result whole through `mcp_read_result`, by the offsets each slice's sentence gives. */
  function readThroughTool(source: McpSource, handle: string): Promise<string> {
    const [readTool] = createResultTools(source);
    return readKeptResult(
      async (offset) => (await readTool.execute({ handle, offset, length: 50_000 })).text,
    );
  }

  it("should read on B, through its read tool, a result kept over the budget on A", async () => {
    const keyPrefix = redis.prefix();
    const [a, b] = await Promise.all([supervisor(keyPrefix), supervisor(keyPrefix)]);
    const result = await call(a, "big_text", { chars: 120_000 });
    const handle = result.preview?.handle;
    expect(handle).toBeDefined();
    expect(result.text.length).toBe(120_000);
    expect(await readThroughTool(b, handle ?? "")).toBe(result.text);
    // The lines that contain a text, too.
    const [readTool] = createResultTools(b);
    const lines = (await readTool.execute({ handle, contains: "line 1000:" })).text;
    expect(lines).toContain("line 1000: lorem ipsum");
    // The budget's own warning (over the limit) only: no store warning.
    expect(warnings.filter((w) => !w.includes("over its limit of 25000"))).toEqual([]);
  }, 60_000);

  it("should answer B a sentence for a handle it cannot open: kept with another secret", async () => {
    const keyPrefix = redis.prefix();
    const [a, b] = await Promise.all([
      supervisor(keyPrefix, "a-different-secret-of-at-least-32-bytes"),
      supervisor(keyPrefix),
    ]);
    const result = await call(a, "big_text", { chars: 120_000 });
    const handle = result.preview?.handle ?? "";
    const [readTool] = createResultTools(b);
    const answer = await readTool.execute({ handle });
    expect(answer.isError).toBe(false);
    expect(answer.text).toMatch(/^\[No kept result has the handle /);
    expect(answer.text).not.toContain("lorem");
    expect(
      warnings.some((w) => w.startsWith("Redis result store: a kept result in Redis does not open")),
    ).toBe(true);
  }, 60_000);
});

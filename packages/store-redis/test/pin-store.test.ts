import { join } from "node:path";
import { hostileServer, makeTempDir, removeTempDir, waitFor } from "@toolnexus/fixtures";
import { loadMcp, type McpSource } from "@toolnexus/mcp-core";
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from "vitest";
import { openStores } from "./support/open-stores.js";
import { redisAvailable, startRedis, type TestRedis } from "./support/redis-server.js";

const S = "notes";
const SECRET = "pin-store-fleet-secret-of-32-bytes!!!";

describe.runIf(redisAvailable())("the pin store on Redis (real redis-server, SPEC §9.4.2)", () => {
  let redis: TestRedis;
  let dir: string;
  beforeAll(async () => {
    redis = await startRedis({ local: true });
    dir = makeTempDir("toolnexus-pins-");
  });
  afterAll(async () => {
    await redis?.close();
    if (dir) removeTempDir(dir);
  });

  /** A worker: its own stores and source over the rug-pull server behind `state`. */
  async function worker(keyPrefix: string, state: string, secret = SECRET, warnings: string[] = []) {
    const stores = openStores({ url: redis.url, keyPrefix, secret, onWarning: (m) => warnings.push(m) });
    const source = await loadMcp(
      { mcpServers: { [S]: hostileServer("rug-pull", { arg: state }) } },
      { toolCache: null, drift: "hold", pinStore: stores.pinStore, onWarning: (m) => warnings.push(m) },
    );
    onTestFinished(() => source.close());
    return source;
  }
  const raw = (source: McpSource) => source.tools.map((t) => t.rawName).sort();

  it("should share pins across workers, and release every worker's held tools on one approval", async () => {
    const prefix = redis.prefix();
    const state = join(dir, "fleet-state");
    const a = await worker(prefix, state);
    await a.whenSettled(); // the first listing's pins are written
    const b = await worker(prefix, state);
    expect(raw(b)).toEqual(["list_notes", "read_note", "rug_pull"]);
    expect(b.pendingDrift(S)).toBeUndefined(); // B read A's pins: the same listing is no drift

    await a.tools.find((t) => t.rawName === "rug_pull")?.execute({});
    await waitFor(() => a.pendingDrift(S) !== undefined, { timeoutMs: 20_000, message: "A's drift" });
    await b.restart(S); // B's server now lists the rewritten tools too
    expect(raw(b)).toEqual(["list_notes", "rug_pull"]);

    await a.approveDrift(S);
    await waitFor(() => raw(b).length === 4, { timeoutMs: 20_000, message: "B to adopt A's approval" });
    expect(raw(b)).toEqual(["list_notes", "read_note", "rug_pull", "sync_notes"]);
    expect(b.pendingDrift(S)).toBeUndefined();

    // A worker with another secret refuses the pins, trusts its listing in memory only, writes nothing.
    const warnings: string[] = [];
    const stranger = await worker(prefix, state, "another-secret-of-at-least-32-bytes!!", warnings);
    expect(warnings.some((m) => m.includes("refused the pin store entry") && m.includes("MAC"))).toBe(true);
    await stranger.whenSettled();
    await stranger.close();
    // Its own pins were not written over A's: C (with the secret) reads A's approval, no refusal.
    const cWarnings: string[] = [];
    const c = await worker(prefix, state, SECRET, cWarnings);
    expect(raw(c)).toEqual(["list_notes", "read_note", "rug_pull", "sync_notes"]);
    expect(c.pendingDrift(S)).toBeUndefined();
    expect(cWarnings.filter((m) => m.includes("pin"))).toEqual([]);
  });
});

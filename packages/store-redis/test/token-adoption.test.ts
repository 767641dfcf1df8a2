// No queue on a shared grant. Eight workers (each with its own stores and connections, in one
// process) share one OAuth grant with 2-second tokens refreshed 1 s early: per token lifetime
// exactly one of them takes the lease (counted by Redis keyspace notifications on the lease key)
// and refreshes; the others adopt its write (or, due with a token still good while it is in flight,
// go on with theirs until it lands) instead of queuing for a turn — none times out, every
// one ends with the fresh token, no refresh token is spent twice. A holder killed mid-lease leaves
// the lease to a waiter after its TTL; an announcement forged on the channel adopts nothing; a
// write made by an adopted function is refused. A worker that follows the entry adopts an
// announced write, and goes on while a lease is announced taken, with no command sent.
import { spawn } from "node:child_process";
import { fileURLToPath } from "node:url";
import { waitFor } from "@toolnexus/fixtures";
import { loadMcp, type StoredAuth, type TokenStore } from "@toolnexus/mcp-core";
import { parseConfig } from "@toolnexus/mcp-core/config";
import { authStoreKey } from "@toolnexus/mcp-core/stores";
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from "vitest";
import { createRedisStores } from "../src/index.js";
import { tokenKeys } from "../src/keys.js";
import { oauthConfig, oauthFixture, refreshes } from "./support/fleet.js";
import {
  commandCounts,
  rawClient,
  redisAvailable,
  startRedis,
  type TestRedis,
} from "./support/redis-server.js";

const SECRET = "token-adoption-test-secret-32-bytes-long";
const LEASE_WORKER = fileURLToPath(new URL("./support/lease-worker.mjs", import.meta.url));
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const entry = (savedAt: string): StoredAuth => ({ savedAt });

describe.runIf(redisAvailable())("no queue on a shared grant", () => {
  let redis: TestRedis;
  beforeAll(async () => {
    redis = await startRedis();
  });
  afterAll(() => redis?.close());

  /** Counts the leases taken under `keyPrefix` (a SET of a lease key), from Redis itself. */
  async function leaseCounter(keyPrefix: string): Promise<() => number> {
    const admin = await rawClient(redis.url);
    await admin.sendCommand(["CONFIG", "SET", "notify-keyspace-events", "K$"]);
    const listener = admin.duplicate();
    listener.on("error", () => {});
    await listener.connect();
    onTestFinished(() => listener.destroy());
    let taken = 0;
    await listener.pSubscribe(`__keyspace@0__:${keyPrefix}*:lease`, (event) => {
      if (event === "set") taken++;
    });
    return () => taken;
  }

  /** A person authorizes once, through a source with the workers' skew (the default, 30 s, would find every 2-s token due). */
  async function authorize(url: string, keyPrefix: string): Promise<void> {
    const stores = createRedisStores({ url: redis.url, keyPrefix, secret: SECRET, onWarning: () => {} });
    const source = await loadMcp(oauthConfig(url), {
      tokenStore: stores.tokenStore,
      toolCache: null,
      refreshSkewMs: 1000,
      onWarning: () => {},
    });
    try {
      const at = source.servers()[0]?.authorizationUrl;
      if (!at) throw new Error("the server did not ask for authorization");
      const response = await fetch(at, { redirect: "manual" });
      await source.authorize("o", new URL(response.headers.get("location") ?? ""));
    } finally {
      await source.close();
      await stores.close();
    }
  }

  /** A worker: its own stores, a source calling through them, and the access token it holds. */
  async function worker(url: string, keyPrefix: string, warnings: string[]) {
    const stores = createRedisStores({
      url: redis.url,
      keyPrefix,
      secret: SECRET,
      onWarning: (m) => warnings.push(m),
    });
    onTestFinished(() => stores.close());
    const store = stores.tokenStore;
    let held: string | undefined;
    // What the core last read or wrote through the store is what it holds in memory.
    const tokenStore: TokenStore = {
      get: async (key) => {
        const value = await store.get(key);
        held = value?.tokens?.access_token;
        return value;
      },
      set: async (key, value) => {
        await store.set(key, value);
        held = value.tokens?.access_token;
      },
      delete: (key) => store.delete(key),
      withLock: (key, fn, options) => store.withLock(key, fn, options),
    };
    const source = await loadMcp(oauthConfig(url), {
      tokenStore,
      toolCache: null,
      refreshSkewMs: 1000,
      onWarning: (m) => warnings.push(m),
    });
    onTestFinished(() => source.close());
    const echo = source.tools.find((tool) => tool.rawName === "echo");
    if (!echo) throw new Error("no echo tool");
    return { echo, held: () => held, stores };
  }

  it("should let one worker per token lifetime take the lease while the others adopt its token", async () => {
    const { fixture, log } = await oauthFixture(2000);
    const keyPrefix = redis.prefix();
    await authorize(fixture.url, keyPrefix);
    const leases = await leaseCounter(keyPrefix);
    const warnings: string[] = [];
    const workers = await Promise.all(
      Array.from({ length: 8 }, () => worker(fixture.url, keyPrefix, warnings)),
    );
    // Counted from here: the authorizing source (default skew) may still have refreshed while closing.
    const [refreshedBefore, leasesBeforeRun] = [refreshes(log).ok, leases()];
    const failed: string[] = [];
    const call = async (w: (typeof workers)[number]) => {
      const result = await w.echo.execute({ text: "x" });
      if (result.isError) failed.push(result.error?.code ?? "unknown");
    };

    // Every worker calls every 100 ms for 2.5 token lifetimes.
    const until = Date.now() + 2_500;
    await Promise.all(
      workers.map(async (w) => {
        while (Date.now() < until) {
          await call(w);
          await sleep(100);
        }
      }),
    );
    // Then all eight become due at the same moment and call together: one lease; the seven others
    // go on with their token (still good: more than half the skew left) while its refresh is in
    // flight, or adopt its write once made — and at their next call, adopt it.
    const reader = createRedisStores({ url: redis.url, keyPrefix, secret: SECRET, onWarning: () => {} });
    onTestFinished(() => reader.close());
    const [server] = (await parseConfig(oauthConfig(fixture.url))).servers;
    if (!server) throw new Error("no server in the config");
    const storeKey = authStoreKey(server);
    const stored = await reader.tokenStore.get(storeKey);
    await sleep(Math.max(0, (stored?.expiresAt ?? 0) - 1000 - Date.now()) + 50);
    const leasesBefore = leases();
    await Promise.all(workers.map(call));
    await Promise.all(workers.map(call));
    const fresh = (await reader.tokenStore.get(storeKey))?.tokens?.access_token;

    const { ok, bad } = refreshes(log);
    expect(bad).toEqual([]);
    expect(failed).toEqual([]);
    expect(warnings).toEqual([]); // no TOKEN_STORE_LOCK_TIMEOUT, no failed refresh
    const refreshed = ok - refreshedBefore;
    expect(refreshed).toBeGreaterThanOrEqual(3);
    // Every lease taken led to a refresh: nobody took it only to find the token already fresh.
    await waitFor(() => leases() - leasesBeforeRun >= refreshed, { message: "the keyspace events" });
    expect(leases() - leasesBeforeRun).toBe(refreshed);
    expect(leases() - leasesBefore).toBe(1);
    expect(fresh).toBeDefined();
    expect(fresh).not.toBe(stored?.tokens?.access_token);
    expect(workers.map((w) => w.held())).toEqual(workers.map(() => fresh));
  }, 30_000);

  it("should go on at once, without running fn, when another worker holds the lease and skipIfBusy is given", async () => {
    const keyPrefix = redis.prefix();
    const [holder, other] = Array.from({ length: 2 }, () => {
      const created = createRedisStores({ url: redis.url, keyPrefix, secret: SECRET, onWarning: () => {} });
      onTestFinished(() => created.close());
      return created.tokenStore;
    });
    if (!holder || !other) throw new Error("no stores");
    await holder.set("k", entry("old"));
    await other.get("k"); // the other worker has read the entry: the lease is its to take, were it free
    const stillNeeded = () => true;
    const order: string[] = [];
    let holding = () => {};
    const held = new Promise<void>((resolve) => {
      holding = resolve;
    });
    let letGo = () => {};
    const release = new Promise<void>((resolve) => {
      letGo = resolve;
    });
    // Bounded: a withLock that waited for the lease would get it when the holder lets go after 10 s.
    const bound = setTimeout(letGo, 10_000);
    onTestFinished(() => clearTimeout(bound));
    const holderRun = holder.withLock(
      "k",
      async () => {
        holding();
        await release;
        order.push("the holder let go");
      },
      { stillNeeded },
    );
    await held;

    let ran = false;
    const answer = await other.withLock(
      "k",
      async () => {
        ran = true;
        return "ran";
      },
      { stillNeeded, skipIfBusy: true },
    );
    order.push("the other went on");
    letGo();
    await holderRun;

    expect(order).toEqual(["the other went on", "the holder let go"]);
    expect(answer).toBeUndefined();
    expect(ran).toBe(false);
    // A free lease is taken as without it.
    expect(await other.withLock("k", async () => "ran", { stillNeeded, skipIfBusy: true })).toBe("ran");
  });

  /** The counts of the commands a token store sends (scripts, reads, writes), from `commandCounts`. */
  const storeCommands = (counts: Map<string, number>) =>
    ["eval", "evalsha", "get", "set"].map((command) => counts.get(command) ?? 0);

  /**
   * Two workers on one entry, the second following it: the lease script has shown it a write of
   * the first's (adopted), and its subscription to the entry's channel is active.
   */
  async function followingPair() {
    const keyPrefix = redis.prefix();
    const keys = tokenKeys(keyPrefix, "k");
    const [writer, other] = Array.from({ length: 2 }, () => {
      const created = createRedisStores({ url: redis.url, keyPrefix, secret: SECRET, onWarning: () => {} });
      onTestFinished(() => created.close());
      return created.tokenStore;
    });
    if (!writer || !other) throw new Error("no stores");
    const admin = await rawClient(redis.url);
    await writer.set("k", entry("old"));
    await other.get("k");
    await writer.set("k", entry("v1"));
    const adopted = await other.withLock("k", async () => (await other.get("k"))?.savedAt, {
      stillNeeded: (stored) => stored?.savedAt !== "v1",
    });
    expect(adopted).toBe("v1");
    await waitFor(
      async () => String(await admin.sendCommand(["PUBSUB", "NUMSUB", keys.channel])) === `${keys.channel},1`,
      { message: "the other worker's subscription" },
    );
    return { writer, other, admin };
  }

  it("should adopt another worker's announced write with no command sent, once it follows the entry", async () => {
    const { writer, other, admin } = await followingPair();
    const gets = async () => (await commandCounts(admin)).get("get") ?? 0;
    const getsBefore = await gets();
    await writer.set("k", entry("fresh"));
    await waitFor(async () => (await gets()) > getsBefore, {
      message: "the other worker's read of the announced write",
    });
    const before = await commandCounts(admin);
    const seen = await other.withLock(
      "k",
      async () => {
        const stored = await other.get("k");
        const write = await other.set("k", entry("twice")).then(
          () => "written",
          (error: { code?: string }) => error.code,
        );
        return [stored?.savedAt, write];
      },
      { stillNeeded: (stored) => stored?.savedAt !== "fresh", skipIfBusy: true },
    );
    const after = await commandCounts(admin);

    expect(seen).toEqual(["fresh", "TOKEN_STORE_LEASE_LOST"]); // adopted: its write is refused
    // No lease script, no read: the entry was read at the announcement. (The commands a token store
    // sends; the Redis is the file's, where the earlier tests' stores may still be unsubscribing.)
    expect(storeCommands(after)).toEqual(storeCommands(before));
    // A refresh that cannot go on with its token (a 401, a token about to expire: no skipIfBusy)
    // asks Redis: the entry read at an announcement may be outdated, its token expired.
    const asked = await other.withLock("k", async () => (await other.get("k"))?.savedAt, {
      stillNeeded: (stored) => stored?.savedAt !== "fresh",
    });
    expect(asked).toBe("fresh");
    expect(((await commandCounts(admin)).get("eval") ?? 0) - (after.get("eval") ?? 0)).toBeGreaterThan(0);
  });

  it("should go on with no command sent while another worker's announced lease is held, and ask Redis once it is released", async () => {
    const { writer, other, admin } = await followingPair();
    const stillNeeded = () => true;
    let letGo = () => {};
    const release = new Promise<void>((resolve) => {
      letGo = resolve;
    });
    const bound = setTimeout(letGo, 10_000);
    onTestFinished(() => clearTimeout(bound));
    let holding = () => {};
    const held = new Promise<void>((resolve) => {
      holding = resolve;
    });
    const holderRun = writer.withLock(
      "k",
      async () => {
        holding();
        await release;
      },
      { stillNeeded },
    );
    await held;
    const goOn = async () => {
      const before = await commandCounts(admin);
      const answer = await other.withLock("k", async () => "ran", { stillNeeded, skipIfBusy: true });
      const after = await commandCounts(admin);
      return { answer, sent: storeCommands(after).some((n, i) => n !== storeCommands(before)[i]) };
    };
    // Each try goes on (the lease is busy); once the announcement of the take has arrived, with no command.
    const answers: unknown[] = [];
    await waitFor(
      async () => {
        const tried = await goOn();
        answers.push(tried.answer);
        return !tried.sent;
      },
      { message: "a going-on with no command sent" },
    );
    expect(answers.every((answer) => answer === undefined)).toBe(true);
    letGo();
    await holderRun;
    // Released: the next due worker asks Redis, and takes the lease.
    await waitFor(async () => (await goOn()).answer === "ran", {
      message: "the lease taken after the release",
    });
  });

  it("should wait out a holder killed mid-lease, adopt nothing on a forged announcement, and refuse an adopted write", async () => {
    const keyPrefix = redis.prefix();
    const keys = tokenKeys(keyPrefix, "k");
    const leases = await leaseCounter(keyPrefix);
    const lockTtlMs = 1500;
    const stores = Array.from({ length: 3 }, () => {
      const created = createRedisStores({ url: redis.url, keyPrefix, secret: SECRET, onWarning: () => {} });
      onTestFinished(() => created.close());
      return created;
    });
    await stores[0]?.tokenStore.set("k", entry("old"));
    for (const s of stores) await s.tokenStore.get("k"); // each worker has read the old entry

    // A worker process takes the lease and is killed holding it: no write, no release.
    const child = spawn(
      process.execPath,
      [
        LEASE_WORKER,
        JSON.stringify({ redisUrl: redis.url, keyPrefix, secret: SECRET, key: "k", value: {}, lockTtlMs }),
      ],
      { stdio: ["pipe", "pipe", "ignore"] },
    );
    onTestFinished(() => {
      if (child.exitCode === null) child.kill("SIGKILL");
    });
    let out = "";
    child.stdout.on("data", (chunk) => {
      out += chunk;
    });
    await waitFor(() => out.includes("locked"), { message: "the worker to take the lease" });
    child.kill("SIGKILL");

    const stillNeeded = (stored: StoredAuth | undefined) => stored?.savedAt !== "fresh";
    const runs: { worker: string; saw: string | undefined; write?: string | undefined }[] = [];
    const waiter = (s: (typeof stores)[number], i: number) =>
      s.tokenStore.withLock(
        "k",
        async () => {
          const seen = await s.tokenStore.get("k");
          const run: (typeof runs)[number] = { worker: `worker ${i}`, saw: seen?.savedAt };
          runs.push(run);
          if (!stillNeeded(seen)) {
            // Adopted: it would write nothing, and a write is refused.
            run.write = await s.tokenStore.set("k", entry("twice")).then(
              () => "written",
              (error: { code?: string }) => error.code,
            );
            return;
          }
          await s.tokenStore.set("k", entry("fresh"));
          run.write = "written";
        },
        { stillNeeded },
      );
    const waiting = stores.map(waiter);
    // Forged announcements while the dead holder's lease runs out: nobody adopts "old".
    const forger = await rawClient(redis.url);
    for (let i = 0; i < 5; i++) {
      await forger.sendCommand(["PUBLISH", keys.channel, "written"]);
      await sleep(50);
    }
    expect(runs).toEqual([]);
    await Promise.all(waiting);

    expect(runs.filter((r) => r.saw === "old")).toHaveLength(1); // the one that took the lease after its TTL
    expect(runs.filter((r) => r.saw === "fresh")).toHaveLength(2);
    expect(runs.map((r) => r.write).sort()).toEqual([
      "TOKEN_STORE_LEASE_LOST",
      "TOKEN_STORE_LEASE_LOST",
      "written",
    ]);
    expect((await stores[0]?.tokenStore.get("k"))?.savedAt).toBe("fresh");
    await waitFor(() => leases() === 2, { timeoutMs: 2_000, message: "the keyspace events" });
    await sleep(100);
    expect(leases()).toBe(2); // the dead holder's and one waiter's
  }, 20_000);
});

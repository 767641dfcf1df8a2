// Another process's refresh in flight is not waited for while the held token is still good (issue
// 46, SPEC §3.5.4): the proactive refresh of a token with more than half of `refreshSkewMs` left
// passes `skipIfBusy`, and when the store answers that another user holds the lock (it resolves
// without running the refresh) the request goes with the held token. A token with half the skew or
// less left waits for the lock as before, and a 401 that joined a refresh which went on waits for
// one of its own. Against the real OAuth fixture; the store is the shared
// in-memory one with a lock another "process" holds until the test lets it go.
import { UnauthorizedError } from "@modelcontextprotocol/client";
import { waitFor } from "@toolnexus/fixtures";
import { describe, expect, it } from "vitest";
import type { TokenLockOptions } from "../src/auth/token-store.js";
import { failOnUnhandledRejections } from "./support/harness.js";
import {
  approve,
  connectWith,
  desktopAppFixture,
  events,
  MemoryTokenStore,
  testAuth,
} from "./support/oauth-harness.js";

failOnUnhandledRejections();

const CONFIG = {
  type: "oauth",
  clientId: "desktop-app",
  redirectUrl: "http://127.0.0.1:9/callback",
} as const;

/**
 * A store whose lock another process holds while `busy`: a `withLock` given `skipIfBusy` resolves
 * undefined at once (as the Redis store does), any other waits until `release()`.
 */
class BusyLockStore extends MemoryTokenStore {
  readonly asked: Array<TokenLockOptions | undefined> = [];
  readonly order: string[] = [];
  busy = false;
  /** While set, an answer to a `skipIfBusy` call waits for it (the test opens it). */
  skipGate: Promise<void> | undefined;
  private released: () => void = () => {};
  private readonly freed = new Promise<void>((resolve) => {
    this.released = resolve;
  });

  release(): void {
    if (!this.busy) return;
    this.busy = false;
    this.order.push("the other process's lock released");
    this.released();
  }

  override async withLock<T>(key: string, fn: () => Promise<T>, options?: TokenLockOptions): Promise<T> {
    this.asked.push(options);
    if (this.busy && options?.skipIfBusy === true) {
      await this.skipGate;
      return undefined as T;
    }
    if (this.busy) await this.freed;
    return super.withLock(key, fn);
  }
}

/**
 * An authorized ServerAuth over `store` with `refreshSkewMs`, tokens of `ttlMs`. No client stays
 * connected: each request's token read is made by the test (`provider.tokens()`, what the
 * transport calls before every request), so no request of the client's refreshes meanwhile.
 */
async function authorized(store: BusyLockStore, ttlMs: number, refreshSkewMs: number) {
  const { log, fixture } = await desktopAppFixture(ttlMs);
  const test = testAuth(fixture.url, CONFIG, store, refreshSkewMs);
  await expect(connectWith(fixture.url, test.auth)).rejects.toBeInstanceOf(UnauthorizedError);
  await test.auth.finish(await approve(test.auth.authorizationUrl()));
  const held = () => [...store.entries.values()][0]?.tokens?.access_token;
  return { log, url: fixture.url, auth: test.auth, provider: test.auth.provider, held };
}

/** The request's token read (`provider.tokens()`), its end noted in `store.order`. */
async function readToken(
  provider: Awaited<ReturnType<typeof authorized>>["provider"],
  store: BusyLockStore,
): Promise<Awaited<ReturnType<typeof provider.tokens>>> {
  const sent = await provider.tokens();
  store.order.push("the request's token read");
  return sent;
}

describe("createServerAuth: another process's refresh in flight", () => {
  it("should send a due token with more than half the skew left without waiting for the lock", async () => {
    // 60-s tokens due 100 s before expiry: due at once, with more than 50 s left.
    const store = new BusyLockStore();
    const { log, provider, held } = await authorized(store, 60_000, 100_000);
    const refreshes = events(log, "refresh").length;
    const locks = store.lockRuns;
    const asked = store.asked.length;
    const token = held();
    store.busy = true;
    // Bounded: were the read to wait for the lock, the lock is let go after 10 s and the order shows it.
    const bound = setTimeout(() => store.release(), 10_000);
    try {
      const sent = await readToken(provider, store);
      expect(sent?.access_token).toBe(token);
    } finally {
      clearTimeout(bound);
      store.release();
    }

    expect(store.order).toEqual(["the request's token read", "the other process's lock released"]);
    expect(store.asked.slice(asked).map((options) => options?.skipIfBusy)).toEqual([true]);
    expect(store.lockRuns).toBe(locks); // the refresh did not run
    expect(events(log, "refresh")).toHaveLength(refreshes);
  });

  // A 401 whose replacement token is itself due joins the refresh in flight; when that one went on
  // without the lock, the retry must not go with the due token: it waits for a refresh of its own.
  it("should not end a 401's refresh with a flight that went on: it waits for the lock", async () => {
    const store = new BusyLockStore();
    const { log, url, auth, provider, held } = await authorized(store, 60_000, 100_000);
    const refreshes = events(log, "refresh").length;
    const asked = store.asked.length;
    const token = held();
    let openSkips = () => {};
    store.skipGate = new Promise((resolve) => {
      openSkips = resolve;
    });
    store.busy = true;
    const read = readToken(provider, store);
    await waitFor(() => store.asked.length > asked, { message: "the going-on refresh to ask for the lock" });
    // A request refused (a token the server does not know): its refresh joins the flight in flight.
    let refused = false;
    const base: typeof fetch = async (input, init) => {
      const response = await fetch(input, init);
      if (response.status === 401) refused = true;
      return response;
    };
    const request = auth
      .wrapFetch(base)(url, {
        method: "POST",
        headers: { authorization: "Bearer not-a-token", "content-type": "application/json" },
        body: "{}",
      })
      .then((response) => {
        store.order.push("the refused request retried");
        return response;
      });
    await waitFor(() => refused, { message: "the request to be refused" });
    await new Promise((resolve) => setImmediate(resolve)); // its refresh has joined the flight
    openSkips();
    expect((await read)?.access_token).toBe(token);
    await waitFor(() => store.asked.length > asked + 1, {
      message: "a refresh of its own to ask for the lock",
    });
    store.release();

    expect((await request).status).not.toBe(401);
    expect(store.order).toEqual([
      "the request's token read",
      "the other process's lock released",
      "the refused request retried",
    ]);
    expect(store.asked.slice(asked).map((options) => options?.skipIfBusy)).toEqual([true, undefined]);
    expect(events(log, "refresh")).toHaveLength(refreshes + 1);
  });

  it("should wait for the lock when the due token has half the skew or less left", async () => {
    // 4-s tokens due 9 s before expiry: due at once, with less than 4.5 s left.
    const store = new BusyLockStore();
    const { log, provider, held } = await authorized(store, 4_000, 9_000);
    const refreshes = events(log, "refresh").length;
    const asked = store.asked.length;
    const token = held();
    store.busy = true;
    const read = readToken(provider, store);
    await waitFor(() => store.asked.length > asked, { message: "the refresh to ask for the lock" });
    store.release();

    expect((await read)?.access_token).not.toBe(token); // refreshed under the lock
    expect(store.order).toEqual(["the other process's lock released", "the request's token read"]);
    expect(store.asked.slice(asked).map((options) => options?.skipIfBusy)).toEqual([undefined]);
    expect(events(log, "refresh")).toHaveLength(refreshes + 1);
  });
});

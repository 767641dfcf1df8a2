// Shared by the auth-*.test.ts files: an in-memory TokenStore (the file store is built elsewhere),
// a ServerAuth with secrets and warnings collected, and a v2 Client connected through it.
import { Client, StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
import { readLog } from "@toolnexus/fixtures";
import { onTestFinished } from "vitest";
import { type AuthConfig, createServerAuth, type ServerAuth } from "../../src/auth/server-auth.js";
import type { StoredAuth, TokenStore } from "../../src/auth/token-store.js";
import { httpFixture, tempLogFile } from "./harness.js";

/** A TokenStore in memory; `withLock` queues per key, as one process of a shared store would. */
export class MemoryTokenStore implements TokenStore {
  readonly entries = new Map<string, StoredAuth>();
  private readonly locks = new Map<string, Promise<unknown>>();
  lockRuns = 0;

  async get(key: string): Promise<StoredAuth | undefined> {
    const value = this.entries.get(key);
    return value && structuredClone(value);
  }
  async set(key: string, value: StoredAuth): Promise<void> {
    this.entries.set(key, structuredClone(value));
  }
  async delete(key: string): Promise<void> {
    this.entries.delete(key);
  }
  withLock<T>(key: string, fn: () => Promise<T>): Promise<T> {
    const previous = this.locks.get(key) ?? Promise.resolve();
    const run = previous
      .catch(() => {})
      .then(() => {
        this.lockRuns += 1;
        return fn();
      });
    this.locks.set(key, run);
    return run;
  }
}

export interface TestAuth {
  auth: ServerAuth;
  secrets: Set<string>;
  warnings: string[];
  authorized: () => number;
}

/** A ServerAuth for `url`, closed when the test finishes. */
export function testAuth(
  url: string,
  auth: AuthConfig,
  store: TokenStore = new MemoryTokenStore(),
  refreshSkewMs = 500,
): TestAuth {
  const secrets = new Set<string>();
  const warnings: string[] = [];
  let authorizations = 0;
  const serverAuth = createServerAuth({
    server: "remote",
    url,
    auth,
    store,
    refreshSkewMs,
    onSecret: (value) => secrets.add(value),
    warn: (message) => warnings.push(message),
    onAuthorized: () => {
      authorizations += 1;
    },
    redirectTimeoutMs: 20_000,
  });
  onTestFinished(() => serverAuth.close());
  return { auth: serverAuth, secrets, warnings, authorized: () => authorizations };
}

/** A v2 client over Streamable HTTP with the ServerAuth's provider and fetch; closed after the test. */
export async function connectWith(url: string, auth: ServerAuth, mode: "legacy" | "auto" = "legacy") {
  const client = new Client(
    { name: "auth-test", version: "1.0.0" },
    { versionNegotiation: { mode, probe: { timeoutMs: 2000 } } },
  );
  onTestFinished(() => client.close().catch(() => {}));
  await client.connect(
    new StreamableHTTPClientTransport(new URL(url), { authProvider: auth.provider, fetch: auth.wrapFetch() }),
  );
  return client;
}

export const textOf = (result: unknown): string =>
  ((result as { content?: Array<{ type: string; text?: string }> }).content ?? [])
    .map((block) => (block.type === "text" ? block.text : ""))
    .join("");

export async function whoami(
  client: Client,
): Promise<{ clientId: string; subject: string; scopes: string[] }> {
  return JSON.parse(textOf(await client.callTool({ name: "whoami", arguments: {} })));
}

export const events = (log: string, event: string) => readLog(log).filter((entry) => entry.event === event);

/** Plays the person: opens the authorization URL and returns the 302's Location. */
export async function approve(authorizationUrl: URL | undefined): Promise<URL> {
  if (!authorizationUrl) throw new Error("no authorization URL");
  const response = await fetch(authorizationUrl, { redirect: "manual" });
  if (response.status !== 302) throw new Error(`authorize answered ${response.status}`);
  return new URL(response.headers.get("location") ?? "");
}

/** The OAuth fixture with a log, the pre-registered public client `desktop-app` and `ttlMs` tokens. */
export async function desktopAppFixture(ttlMs: number) {
  const log = tempLogFile("oauth.log");
  const fixture = await httpFixture("oauth", [
    "--log",
    log,
    "--client",
    "desktop-app",
    "--token-ttl-ms",
    String(ttlMs),
  ]);
  return { log, fixture };
}

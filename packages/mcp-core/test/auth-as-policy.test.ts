// What an authorization server (or a server's 401) may make the client fetch, open or accept,
// through loadMcp against the real OAuth fixture in its hostile modes: an authorization server that
// does not show PKCE S256 support gets no authorization started; nothing is fetched or handed to a
// person off https (http only on loopback or the configured server's own origin); an OAuth document
// too large for its purpose fails the start instead of being read whole.
import { type HttpFixture, readLog, startHttpFixture } from "@toolnexus/fixtures";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isMcpCoreError } from "../src/errors.js";
import type { ConnectionState, StateInfo } from "../src/index.js";
import { failOnUnhandledRejections, useSources, useTempDir } from "./support/harness.js";
import { MemoryTokenStore } from "./support/oauth-harness.js";

failOnUnhandledRejections();

const sources = useSources({ toolCache: false, autoRestart: false });
const temp = useTempDir("auth-as-policy");

/** Loads server "o" at `url` with `auth`, recording every state change and warning. */
async function load(url: string, auth: object = { type: "oauth" }) {
  const changes: Array<{ state: ConnectionState; info: StateInfo }> = [];
  const warnings: string[] = [];
  const source = await sources.load(
    { mcpServers: { o: { url, auth } } },
    {
      tokenStore: new MemoryTokenStore(),
      onWarning: (warning) => warnings.push(warning),
      onStateChange: (_server, state, info) => changes.push({ state, info }),
    },
  );
  return { source, changes, warnings };
}

let fixture: HttpFixture;
let log: string;
let origin: string;

// One fixture process for the file: each test sets the modes it needs (`POST /test/modes`).
beforeAll(async () => {
  log = temp.file("oauth.log");
  fixture = await startHttpFixture("oauth", ["--log", log, "--client", "desktop-app"]);
  origin = new URL(fixture.url).origin;
});
afterAll(() => fixture?.stop());

/**
 * Puts the fixture in the hostile modes `flags` name (flag name → value; `{port}` is its port) and
 * returns what its log says from then on.
 */
async function hostileModes(flags: Record<string, string>): Promise<(event: string) => object[]> {
  const response = await fetch(`${origin}/test/modes`, { method: "POST", body: new URLSearchParams(flags) });
  expect(response.status).toBe(200);
  const from = readLog(log).length;
  return (event) =>
    readLog(log)
      .slice(from)
      .filter((entry) => entry.event === event);
}

/**
 * The start failed with `AUTH_FAILED` matching `message`, and no authorization URL reached the
 * snapshot or any onStateChange. Returns the error's message.
 */
function expectRefused(run: Awaited<ReturnType<typeof load>>, message: RegExp): string {
  expect(run.source.state("o")).toBe("error");
  const error = run.changes.find((change) => change.state === "error")?.info.error;
  expect(isMcpCoreError(error) && error.code).toBe("AUTH_FAILED");
  expect(error?.message).toMatch(message);
  expect(error?.message).toMatch(/^MCP server "o": /);
  expect(run.source.servers()[0]?.lastError).toBe(error?.message);
  expect(run.source.servers()[0]?.authorizationUrl).toBeUndefined();
  expect(run.changes.filter((change) => change.info.authorizationUrl !== undefined)).toEqual([]);
  return error?.message ?? "";
}

describe("an authorization server that does not show PKCE S256 support", () => {
  it.each([
    [
      "lists no code_challenge_methods_supported",
      { "pkce-methods": "none" },
      /code_challenge_methods_supported is missing/,
    ],
    ["lists only plain", { "pkce-methods": "plain" }, /code_challenge_methods_supported does not list S256/],
    [
      "publishes no metadata",
      { "no-as-metadata": "1" },
      /publishes no metadata, so PKCE \(S256\) support is not known/,
    ],
  ])("should start no authorization when it %s", async (_what, flags, reason) => {
    const logged = await hostileModes(flags);
    const message = expectRefused(await load(fixture.url), reason);
    expect(message).toContain(`the authorization server ${origin}`);
    expect(logged("authorize")).toEqual([]);
  });
});

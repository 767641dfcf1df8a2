// A server's configured headers are for that server: they go to its origin and nowhere else. The
// fixture advertises its authorization server's endpoints on another origin (localhost instead of
// 127.0.0.1, the same process, so what arrives there is logged) and issues tokens that expire at
// once: discovery, the code exchange and the refreshes a 401 sets off all go to that origin, and
// none of them may carry the API key the config gave the server.
import { type HttpFixture, startHttpFixture, waitFor } from "@toolnexus/fixtures";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { McpSource } from "../src/index.js";
import { failOnUnhandledRejections, toolByRawName, useSources, useTempDir } from "./support/harness.js";
import { approve, events, MemoryTokenStore } from "./support/oauth-harness.js";

failOnUnhandledRejections();

const sources = useSources({ toolCache: null, autoRestart: { enabled: false } });
const dir = useTempDir("auth-header-scope-");
const HEADER = "x-api-key";

let fixture: HttpFixture;
let log = "";

beforeAll(async () => {
  log = dir.file("oauth.log");
  fixture = await startHttpFixture("oauth", [
    ...["--log", log, "--log-header", HEADER, "--token-ttl-ms", "1000"],
    ...["--endpoint-origin", "http://localhost:{port}"],
  ]);
});
afterAll(async () => {
  await fixture?.stop();
});

function authorizationUrlOf(source: McpSource, name: string): URL | undefined {
  const url = source.servers().find((snapshot) => snapshot.name === name)?.authorizationUrl;
  return url ? new URL(url) : undefined;
}

describe("a server's configured headers", () => {
  it("should reach the server's origin only, never its authorization server's endpoints elsewhere", async () => {
    const source = await sources.load(
      {
        mcpServers: {
          keyed: { url: fixture.url, headers: { "X-Api-Key": "canary-5b1e" }, auth: { type: "oauth" } },
        },
      },
      { tokenStore: new MemoryTokenStore(), refreshSkewMs: 0 },
    );
    expect(source.state("keyed")).toBe("needs-auth");
    await source.authorize("keyed", await approve(authorizationUrlOf(source, "keyed")));
    const whoami = toolByRawName(source, "whoami", "keyed");
    await waitFor(
      async () => {
        expect(await whoami.execute({})).toMatchObject({ isError: false });
        return events(log, "refresh").some((entry) => entry.outcome === "ok");
      },
      { timeoutMs: 10_000, message: "the token to be refreshed" },
    );
    const carried = events(log, "header");
    expect(carried.filter((entry) => entry.path === "/mcp").length).toBeGreaterThan(0);
    expect(carried.filter((entry) => entry.path !== "/mcp")).toEqual([]);
  });
});

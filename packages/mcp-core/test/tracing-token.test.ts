// Tracing of token requests (SPEC §21.1): a refresh and a headless grant are CLIENT spans named
// `oauth token {grant_type}` with exactly their own attributes (no mcp.*), no trace key reaches the
// authorization server, and a refused request sets error.type and status ERROR. The real OAuth
// fixture (authorization server and MCP resource in one process) logs every request that carries a
// traceparent header.
import { SpanKind, SpanStatusCode } from "@opentelemetry/api";
import type { ReadableSpan } from "@opentelemetry/sdk-trace-base";
import { readLog, waitFor } from "@toolnexus/fixtures";
import { beforeEach, describe, expect, it } from "vitest";
import {
  failOnUnhandledRejections,
  httpFixture,
  tempLogFile,
  toolByRawName,
  useSources,
} from "./support/harness.js";
import { useInMemoryTracing } from "./support/in-memory-tracing.js";
import { approve, MemoryTokenStore } from "./support/oauth-harness.js";

failOnUnhandledRejections();

const sources = useSources({ toolCache: null, autoRestart: { enabled: false } });
const SECRET = "canary-client-secret-7a2f";
const exporter = useInMemoryTracing();

beforeEach(() => exporter.reset());

async function oauthServer(args: string[]) {
  const log = tempLogFile("oauth.log");
  const fixture = await httpFixture("oauth", ["--log", log, "--log-header", "traceparent", ...args]);
  return { url: fixture.url, port: Number(new URL(fixture.url).port), log };
}

/** The paths other than the MCP endpoint that received a traceparent header. */
function tracedAsPaths(log: string): string[] {
  return readLog(log)
    .filter((entry) => entry.event === "header" && entry.name === "traceparent" && entry.path !== "/mcp")
    .map((entry) => String(entry.path));
}

const tokenSpans = (grant: string): ReadableSpan[] =>
  exporter.getFinishedSpans().filter((span) => span.name === `oauth token ${grant}`);

describe("a refresh", () => {
  it("should be a CLIENT span with exactly its attributes, sending no trace key to the authorization server", async () => {
    const { url, port, log } = await oauthServer(["--token-ttl-ms", "1000"]);
    const source = await sources.load(
      { mcpServers: { o: { url, auth: { type: "oauth" } } } },
      { tokenStore: new MemoryTokenStore(), refreshSkewMs: 0 },
    );
    await source.authorize("o", await approve(new URL(source.servers()[0]?.authorizationUrl ?? "")));
    const echo = toolByRawName(source, "echo", "o");
    expect((await echo.execute({ text: "1" })).isError).toBe(false);
    // The token lives 1 s and is refreshed when a call finds it due.
    await waitFor(
      async () => {
        expect(await echo.execute({ text: "2" })).toMatchObject({ isError: false, text: "2" });
        return tokenSpans("refresh_token").length > 0;
      },
      { timeoutMs: 10_000, message: "a refresh" },
    );
    const [span] = tokenSpans("refresh_token");
    expect(span?.kind).toBe(SpanKind.CLIENT);
    expect(span?.status.code).toBe(SpanStatusCode.UNSET);
    expect(span?.attributes).toEqual({
      "toolnexus.mcp.server": "o",
      "toolnexus.oauth.grant_type": "refresh_token",
      "server.address": "127.0.0.1",
      "server.port": port,
    });
    // The MCP requests carry trace context; the authorization server's endpoints never do.
    expect(readLog(log).some((e) => e.event === "header" && e.path === "/mcp")).toBe(true);
    expect(tracedAsPaths(log)).toEqual([]);
  });

  it("should end a refused refresh's span with the OAuth error code and status ERROR, no description", async () => {
    // The first token request (the code's exchange) is answered; every later one is refused.
    const { url, log } = await oauthServer([
      "--token-ttl-ms",
      "1000",
      "--token-error",
      "invalid_grant",
      "--token-error-after",
      "1",
      "--token-error-description",
      "refused: {client_secret}",
    ]);
    const source = await sources.load(
      { mcpServers: { o: { url, auth: { type: "oauth" } } } },
      { tokenStore: new MemoryTokenStore(), refreshSkewMs: 0 },
    );
    await source.authorize("o", await approve(new URL(source.servers()[0]?.authorizationUrl ?? "")));
    const echo = toolByRawName(source, "echo", "o");
    await waitFor(
      async () => {
        await echo.execute({ text: "x" });
        return tokenSpans("refresh_token").length > 0;
      },
      { timeoutMs: 10_000, message: "a refused refresh" },
    );
    const [span] = tokenSpans("refresh_token");
    expect(span?.attributes["error.type"]).toBe("invalid_grant");
    expect(span?.status).toEqual({ code: SpanStatusCode.ERROR });
    expect(Object.keys(span?.attributes ?? {}).filter((key) => key.startsWith("mcp."))).toEqual([]);
    expect(tracedAsPaths(log)).toEqual([]);
  });
});

describe("a headless grant", () => {
  it("should be a CLIENT span with exactly its attributes, sending no trace key to the authorization server", async () => {
    const { url, log } = await oauthServer(["--client", `svc:${SECRET}`]);
    const source = await sources.load(
      {
        mcpServers: {
          c: { url, auth: { type: "client_credentials", clientId: "svc", clientSecret: SECRET } },
        },
      },
      { tokenStore: new MemoryTokenStore() },
    );
    expect(source.state("c")).toBe("running");
    expect((await toolByRawName(source, "whoami", "c").execute({})).isError).toBe(false);
    const [span] = tokenSpans("client_credentials");
    expect(span?.kind).toBe(SpanKind.CLIENT);
    expect(span?.status.code).toBe(SpanStatusCode.UNSET);
    expect(span?.attributes).toEqual({
      "toolnexus.mcp.server": "c",
      "toolnexus.oauth.grant_type": "client_credentials",
    });
    expect(tracedAsPaths(log)).toEqual([]);
  });

  it("should end a refused grant's span with error.type and status ERROR, its secret nowhere", async () => {
    const { url, log } = await oauthServer(["--client", `svc:${SECRET}`]);
    const source = await sources.load(
      {
        mcpServers: {
          c: { url, auth: { type: "client_credentials", clientId: "svc", clientSecret: "wrong" } },
        },
      },
      { tokenStore: new MemoryTokenStore() },
    );
    expect(source.state("c")).not.toBe("running");
    const [span] = tokenSpans("client_credentials");
    expect(span?.attributes["error.type"]).toBe("invalid_client");
    expect(span?.status).toEqual({ code: SpanStatusCode.ERROR });
    expect(
      JSON.stringify(exporter.getFinishedSpans().map((s) => [s.attributes, s.status, s.events])),
    ).not.toContain("wrong");
    expect(tracedAsPaths(log)).toEqual([]);
  });
});

// What a hostile authorization server writes reaches the host only through onWarning and errors,
// escaped, bounded and redacted: the MCP SDK's own console.warn lines (which quote the AS's
// error_description) are taken from the console during the library's auth() calls, and an RFC 9207
// iss mismatch is named, never quoted. Against the real OAuth fixture, through loadMcp.
import { inspect } from "node:util";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { withSdkWarnings } from "../src/auth/sdk-warnings.js";
import { isMcpCoreError, type McpSource } from "../src/index.js";
import { failOnUnhandledRejections, httpFixture, useSources } from "./support/harness.js";
import { approve, MemoryTokenStore } from "./support/oauth-harness.js";

failOnUnhandledRejections();

const ESC = "\u001b";
const RLO = "\u202e"; // right-to-left override: JSON.stringify leaves it as it is
const canary = (label: string) => `canary-${label}-${Math.random().toString(36).slice(2, 10)}`;

/** Every console.warn line while a test runs (the host's console). */
const consoleLines: string[] = [];
let originalWarn: typeof console.warn;
beforeEach(() => {
  consoleLines.length = 0;
  originalWarn = console.warn;
  console.warn = (...args: unknown[]) => void consoleLines.push(args.map(String).join(" "));
});
afterEach(() => {
  console.warn = originalWarn;
});

function authorizationUrlOf(source: McpSource, server: string): URL {
  const url = source.servers().find((s) => s.name === server)?.authorizationUrl;
  if (!url) throw new Error(`no authorization URL for "${server}"`);
  return new URL(url);
}

/** Loads one interactive OAuth server in needs-auth, approves it and hands the redirect to authorize(). */
async function authorizeAgainst(fixtureArgs: string[]) {
  const fixture = await httpFixture("oauth", fixtureArgs);
  const warnings: string[] = [];
  const source = await sources.load(
    { mcpServers: { o: { url: fixture.url, auth: { type: "oauth" } } } },
    { tokenStore: new MemoryTokenStore(), onWarning: (warning) => warnings.push(warning) },
  );
  expect(source.state("o")).toBe("needs-auth");
  const redirect = await approve(authorizationUrlOf(source, "o"));
  const error = await source.authorize("o", redirect).then(
    () => undefined,
    (rejection: unknown) => rejection,
  );
  return { source, warnings, error, redirect };
}

const sources = useSources({ toolCache: null, autoRestart: { enabled: false } });

describe("an authorization server's hostile text", () => {
  it("should route the SDK's console warning about an invalid_grant through onWarning, escaped, never to the console", async () => {
    const mark = canary("description");
    const { warnings, error } = await authorizeAgainst([
      "--token-error",
      "invalid_grant",
      "--token-error-description",
      `${ESC}[31m${mark}${ESC}[0m ${RLO}txt.exe`,
    ]);
    expect(isMcpCoreError(error) && error.code).toBe("AUTH_FAILED");
    expect((error as Error).message).toContain("the token request failed (invalid_grant)");
    expect(inspect(error)).not.toContain(mark);
    // The SDK warned (it invalidates the tokens and retries): the line went to onWarning.
    expect(consoleLines.join("\n")).not.toContain(mark);
    const sdkWarning = warnings.find((warning) => warning.includes("the MCP SDK warned"));
    expect(sdkWarning).toContain('MCP server "o": the MCP SDK warned: OAuth "invalid_grant"');
    expect(sdkWarning).toContain(mark);
    for (const warning of warnings) {
      expect(warning).not.toContain(ESC);
      expect(warning).not.toContain(RLO);
    }
  });

  it("should name an iss mismatch on the redirect without quoting the attacker's value", async () => {
    const mark = canary("iss");
    const wrongIss = `https://evil.example/${ESC}[2J${mark}`;
    const { source, warnings, error, redirect } = await authorizeAgainst(["--wrong-iss", wrongIss]);
    expect(redirect.searchParams.get("iss")).toBe(wrongIss);
    expect(isMcpCoreError(error) && error.code).toBe("AUTH_FAILED");
    expect((error as Error).message).toBe(
      `MCP server "o": the authorization response's issuer (iss) is not the authorization server's (RFC 9207); the code was not redeemed`,
    );
    const surfaced = [inspect(error, { depth: 8 }), ...warnings, ...consoleLines, inspect(source.servers())];
    for (const text of surfaced) {
      expect(text).not.toContain(mark);
      expect(text).not.toContain(ESC);
    }
    expect(source.state("o")).toBe("needs-auth");
  });
});

describe("the SDK console capture", () => {
  it("should take only the SDK's lines written inside a call, and give console.warn back after it", async () => {
    const spy = console.warn;
    const taken: string[] = [];
    await withSdkWarnings(
      "s",
      (message) => taken.push(message),
      async () => {
        console.warn("host line during the call");
        await new Promise((resolve) => setTimeout(resolve, 1)); // the call spans a timer turn
        console.warn("[mcp-sdk] OAuth %s", `"invalid_client" ${ESC}[2J`);
      },
    );
    console.warn("[mcp-sdk] a line after the call");
    expect(taken).toEqual(['MCP server "s": the MCP SDK warned: OAuth "invalid_client" \\u001b[2J']);
    expect(consoleLines).toEqual(["host line during the call", "[mcp-sdk] a line after the call"]);
    expect(console.warn).toBe(spy);
  });
});

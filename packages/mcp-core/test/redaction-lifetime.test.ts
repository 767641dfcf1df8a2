// Redaction over a long run: what a server was configured with (client secret, header values, env
// values) and the tokens it holds now stay redacted however many renewals and requests pass; only
// old tokens leave the bounded history. The redactor is driven directly for thousands of
// renewals, and once through a real OAuth fixture for more renewals than the history holds.
import { inspect } from "node:util";
import { describe, expect, it } from "vitest";
import { MAX_HISTORY, REDACTED, Redactor } from "../src/redact/redactor.js";
import { failOnUnhandledRejections, httpFixture, useSources } from "./support/harness.js";
import { MemoryTokenStore } from "./support/oauth-harness.js";

failOnUnhandledRejections();

const CLIENT_SECRET = "canary-configured-client-secret-7d41";
/** Fresh header values per request in the real-process run. */
const HEADERS = 32;

describe("what the redactor keeps over a long run", () => {
  it("should keep the configured client secret and the current tokens after thousands of renewals", () => {
    const redactor = new Redactor();
    redactor.secret(CLIENT_SECRET, "configured");
    const renewals = MAX_HISTORY * 3;
    for (let i = 0; i < renewals; i++) {
      redactor.secret(`access-token-${i}-xyz`, "access_token");
      redactor.secret(`refresh-token-${i}-xyz`, "refresh_token");
      redactor.secret(`id-token-${i}-xyz`, "id_token");
      redactor.secret(`verifier-${i}-xyzxyz`); // one-off values go to the history
    }
    const last = renewals - 1;
    const echo = `client ${CLIENT_SECRET} tokens access-token-${last}-xyz refresh-token-${last}-xyz id-token-${last}-xyz`;
    expect(redactor.redact(echo)).toBe(`client ${REDACTED} tokens ${REDACTED} ${REDACTED} ${REDACTED}`);
    // The history is bounded: the first tokens went long ago.
    expect(redactor.redact("access-token-0-xyz")).toBe("access-token-0-xyz");
    // The tokens just replaced are still in it.
    expect(redactor.redact(`access-token-${last - 1}-xyz`)).toBe(REDACTED);
  });

  it("should keep a static header value while a header function rotates thousands of others", () => {
    const redactor = new Redactor();
    for (let i = 0; i < MAX_HISTORY * 4; i++) {
      // A static key sent once at the start, then only the rotating header changes.
      redactor.addHeaders(
        i === 0
          ? { "X-Api-Key": "static-key-value-1", Authorization: `Bearer rotating-${i}-abcdef` }
          : { Authorization: `Bearer rotating-${i}-abcdef` },
      );
    }
    expect(redactor.redact("key static-key-value-1")).toBe(`key ${REDACTED}`);
    expect(redactor.redact(`Bearer rotating-${MAX_HISTORY * 4 - 1}-abcdef`)).toBe(REDACTED);
  });
});

describe("a configured secret echoed late in a run", () => {
  const sources = useSources({ toolCache: null, autoRestart: { enabled: false } });

  it("should redact the client secret an authorization server echoes after more values than the history holds", async () => {
    // Every request renews the token (it lives 5 s, the skew is a minute) and sends 32 fresh header
    // values (a host signing each request); once the history has turned over, the authorization
    // server refuses the renewal with a description quoting the client's secret.
    const renewalsBeforeEcho = Math.ceil(MAX_HISTORY / HEADERS) + 2;
    const fixture = await httpFixture("oauth", [
      "--client",
      `svc:${CLIENT_SECRET}`,
      "--token-ttl-ms",
      "5000",
      "--token-error",
      "invalid_client",
      "--token-error-after",
      String(renewalsBeforeEcho),
      "--token-error-description",
      "client secret {client_secret} is revoked\u001b[0m",
    ]);
    let request = 0;
    const signed = () => {
      request += 1;
      return Object.fromEntries(
        Array.from({ length: HEADERS }, (_, i) => [
          `X-Signature-${i}`,
          `sig-${request}-${i}-${"f".repeat(8)}`,
        ]),
      );
    };
    const warnings: string[] = [];
    const source = await sources.load(
      {
        mcpServers: {
          c: {
            url: fixture.url,
            headers: signed,
            auth: { type: "client_credentials", clientId: "svc", clientSecret: "${S}" },
          },
        },
      },
      {
        tokenStore: new MemoryTokenStore(),
        env: { S: CLIENT_SECRET },
        refreshSkewMs: 60_000,
        onWarning: (warning) => warnings.push(warning),
      },
    );
    expect(source.state("c")).toBe("running");
    const refused = () => warnings.some((warning) => warning.includes("is revoked"));
    // The SDK's auth() warns on the console before it retries: that line must not reach it.
    const consoleLines: string[] = [];
    const originalWarn = console.warn;
    console.warn = (...args: unknown[]) => void consoleLines.push(args.map(String).join(" "));
    try {
      for (let i = 0; i <= renewalsBeforeEcho && !refused(); i++) await source.refresh("c").catch(() => {});
    } finally {
      console.warn = originalWarn;
    }
    expect(refused()).toBe(true);
    expect(consoleLines.join("\n")).not.toContain("is revoked");
    expect(warnings.join("\n")).toContain(`the MCP SDK warned: OAuth "invalid_client"`);
    expect(request * HEADERS).toBeGreaterThan(MAX_HISTORY);
    const surfaced = [...warnings, inspect(source.servers()), inspect(source)].join("\n");
    expect(surfaced).toContain(`client secret ${REDACTED} is revoked`);
    expect(surfaced).not.toContain(CLIENT_SECRET);
    expect(surfaced).not.toContain("\u001b"); // the description's escape sequence is spelled out
  });
});

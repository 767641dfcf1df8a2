// Client secrets at the token endpoint, against the real oauth fixture (which decodes Basic
// credentials strictly per RFC 6749 §2.3.1): secrets holding `:`, `+`, `%`, a space and characters
// outside Latin-1 authenticate, headless and in the code flow (exchange and refresh); and a private
// key file that group or others can open is reported, never its contents.
import { generateKeyPairSync } from "node:crypto";
import { chmodSync, writeFileSync } from "node:fs";
import { type HttpFixture, startHttpFixture, waitFor } from "@toolnexus/fixtures";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { basicAuthorization } from "../src/auth/client-authentication.js";
import type { McpSource } from "../src/index.js";
import { failOnUnhandledRejections, toolByRawName, useSources, useTempDir } from "./support/harness.js";
import { approve, events, MemoryTokenStore } from "./support/oauth-harness.js";

failOnUnhandledRejections();

const sources = useSources({ toolCache: null, autoRestart: { enabled: false } });
const dir = useTempDir("auth-secret-");

/** Latin-1 only, with every character the raw `id:secret` form gets wrong. */
const SECRET_LATIN = "canary:se+cr%et 25";
/** Characters `btoa` refuses. */
const SECRET_WIDE = "canary-密码:€+%2F";

let fixture: HttpFixture;
let log: string;
let keyFile: string;
let privatePem: string;

beforeAll(async () => {
  log = dir.file("oauth.log");
  const { publicKey, privateKey } = generateKeyPairSync("ec", { namedCurve: "P-256" });
  const publicFile = dir.file("svc-jwt.pub.pem");
  keyFile = dir.file("svc-jwt.pem");
  privatePem = privateKey.export({ type: "pkcs8", format: "pem" }).toString();
  writeFileSync(publicFile, publicKey.export({ type: "spki", format: "pem" }));
  writeFileSync(keyFile, privatePem, { mode: 0o600 });
  fixture = await startHttpFixture("oauth", [
    ...["--log", log, "--token-ttl-ms", "1000"],
    ...["--client", `svc-latin:${SECRET_LATIN}`, "--client", `svc-wide:${SECRET_WIDE}`],
    ...["--client", `app-wide:${SECRET_WIDE}`, "--jwt-client", `svc-jwt:${publicFile}`],
  ]);
});
afterAll(async () => {
  await fixture?.stop();
});

const clientsOf = (source: McpSource, server: string) =>
  toolByRawName(source, "whoami", server)
    .execute({})
    .then((result) => JSON.parse(result.text) as { clientId: string });

describe("client_secret_basic, form-encoded (RFC 6749 §2.3.1)", () => {
  it("should form-encode the client id and the secret, in UTF-8, before base64", () => {
    const header = basicAuthorization("my app", "x:y+z%é密");
    const decoded = Buffer.from(header.replace(/^Basic /, ""), "base64").toString("utf8");
    expect(decoded).toBe("my+app:x%3Ay%2Bz%25%C3%A9%E5%AF%86");
  });

  it("should authenticate client_credentials with secrets holding `:`, `+`, `%`, a space and non-Latin-1", async () => {
    const source = await sources.load(
      {
        mcpServers: {
          latin: {
            url: fixture.url,
            auth: { type: "client_credentials", clientId: "svc-latin", clientSecret: SECRET_LATIN },
          },
          wide: {
            url: fixture.url,
            auth: { type: "client_credentials", clientId: "svc-wide", clientSecret: SECRET_WIDE },
          },
        },
      },
      { tokenStore: new MemoryTokenStore() },
    );
    expect(await clientsOf(source, "latin")).toMatchObject({ clientId: "svc-latin" });
    expect(await clientsOf(source, "wide")).toMatchObject({ clientId: "svc-wide" });
    // Every token request of theirs authenticated (the short-lived tokens are requested anew).
    const tokens = events(log, "token").filter((entry) => String(entry.client).startsWith("svc-"));
    expect(new Set(tokens.map((entry) => entry.client))).toEqual(new Set(["svc-latin", "svc-wide"]));
    for (const entry of tokens)
      expect(entry).toMatchObject({ authMethod: "client_secret_basic", outcome: "ok" });
    expect(events(log, "token").filter((entry) => entry.outcome === "error")).toEqual([]);
  });

  it("should authenticate the code flow's configured secret at the code exchange and at each refresh", async () => {
    const source = await sources.load(
      {
        mcpServers: {
          app: { url: fixture.url, auth: { type: "oauth", clientId: "app-wide", clientSecret: SECRET_WIDE } },
        },
      },
      { tokenStore: new MemoryTokenStore(), refreshSkewMs: 0 },
    );
    const url = source.servers()[0]?.authorizationUrl;
    await source.authorize("app", await approve(url === undefined ? undefined : new URL(url)));
    await waitFor(
      async () => {
        expect(await clientsOf(source, "app")).toMatchObject({ clientId: "app-wide" });
        return events(log, "refresh").some((entry) => entry.client === "app-wide" && entry.outcome === "ok");
      },
      { timeoutMs: 10_000, message: "the code flow's token to be refreshed" },
    );
    const grants = events(log, "token")
      .filter((entry) => entry.client === "app-wide")
      .map((entry) => [entry.grant, entry.authMethod, entry.outcome]);
    expect(grants[0]).toEqual(["authorization_code", "client_secret_basic", "ok"]);
    expect(grants).toContainEqual(["refresh_token", "client_secret_basic", "ok"]);
    expect(grants.filter(([, , outcome]) => outcome !== "ok")).toEqual([]);
  });
});

describe("a private key file others can read", () => {
  it("should warn, naming the server and auth.privateKeyFile and never the key, and still run", async () => {
    const jwtServer = (file: string) => ({
      url: fixture.url,
      auth: { type: "client_credentials", clientId: "svc-jwt", privateKeyFile: file },
    });
    const openFile = dir.file("svc-jwt-open.pem");
    writeFileSync(openFile, privatePem);
    chmodSync(openFile, 0o644);
    const warnings: string[] = [];
    const source = await sources.load(
      { mcpServers: { open: jwtServer(openFile), owned: jwtServer(keyFile) } },
      { tokenStore: new MemoryTokenStore(), onWarning: (message) => warnings.push(message) },
    );
    const aboutKeys = warnings.filter((message) => message.includes("auth.privateKeyFile"));
    expect(aboutKeys).toHaveLength(1);
    expect(aboutKeys[0]).toContain('MCP server "open"');
    expect(aboutKeys[0]).toContain("0644");
    const keyBody = privatePem.split("\n")[1] ?? "no key line";
    for (const message of warnings) expect(message).not.toContain(keyBody);
    expect(source.state("open")).toBe("running");
    expect(source.state("owned")).toBe("running");
  });
});

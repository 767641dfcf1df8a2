// The headless grants of createServerAuth against the real oauth fixture: client_credentials with a
// secret (and step-up to `admin`), with private_key_jwt from a key file, a new token when the
// short-lived one expires, and a wrong secret that never shows in a message.
import { generateKeyPairSync } from "node:crypto";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { readLog, waitFor } from "@toolnexus/fixtures";
import { describe, expect, it } from "vitest";
import { failOnUnhandledRejections, httpFixture, tempDir, tempLogFile } from "./support/harness.js";
import { connectWith, events, MemoryTokenStore, testAuth, textOf, whoami } from "./support/oauth-harness.js";

failOnUnhandledRejections();

const SECRET = "canary-client-secret-b81d";

describe("createServerAuth: client_credentials", () => {
  it.each(["legacy", "auto"] as const)(
    "should get a token with no person involved and step up to `admin` on a 403 (%s negotiation)",
    async (mode) => {
      const log = tempLogFile("oauth.log");
      const fixture = await httpFixture("oauth", ["--log", log, "--client", `svc:${SECRET}`]);
      const { auth, secrets, warnings } = testAuth(fixture.url, {
        type: "client_credentials",
        clientId: "svc",
        clientSecret: SECRET,
      });
      await auth.ready(); // the first token, before any request
      const client = await connectWith(fixture.url, auth, mode);
      expect(await whoami(client)).toEqual({ clientId: "svc", subject: "svc", scopes: ["mcp"] });
      expect(textOf(await client.callTool({ name: "admin_echo", arguments: { text: "up" } }))).toBe(
        "admin: up",
      );
      expect(events(log, "token")).toMatchObject([
        { grant: "client_credentials", client: "svc", scope: "mcp" },
        { grant: "client_credentials", client: "svc", scope: "mcp admin" },
      ]);
      expect(events(log, "unauthorized")).toEqual([]);
      expect(auth.authorizationUrl()).toBeUndefined();
      expect(secrets).toContain(SECRET);
      expect(warnings).toEqual([]);
    },
  );

  it("should request a new token when the short-lived one is due, keeping the stepped-up scope", async () => {
    const log = tempLogFile("oauth.log");
    const fixture = await httpFixture("oauth", [
      "--log",
      log,
      "--client",
      `svc:${SECRET}`,
      "--token-ttl-ms",
      "1000",
    ]);
    const store = new MemoryTokenStore();
    const { auth } = testAuth(
      fixture.url,
      { type: "client_credentials", clientId: "svc", clientSecret: SECRET },
      store,
      300,
    );
    const client = await connectWith(fixture.url, auth);
    expect(textOf(await client.callTool({ name: "admin_echo", arguments: { text: "1" } }))).toBe("admin: 1");
    const first = [...store.entries.values()][0]?.tokens?.access_token;
    await waitFor(
      async () =>
        (
          await fetch(fixture.url, {
            method: "POST",
            headers: { authorization: `Bearer ${first}`, "content-type": "application/json" },
            body: "{}",
          })
        ).status === 401,
      { message: "the first token to expire" },
    );
    expect(textOf(await client.callTool({ name: "admin_echo", arguments: { text: "2" } }))).toBe("admin: 2");
    const grants = events(log, "token").map((entry) => entry.scope);
    expect(grants.at(-1)).toBe("mcp admin");
    expect(grants.length).toBeGreaterThanOrEqual(3);
    expect(events(log, "insufficient_scope")).toHaveLength(1);
  });

  it("should sign a private_key_jwt assertion with the key from privateKeyFile", async () => {
    const dir = tempDir();
    const { publicKey, privateKey } = generateKeyPairSync("ec", { namedCurve: "P-256" });
    const publicFile = join(dir, "svc-jwt.pub.pem");
    const privateFile = join(dir, "svc-jwt.pem");
    writeFileSync(publicFile, publicKey.export({ type: "spki", format: "pem" }));
    writeFileSync(privateFile, privateKey.export({ type: "pkcs8", format: "pem" }));
    const log = join(dir, "oauth.log");
    const fixture = await httpFixture("oauth", ["--log", log, "--jwt-client", `svc-jwt:${publicFile}`]);

    const { auth } = testAuth(fixture.url, {
      type: "client_credentials",
      clientId: "svc-jwt",
      privateKeyFile: privateFile,
    });
    const client = await connectWith(fixture.url, auth);
    expect(await whoami(client)).toMatchObject({ clientId: "svc-jwt", subject: "svc-jwt" });
    expect(events(log, "token")).toMatchObject([
      { grant: "client_credentials", authMethod: "private_key_jwt" },
    ]);
  });

  it("should fail a wrong secret with a message that carries neither secret nor token", async () => {
    const log = tempLogFile("oauth.log");
    const fixture = await httpFixture("oauth", ["--log", log, "--client", `svc:${SECRET}`]);
    const wrong = "canary-wrong-secret-4c2e";
    const { auth, warnings } = testAuth(fixture.url, {
      type: "client_credentials",
      clientId: "svc",
      clientSecret: wrong,
    });
    await auth.ready();
    const failure = await connectWith(fixture.url, auth).then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(failure).toBeInstanceOf(Error);
    const said = `${warnings.join("\n")}\n${String(failure)}\n${JSON.stringify(readLog(log))}`;
    expect(warnings.join("\n")).toContain("invalid_client");
    for (const canary of [wrong, SECRET]) expect(said).not.toContain(canary);
  });
});

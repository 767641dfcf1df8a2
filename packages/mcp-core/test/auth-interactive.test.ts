// The interactive OAuth flows of createServerAuth against the real oauth fixture, through the v2
// Client + StreamableHTTPClientTransport: loopback redirect end to end, DCR, a pre-registered
// client, a configured redirect URL + finish, step-up, a revoked refresh token, canaries.
import { UnauthorizedError } from "@modelcontextprotocol/client";
import { readLog, waitFor } from "@toolnexus/fixtures";
import { describe, expect, it } from "vitest";
import { isMcpCoreError } from "../src/errors.js";
import { failOnUnhandledRejections, httpFixture, tempLogFile } from "./support/harness.js";
import {
  approve,
  connectWith,
  desktopAppFixture,
  events,
  MemoryTokenStore,
  testAuth,
  textOf,
  whoami,
} from "./support/oauth-harness.js";

failOnUnhandledRejections();

const CONFIGURED_REDIRECT = "http://127.0.0.1:9/callback"; // never listened on: the test reads the 302

describe("createServerAuth: the authorization code flow", () => {
  it("should register dynamically, send the person to the AS and complete through the loopback redirect", async () => {
    const log = tempLogFile("oauth.log");
    const fixture = await httpFixture("oauth", ["--log", log]);
    const { auth, authorized } = testAuth(fixture.url, { type: "oauth" });

    await expect(connectWith(fixture.url, auth)).rejects.toBeInstanceOf(UnauthorizedError);
    const location = await approve(auth.authorizationUrl());
    expect(location.origin).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(location.pathname).toBe("/callback");
    // The browser's visit to the loopback listener completes the authorization by itself.
    const page = await fetch(location);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("Authorization complete");
    await waitFor(() => authorized() === 1, {
      message: "the loopback redirect to complete the authorization",
    });
    expect(auth.authorizationUrl()).toBeUndefined();
    // The listener is gone: one request only.
    await expect(fetch(location)).rejects.toThrow();

    const client = await connectWith(fixture.url, auth);
    expect(textOf(await client.callTool({ name: "echo", arguments: { text: "hi" } }))).toBe("hi");
    expect((await whoami(client)).subject).toBe("fixture-user");
    expect(events(log, "register")).toMatchObject([{ outcome: "ok", authMethod: "none" }]);
    expect(events(log, "token")).toMatchObject([{ grant: "authorization_code", outcome: "ok" }]);
  });

  it("should stop the loopback listener on close(), leaving nothing listening", async () => {
    const fixture = await httpFixture("oauth", []);
    const { auth } = testAuth(fixture.url, { type: "oauth" });
    await expect(connectWith(fixture.url, auth)).rejects.toBeInstanceOf(UnauthorizedError);
    const location = await approve(auth.authorizationUrl());
    auth.close();
    await expect(fetch(location)).rejects.toThrow();
  });

  it("should use a pre-registered client id when the AS has no dynamic registration, finishing with the callback URL", async () => {
    const log = tempLogFile("oauth.log");
    const fixture = await httpFixture("oauth", ["--log", log, "--no-dcr", "--client", "desktop-app"]);
    const { auth } = testAuth(fixture.url, {
      type: "oauth",
      clientId: "desktop-app",
      redirectUrl: CONFIGURED_REDIRECT,
    });

    await expect(connectWith(fixture.url, auth)).rejects.toBeInstanceOf(UnauthorizedError);
    const location = await approve(auth.authorizationUrl());
    expect(`${location.origin}${location.pathname}`).toBe(CONFIGURED_REDIRECT);
    await auth.finish(location.href);
    const client = await connectWith(fixture.url, auth);
    expect(await whoami(client)).toMatchObject({ clientId: "desktop-app", subject: "fixture-user" });
    expect(events(log, "register")).toEqual([]);
  });

  it("should authenticate a confidential pre-registered client with its secret, which it hands to onSecret", async () => {
    const log = tempLogFile("oauth.log");
    const secret = "canary-conf-secret-e57a";
    const fixture = await httpFixture("oauth", [
      "--log",
      log,
      "--no-dcr",
      "--client",
      `desktop-conf:${secret}`,
    ]);
    const { auth, secrets, warnings } = testAuth(fixture.url, {
      type: "oauth",
      clientId: "desktop-conf",
      clientSecret: secret,
      redirectUrl: CONFIGURED_REDIRECT,
    });
    await expect(connectWith(fixture.url, auth)).rejects.toBeInstanceOf(UnauthorizedError);
    await auth.finish(await approve(auth.authorizationUrl()));
    expect((await whoami(await connectWith(fixture.url, auth))).clientId).toBe("desktop-conf");
    expect(events(log, "token")).toMatchObject([
      { grant: "authorization_code", authMethod: "client_secret_basic" },
    ]);
    expect(secrets).toContain(secret);
    expect(`${warnings.join("\n")}${JSON.stringify(readLog(log))}`).not.toContain(secret);
  });

  it("should prefer the configured client id over DCR, and refuse a callback whose state does not match", async () => {
    const log = tempLogFile("oauth.log");
    const fixture = await httpFixture("oauth", ["--log", log, "--client", "desktop-app"]);
    const { auth } = testAuth(fixture.url, {
      type: "oauth",
      clientId: "desktop-app",
      redirectUrl: CONFIGURED_REDIRECT,
    });
    await expect(connectWith(fixture.url, auth)).rejects.toBeInstanceOf(UnauthorizedError);
    const location = await approve(auth.authorizationUrl());

    const forged = new URL(location);
    forged.searchParams.set("state", "not-the-state");
    const refused = await auth.finish(forged).catch((error: unknown) => error);
    expect(isMcpCoreError(refused) && refused.code).toBe("AUTH_FAILED");
    expect(String(refused)).toContain("state does not match");
    expect(String(refused)).not.toContain(location.searchParams.get("code"));

    const denied = await auth.finish("error=access_denied&state=x").catch((error: unknown) => error);
    expect(String(denied)).toContain("access_denied");

    await auth.finish({
      code: location.searchParams.get("code") ?? "",
      state: location.searchParams.get("state") ?? "",
      iss: location.searchParams.get("iss") ?? "",
    });
    expect((await whoami(await connectWith(fixture.url, auth))).clientId).toBe("desktop-app");
    expect(events(log, "register")).toEqual([]);
  });

  it("should send a client ID metadata document URL as client_id when the AS supports CIMD", async () => {
    const fixture = await httpFixture("oauth", ["--client", "desktop-app"]);
    const metadataUrl = "https://client.example/toolnexus.json";
    const { auth } = testAuth(fixture.url, {
      type: "oauth",
      clientId: "desktop-app",
      clientMetadataUrl: metadataUrl,
      redirectUrl: CONFIGURED_REDIRECT,
    });
    await expect(connectWith(fixture.url, auth)).rejects.toBeInstanceOf(UnauthorizedError);
    expect(auth.authorizationUrl()?.searchParams.get("client_id")).toBe(metadataUrl);

    const without = await httpFixture("oauth", ["--no-cimd", "--client", "desktop-app"]);
    const fallback = testAuth(without.url, {
      type: "oauth",
      clientId: "desktop-app",
      clientMetadataUrl: metadataUrl,
      redirectUrl: CONFIGURED_REDIRECT,
    });
    await expect(connectWith(without.url, fallback.auth)).rejects.toBeInstanceOf(UnauthorizedError);
    expect(fallback.auth.authorizationUrl()?.searchParams.get("client_id")).toBe("desktop-app");
  });

  it("should step up to the `admin` scope: a new authorization, then the tool works", async () => {
    const fixture = await httpFixture("oauth", ["--client", "desktop-app"]);
    const { auth } = testAuth(fixture.url, {
      type: "oauth",
      clientId: "desktop-app",
      redirectUrl: CONFIGURED_REDIRECT,
    });
    await expect(connectWith(fixture.url, auth)).rejects.toBeInstanceOf(UnauthorizedError);
    await auth.finish(await approve(auth.authorizationUrl()));
    const client = await connectWith(fixture.url, auth);
    expect((await whoami(client)).scopes).toEqual(["mcp"]);

    await expect(client.callTool({ name: "admin_echo", arguments: { text: "up" } })).rejects.toBeInstanceOf(
      UnauthorizedError,
    );
    const stepUp = auth.authorizationUrl();
    expect(stepUp?.searchParams.get("scope")?.split(" ")).toEqual(expect.arrayContaining(["mcp", "admin"]));
    await auth.finish(await approve(stepUp));
    expect(textOf(await client.callTool({ name: "admin_echo", arguments: { text: "up" } }))).toBe(
      "admin: up",
    );
  });

  it("should need authorization again after its refresh token is revoked, and work again after finish", async () => {
    const { log, fixture } = await desktopAppFixture(1000);
    const store = new MemoryTokenStore();
    const { auth, warnings, secrets } = testAuth(
      fixture.url,
      { type: "oauth", clientId: "desktop-app", redirectUrl: CONFIGURED_REDIRECT },
      store,
      200,
    );
    await expect(connectWith(fixture.url, auth)).rejects.toBeInstanceOf(UnauthorizedError);
    await auth.finish(await approve(auth.authorizationUrl()));
    const client = await connectWith(fixture.url, auth);
    expect(textOf(await client.callTool({ name: "echo", arguments: { text: "a" } }))).toBe("a");

    const revoked = await fetch(`${new URL(fixture.url).origin}/test/revoke`, {
      method: "POST",
      body: new URLSearchParams({ client_id: "desktop-app" }),
    });
    expect(await revoked.json()).toEqual({ revoked: 1 });
    // Once the access token is due, the refresh is refused: tokens dropped, a person is needed.
    await waitFor(
      async () =>
        await client.callTool({ name: "echo", arguments: { text: "b" } }).then(
          () => false,
          (error: unknown) => error instanceof UnauthorizedError,
        ),
      { message: "a call to need authorization" },
    );
    expect(auth.authorizationUrl()).toBeDefined();
    expect([...store.entries.values()].every((entry) => entry.tokens === undefined)).toBe(true);
    expect(warnings.join("\n")).toContain("invalid_grant");
    expect(events(log, "refresh").map((entry) => entry.outcome)).toEqual(["revoked"]);

    await auth.finish(await approve(auth.authorizationUrl()));
    expect(auth.authorizationUrl()).toBeUndefined();
    expect(textOf(await client.callTool({ name: "echo", arguments: { text: "c" } }))).toBe("c");

    // Canaries: nothing the provider learned appears in what it said or the fixture wrote.
    const said = `${warnings.join("\n")}\n${JSON.stringify(readLog(log))}\n${fixture.stderr()}`;
    expect(secrets.size).toBeGreaterThanOrEqual(4);
    for (const secret of secrets) expect(said).not.toContain(secret);
  });

  it("should reject an unusable auth config naming the server and the field, never a value", async () => {
    const { createServerAuth } = await import("../src/auth/server-auth.js");
    const base = {
      server: "gh",
      url: "http://127.0.0.1:1/mcp",
      store: new MemoryTokenStore(),
      refreshSkewMs: 0,
    };
    const hooks = { onSecret: () => {}, warn: () => {} };
    const attempt = (auth: Parameters<typeof createServerAuth>[0]["auth"]) => {
      try {
        createServerAuth({ ...base, ...hooks, auth });
        return undefined;
      } catch (error) {
        return error as Error;
      }
    };
    expect(attempt({ type: "oauth", clientMetadataUrl: "http://plain.example/c.json" })?.message).toBe(
      'MCP server "gh": auth.clientMetadataUrl must be an https URL with a path',
    );
    const both = attempt({
      type: "client_credentials",
      clientId: "svc",
      clientSecret: "canary-9z",
      privateKeyFile: "/k",
    });
    expect(both?.message).toContain('MCP server "gh": auth.clientSecret');
    expect(both?.message).not.toContain("canary-9z");
    expect(
      attempt({ type: "client_credentials", clientId: "svc", privateKeyFile: "/nonexistent/key.pem" })
        ?.message,
    ).toContain("auth.privateKeyFile is unusable");
  });
});

import { readdirSync } from "node:fs";
import { type HttpFixture, makeTempDir, removeTempDir, startHttpFixture } from "@toolnexus/fixtures";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runCli, startCli, writeConfig } from "./helpers.js";

let oauth: HttpFixture;
let dir: string;
let path: string;
let authDir: string;
// A perTenant entry of the same server, with a store of its own (`login --tenant`).
let tenantDir: string;
let tenantPath: string;
let tenantAuthDir: string;
beforeAll(async () => {
  oauth = await startHttpFixture("oauth");
  ({ dir, path } = writeConfig({ secure: { url: oauth.url, auth: { type: "oauth" } } }));
  ({ dir: tenantDir, path: tenantPath } = writeConfig({
    secure: { url: oauth.url, auth: { type: "oauth" }, perTenant: {} },
  }));
  authDir = makeTempDir("cli-auth-");
  tenantAuthDir = makeTempDir("cli-auth-");
});
afterAll(async () => {
  await oauth.stop();
  for (const made of [dir, authDir, tenantDir, tenantAuthDir]) removeTempDir(made);
});

/** Token files in a store (lock files and begun authorization requests aside). */
const tokenFiles = (store = authDir) =>
  readdirSync(store).filter((f) => !f.endsWith(".lock") && !f.endsWith(".pending.json"));

describe("login / logout", () => {
  it("login prints the URL, takes the redirect on the loopback listener, stores the token; logout removes it", async () => {
    const env = { TOOLNEXUS_MCP_AUTH_DIR: authDir };
    const before = await runCli(["inspect", path], { env });
    expect(before.code).toBe(1);
    expect(before.stdout).toMatch(/^secure\s+http\s+\S+\s+needs-auth/m);

    const cli = startCli(["login", "secure", path], { env });
    const [, url] = await cli.waitForOutput(/^Open this URL to authorize "secure":\n(http\S+)$/m);
    // The "browser": the fixture approves at once and redirects to the CLI's loopback listener.
    const page = await fetch(url as string);
    expect(page.status).toBe(200);
    const run = await cli.exited;
    expect(run.code).toBe(0);
    expect(run.stdout).toContain(`logged in to "secure"; the token is kept in ${authDir}`);
    expect(tokenFiles().length).toBeGreaterThan(0);

    const call = await runCli(["call", path, "mcp__secure__whoami"], { env });
    expect(call.code).toBe(0);
    expect(JSON.parse(call.stdout)).toMatchObject({ subject: "fixture-user" });

    const out = await runCli(["logout", "secure", path], { env });
    expect(out.code).toBe(0);
    expect(out.stdout).toBe('logged out of "secure"\n');
    expect(tokenFiles()).toEqual([]);
    const after = await runCli(["inspect", path], { env });
    expect(after.stdout).toMatch(/^secure\s+http\s+\S+\s+needs-auth/m);
  });

  it("login or logout for a server without auth, or not in the config, is a usage error worded as such", async () => {
    const { dir: plainDir, path: plain } = writeConfig({ open: { url: oauth.url } });
    try {
      const noAuth = await runCli(["login", "open", plain]);
      expect(noAuth.code).toBe(2);
      expect(noAuth.stderr).toBe(
        'error: server "open" has no auth configured: there is nothing to log in to\n',
      );
      const noToken = await runCli(["logout", "open", plain]);
      expect(noToken.code).toBe(2);
      expect(noToken.stderr).toBe(
        'error: server "open" has no auth configured: there is no token to remove\n',
      );
      const unknown = await runCli(["logout", "nope", plain]);
      expect(unknown.code).toBe(2);
      expect(unknown.stderr).toMatch(/no server "nope" in the config \(servers: open\)/);
    } finally {
      removeTempDir(plainDir);
    }
  });
});

describe("login / logout --tenant", () => {
  it("signs one tenant in under its own key and logs that tenant out alone", async () => {
    const env = { TOOLNEXUS_MCP_AUTH_DIR: tenantAuthDir };
    const cli = startCli(["login", "secure", tenantPath, "--tenant", "alice"], { env });
    const [, url] = await cli.waitForOutput(
      /^Open this URL to authorize "secure" for tenant "alice":\n(http\S+)$/m,
    );
    const approval = new URL(url as string);
    approval.searchParams.set("login_hint", "alice");
    expect((await fetch(approval)).status).toBe(200);
    const run = await cli.exited;
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toContain(
      `logged in to "secure" for tenant "alice"; the token is kept in ${tenantAuthDir}`,
    );
    // Alice's entry, and the server's own (its connection registered a client while it waited).
    const kept = tokenFiles(tenantAuthDir);
    expect(kept).toHaveLength(2);

    const bob = await runCli(["logout", "secure", tenantPath, "--tenant", "bob"], { env });
    expect(bob.stdout).toBe('"secure" for tenant "bob" had no stored token\n');
    expect(tokenFiles(tenantAuthDir)).toEqual(kept);

    const out = await runCli(["logout", "secure", tenantPath, "--tenant", "alice"], { env });
    expect(out.stdout).toBe('logged out of "secure" for tenant "alice"\n');
    expect(tokenFiles(tenantAuthDir)).toHaveLength(1);
    // The server's own entry is another key: logout without --tenant removes it.
    expect((await runCli(["logout", "secure", tenantPath], { env })).stdout).toBe('logged out of "secure"\n');
    expect(tokenFiles(tenantAuthDir)).toEqual([]);
  });

  it("refuses --tenant for a server that is not perTenant, and a tenant that names none", async () => {
    const { dir: plainDir, path: plain } = writeConfig({
      shared: { url: oauth.url, auth: { type: "oauth" } },
    });
    try {
      const shared = await runCli(["login", "shared", plain, "--tenant", "alice"]);
      expect(shared.code).toBe(2);
      expect(shared.stderr).toBe(
        'error: server "shared" is not perTenant: --tenant needs "perTenant" in its entry\n',
      );
      const bad = await runCli(["logout", "secure", tenantPath, "--tenant", "a\u001b[31mb"]);
      expect(bad.code).toBe(1);
      expect(bad.stderr).toMatch(/tenant must not contain control characters/);
      expect(bad.stderr).not.toContain("\u001b");
    } finally {
      removeTempDir(plainDir);
    }
  });
});

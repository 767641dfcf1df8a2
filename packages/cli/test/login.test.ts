import { readdirSync } from "node:fs";
import { type HttpFixture, makeTempDir, removeTempDir, startHttpFixture } from "@toolnexus/fixtures";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runCli, startCli, writeConfig } from "./helpers.js";

let oauth: HttpFixture;
let dir: string;
let path: string;
let authDir: string;
beforeAll(async () => {
  oauth = await startHttpFixture("oauth");
  ({ dir, path } = writeConfig({ secure: { url: oauth.url, auth: { type: "oauth" } } }));
  authDir = makeTempDir("cli-auth-");
});
afterAll(async () => {
  await oauth.stop();
  removeTempDir(dir);
  removeTempDir(authDir);
});

/** Token files in the store (lock files and begun authorization requests aside). */
const tokenFiles = () =>
  readdirSync(authDir).filter((f) => !f.endsWith(".lock") && !f.endsWith(".pending.json"));

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

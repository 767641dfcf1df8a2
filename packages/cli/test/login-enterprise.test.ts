// The CLI and the headless flows (issue 45, goal 6): `inspect` names each server's OAuth flow and
// its stored token's binding, never the token; `login` gets a headless server's token with no URL,
// and says at once when an enterprise_managed server waits for a sign-in at its identity provider.
import { type HttpFixture, makeTempDir, removeTempDir, startHttpFixture } from "@toolnexus/fixtures";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runCli, writeConfig } from "./helpers.js";

const SECRET = "canary-cli-secret-3d9e";
let oauth: HttpFixture;
let dir: string;
let path: string;
let authDir: string;
beforeAll(async () => {
  oauth = await startHttpFixture("oauth", ["--client", `svc:${SECRET}`]);
  ({ dir, path } = writeConfig({
    svc: { url: oauth.url, auth: { type: "client_credentials", clientId: "svc", clientSecret: SECRET } },
    corp: {
      url: oauth.url,
      auth: {
        type: "enterprise_managed",
        clientId: "corp-app",
        clientSecret: SECRET,
        idp: {
          issuer: "http://127.0.0.1:9/idp",
          clientId: "agent",
          idToken: { command: [process.execPath, "-e", "process.exit(4)"] },
        },
      },
    },
  }));
  authDir = makeTempDir("cli-auth-");
});
afterAll(async () => {
  await oauth.stop();
  removeTempDir(dir);
  removeTempDir(authDir);
});

describe("headless flows in the CLI", () => {
  it("inspect shows the flow and the token's binding, never the token or the secret", async () => {
    const env = { TOOLNEXUS_MCP_AUTH_DIR: authDir };
    const run = await runCli(["inspect", path, "--server", "svc"], { env });
    expect(run.code).toBe(0);
    expect(run.stdout).toContain("  auth: client_credentials, token: bearer");
    const json = await runCli(["inspect", path, "--server", "svc", "--json"], { env });
    expect(JSON.parse(json.stdout).servers[0].auth).toEqual({
      flow: "client_credentials",
      binding: "bearer",
    });
    expect(`${run.stdout}${run.stderr}${json.stdout}`).not.toContain(SECRET);
  });

  it("login says at once that an enterprise_managed server waits for a sign-in at its identity provider", async () => {
    const env = { TOOLNEXUS_MCP_AUTH_DIR: authDir };
    const started = Date.now();
    const run = await runCli(["login", "corp", path], { env });
    expect(run.code).toBe(1);
    const stderr = run.stderr.replace(/\s+/g, " ");
    expect(stderr).toMatch(/needs a sign-in at its identity provider http:\/\/127\.0\.0\.1:9\/idp/);
    expect(stderr).toMatch(/the command \S+ gave no JWT: it failed \(4\)/);
    expect(Date.now() - started).toBeLessThan(20_000); // not the 5-minute wait for a URL
    expect(run.stderr).not.toContain(SECRET);
  });
});

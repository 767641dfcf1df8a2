// `logout` deletes exactly what `login` wrote, computing the key with the core's own function: a
// `${VAR}` in the auth fields expands as the connection expands it, and a key that cannot be
// determined (an unset variable) is said, with a non-zero exit, while the token stays on disk.
import { readdirSync } from "node:fs";
import { type HttpFixture, makeTempDir, removeTempDir, startHttpFixture } from "@toolnexus/fixtures";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runCli, startCli, writeConfig } from "./helpers.js";

let oauth: HttpFixture;
let dir: string;
let path: string;
let authDir: string;
beforeAll(async () => {
  // A pre-registered public client: its id comes from the environment in the config.
  oauth = await startHttpFixture("oauth", ["--client", "cli-app"]);
  ({ dir, path } = writeConfig({
    secure: { url: oauth.url, auth: { type: "oauth", clientId: "${CLI_APP_ID}" } },
  }));
  authDir = makeTempDir("cli-logout-");
});
afterAll(async () => {
  await oauth.stop();
  removeTempDir(dir);
  removeTempDir(authDir);
});

/** Token files in the store (lock files aside). */
const tokenFiles = () => readdirSync(authDir).filter((f) => !f.endsWith(".lock"));

describe("logout", () => {
  it("should remove the token login stored for a config with ${VAR} in its auth, and say when the key cannot be determined", async () => {
    const env = { TOOLNEXUS_MCP_AUTH_DIR: authDir, CLI_APP_ID: "cli-app" };
    const cli = startCli(["login", "secure", path], { env });
    const [, url] = await cli.waitForOutput(/^Open this URL to authorize "secure":\n(http\S+)$/m);
    expect(new URL(url as string).searchParams.get("client_id")).toBe("cli-app");
    expect((await fetch(url as string)).status).toBe(200);
    expect((await cli.exited).code).toBe(0);
    expect(tokenFiles()).toHaveLength(1);

    // The variable unset: the key cannot be determined; nothing is removed, and it says so.
    const unset = await runCli(["logout", "secure", path], { env: { ...env, CLI_APP_ID: undefined } });
    expect(unset.code).toBe(1);
    expect(unset.stdout).toBe("");
    expect(unset.stderr).toContain('"secure"');
    expect(unset.stderr).toContain("auth.clientId");
    expect(unset.stderr).toContain("CLI_APP_ID");
    expect(unset.stderr).not.toContain("no stored token");
    expect(tokenFiles()).toHaveLength(1);

    const out = await runCli(["logout", "secure", path], { env });
    expect(out.code).toBe(0);
    expect(out.stdout).toBe('logged out of "secure"\n');
    expect(tokenFiles()).toEqual([]);
  });
});

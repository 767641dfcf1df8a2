// A server that waits for a person's authorization, as the CLI says it: the login command (with
// the config named on the command line), never `source.authorize`, the core's advice to a program;
// and no authorization URL from a command that closes its source (inspect, tools, call): the
// loopback listener that URL redirects to is gone when the command ends.
import { type HttpFixture, makeTempDir, removeTempDir, startHttpFixture } from "@toolnexus/fixtures";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type CliRun, runCli, unwrapped, writeConfig } from "./helpers.js";

let oauth: HttpFixture;
let dir: string;
let path: string;
let authDir: string;
let runs: { inspect: CliRun; json: CliRun; tools: CliRun; call: CliRun };
beforeAll(async () => {
  oauth = await startHttpFixture("oauth");
  ({ dir, path } = writeConfig({ secure: { url: oauth.url, auth: { type: "oauth" } } }));
  authDir = makeTempDir("cli-auth-");
  const env = { TOOLNEXUS_MCP_AUTH_DIR: authDir };
  const [inspect, json, tools, call] = await Promise.all([
    runCli(["inspect", path, "--no-color"], { env }),
    runCli(["inspect", path, "--json"], { env }),
    runCli(["tools", path], { env }),
    runCli(["call", path, "secure/whoami"], { env }),
  ]);
  runs = { inspect, json, tools, call };
}, 60_000);
afterAll(async () => {
  await oauth.stop();
  removeTempDir(dir);
  removeTempDir(authDir);
});

describe("a server that needs authorization", () => {
  it("inspect prints the login command, not an authorization URL nobody listens for", () => {
    const { inspect } = runs;
    expect(inspect.code).toBe(1);
    const all = unwrapped(inspect.stdout + inspect.stderr);
    expect(all).toContain(`MCP server "secure" needs authorization: run toolnexus-mcp login secure ${path}`);
    expect(all).not.toContain("source.authorize");
    expect(all).not.toContain("/authorize?");
    expect(all).not.toContain("authorize at");
  });

  it("inspect --json carries the same message and no authorization URL", () => {
    const [row] = JSON.parse(runs.json.stdout).servers;
    expect(row).toMatchObject({ name: "secure", state: "needs-auth" });
    expect(row.lastError).toBe(
      `MCP server "secure" needs authorization: run toolnexus-mcp login secure ${path}`,
    );
    expect(row.authorizationUrl).toBeUndefined();
  });

  it.each(["tools", "call"] as const)("%s tells the person to log in", (command) => {
    const run = runs[command];
    expect(run.code).toBe(1);
    const all = unwrapped(run.stdout + run.stderr);
    expect(all).toContain(`needs authorization: run toolnexus-mcp login secure ${path}`);
    expect(all).not.toContain("source.authorize");
  });
});

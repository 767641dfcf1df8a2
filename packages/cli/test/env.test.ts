import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { removeTempDir } from "@toolnexus/fixtures";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fixtureEntry, runCli, writeConfig } from "./helpers.js";

let dir: string;
let path: string;
beforeAll(() => {
  ({ dir, path } = writeConfig({
    scoped: {
      ...fixtureEntry("basic"),
      inheritEnv: ["CLI_NAMED", "CLI_GLOB_*"],
      env: { EXPLICIT_ONE: "x", FROM_PARENT: "${CLI_NAMED}" },
      envFile: "./.env",
    },
    remote: { url: "http://127.0.0.1:9/mcp" },
  }));
  writeFileSync(join(dir, ".env"), "FILE_ONE=super-secret-value\nexport FILE_TWO=2\n");
});
afterAll(() => removeTempDir(dir));

const parentEnv = {
  CLI_NAMED: "named-secret-value",
  CLI_GLOB_A: "glob-secret-value",
  CLI_GLOB_TOKEN: "credential-shaped-stays-behind",
  CLI_OTHER: "not-granted",
};

describe("env", () => {
  it("lists each name the child would get and why, never a value", async () => {
    const run = await runCli(["env", path], { env: parentEnv });
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/^scoped \(stdio\)$/m);
    expect(run.stdout).toMatch(/^ {2}CLI_NAMED\s+by name$/m);
    expect(run.stdout).toMatch(/^ {2}CLI_GLOB_A\s+by glob CLI_GLOB_\*$/m);
    expect(run.stdout).toMatch(/^ {2}PATH\s+safe base$/m);
    expect(run.stdout).toMatch(/^ {2}EXPLICIT_ONE\s+explicit env$/m);
    expect(run.stdout).toMatch(/^ {2}FILE_TWO\s+envFile$/m);
    expect(run.stdout).not.toMatch(/CLI_GLOB_TOKEN|CLI_OTHER/);
    expect(run.stdout).toMatch(/^remote \(http\)\n {2}no child process/m);
    for (const value of Object.values(parentEnv)) expect(run.stdout).not.toContain(value);
    expect(run.stdout).not.toContain("super-secret-value");
  });

  it("--server --json is parsed; an unset ${VAR} is that server's error, exit 1", async () => {
    const run = await runCli(["env", path, "--server", "scoped", "--json"], {
      env: { ...parentEnv, CLI_NAMED: undefined },
    });
    expect(run.code).toBe(1);
    const [report] = JSON.parse(run.stdout) as { server: string; error?: string; names: unknown[] }[];
    expect(report?.server).toBe("scoped");
    expect(report?.error).toMatch(/CLI_NAMED/);
  });
});

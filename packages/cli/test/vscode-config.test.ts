// A VS Code workspace config (`.vscode/mcp.json`, found on its own): its variables are expanded,
// `${input:…}` (a prompt only VS Code shows) is an error naming the variable, server and field.
import { mkdirSync, writeFileSync } from "node:fs";
import { basename, dirname, join } from "node:path";
import { fixturePath, makeTempDir, removeTempDir } from "@toolnexus/fixtures";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runCli, unwrapped } from "./helpers.js";

let workspace: string;
let home: string;
const env = () => ({
  HOME: home,
  H29_NODE: process.execPath,
  H29_FIXTURES: dirname(dirname(fixturePath("basic"))),
  // A value that itself looks like a reference is passed as it is: expanded once, never twice.
  H29_GREETING: "hello ${HOME}",
  H29_UNSET: undefined,
});

beforeAll(() => {
  workspace = makeTempDir("cli-workspace-");
  home = makeTempDir("cli-home-");
  mkdirSync(join(workspace, ".vscode"));
  const config = {
    inputs: [{ type: "promptString", id: "api-key", description: "API key", password: true }],
    servers: {
      scoped: {
        type: "stdio",
        command: "${env:H29_NODE}",
        args: ["${env:H29_FIXTURES}${/}mcp-scoped-env${pathSeparator}server.mjs"],
        env: {
          WS: "${workspaceFolder}",
          WS_NAME: "${workspaceFolderBasename}",
          HOME_SEEN: "${userHome}",
          GREETING: "${env:H29_GREETING}",
        },
      },
      needs: {
        type: "stdio",
        command: "node",
        args: ["${env:H29_UNSET}"],
        env: { API_KEY: "${input:api-key}" },
      },
      broken: {
        type: "stdio",
        command: "${env:H29_NODE}",
        env: { TOKEN: "${H29_UNSET_AND_A_NAME_LONG_ENOUGH_TO_PASS_THE_EIGHTIETH_COLUMN}" },
      },
    },
  };
  writeFileSync(join(workspace, ".vscode", "mcp.json"), JSON.stringify(config, null, 2));
});
afterAll(() => {
  removeTempDir(workspace);
  removeTempDir(home);
});

describe("a .vscode/mcp.json", () => {
  it("expands ${workspaceFolder}, ${userHome}, ${env:NAME} and the others before the server starts", async () => {
    const run = await runCli(["call", "mcp__scoped__env"], { cwd: workspace, env: env() });
    expect(run.stderr).toMatch(/^config: \.\/\.vscode\/mcp\.json$/m);
    expect(run.code).toBe(0);
    const seen = JSON.parse(run.stdout) as Record<string, string>;
    expect(seen).toMatchObject({
      WS: workspace,
      WS_NAME: basename(workspace),
      HOME_SEEN: home,
      GREETING: "hello ${HOME}",
    });
  });

  it("${input:…} and an unset ${env:NAME} are config errors naming the variable, server and field", async () => {
    const run = await runCli(["call", "mcp__needs__anything"], { cwd: workspace, env: env() });
    expect(run.code).toBe(2);
    const file = JSON.stringify(join(workspace, ".vscode", "mcp.json"));
    const at = `error: Invalid MCP config in ${file}: server "needs"`;
    expect(unwrapped(run.stderr)).toContain(
      `${at}, field "args[0]": \${env:H29_UNSET} is not set in the environment`,
    );
    expect(unwrapped(run.stderr)).toContain(
      `server "needs", field "env.API_KEY": \${input:api-key} is a VS Code input, which only VS Code can prompt for`,
    );
  });

  it("a failed server's cause is shown whole without --verbose", async () => {
    const cause =
      'MCP server "broken" failed to start: env.TOKEN references ${H29_UNSET_AND_A_NAME_LONG_ENOUGH_TO_PASS_THE_EIGHTIETH_COLUMN}, which is not set in the parent environment';
    const tools = await runCli(["tools", "--server", "broken"], { cwd: workspace, env: env() });
    expect(tools.code).toBe(1);
    expect(unwrapped(tools.stderr).split("\n")).toContain(`broken: error: ${cause}`);
    const call = await runCli(["call", "mcp__broken__anything"], { cwd: workspace, env: env() });
    expect(call.code).toBe(1);
    expect(unwrapped(call.stderr).split("\n")).toContain(`error: ${cause}`);
  });
});

// Running the CLI from a clone: `npm ci && npm run build`, then `npx toolnexus-mcp` at the root. npm
// links a workspace's bin at install time only if its target exists, so the bin is a committed shim.
import { execFile } from "node:child_process";
import { copyFileSync, mkdirSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { makeTempDir, removeTempDir } from "@toolnexus/fixtures";
import { describe, expect, it } from "vitest";
import { runCli } from "./helpers.js";

const exec = promisify(execFile);
const windows = process.platform === "win32";
const packageDir = join(dirname(fileURLToPath(import.meta.url)), "..");
const root = join(packageDir, "..", "..");
const shim = join(packageDir, "bin", "toolnexus-mcp.js");

describe("the bin", () => {
  it("npx toolnexus-mcp --help works from the repository root after the build", async () => {
    // npx is a .cmd script on Windows, which Node runs only through a shell.
    const { stdout } = await exec(windows ? "npx.cmd" : "npx", ["--offline", "toolnexus-mcp", "--help"], {
      cwd: root,
      shell: windows,
    });
    expect(stdout).toMatch(/^Usage: toolnexus-mcp <command> \[args\] \[flags\]$/m);
  });

  it("without a build, the shim says how to make one (exit 1), not a module-not-found stack", async () => {
    const unbuilt = makeTempDir("cli-unbuilt-");
    try {
      mkdirSync(join(unbuilt, "bin"));
      copyFileSync(shim, join(unbuilt, "bin", "toolnexus-mcp.js"));
      const run = await runCli(["--help"], { script: join(unbuilt, "bin", "toolnexus-mcp.js") });
      expect(run.code).toBe(1);
      expect(run.stderr).toMatch(/^toolnexus-mcp is not built yet .*npm run build/m);
      expect(run.stderr).not.toMatch(/ERR_MODULE_NOT_FOUND|\n\s+at /);
    } finally {
      removeTempDir(unbuilt);
    }
  });
});

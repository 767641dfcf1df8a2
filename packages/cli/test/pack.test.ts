// `npm pack` of the CLI and the core it depends on, installed offline into an empty folder from the
// tarballs alone, then `npx toolnexus-mcp --help` there: what a user gets from the registry.
import { execFile } from "node:child_process";
import { writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { makeTempDir, removeTempDir } from "@toolnexus/fixtures";
import { afterAll, describe, expect, it } from "vitest";
import { offlineLockfile } from "./offline-lockfile.js";

const windows = process.platform === "win32";
const exec = promisify(execFile);
// npm and npx are .cmd scripts on Windows, which Node runs only through a shell.
const run = (file: string, args: string[], options: { cwd: string }) =>
  exec(file, args, { ...options, shell: windows });
const npm = windows ? "npm.cmd" : "npm";
const npx = windows ? "npx.cmd" : "npx";
const packages = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) removeTempDir(dir);
});

async function pack(packageDir: string, into: string): Promise<string> {
  const { stdout } = await run(npm, ["pack", "--json", "--ignore-scripts", "--pack-destination", into], {
    cwd: packageDir,
  });
  const [report] = JSON.parse(stdout) as { filename: string }[];
  return join(into, (report as { filename: string }).filename);
}

describe("npm pack", () => {
  it("installs into an empty folder from the tarballs, and npx toolnexus-mcp --help runs", async () => {
    const packed = makeTempDir("cli-tarballs-");
    const app = makeTempDir("cli-app-");
    dirs.push(packed, app);
    const core = await pack(join(packages, "mcp-core"), packed);
    const cli = await pack(join(packages, "cli"), packed);
    // The core's own dependencies come from the npm cache this checkout's `npm ci` filled.
    const tarballs = { "@toolnexus/mcp-core": core, "@toolnexus/cli": cli };
    const lock = offlineLockfile(join(packages, ".."), tarballs);
    const dependencies = Object.fromEntries(
      Object.entries(tarballs).map(([name, file]) => [name, `file:${file}`]),
    );
    writeFileSync(
      join(app, "package.json"),
      JSON.stringify({ name: "app", version: "1.0.0", private: true, dependencies }),
    );
    writeFileSync(join(app, "package-lock.json"), JSON.stringify(lock, null, 2));
    await run(npm, ["ci", "--offline", "--no-audit", "--no-fund", "--ignore-scripts"], { cwd: app });
    const { stdout } = await run(npx, ["--offline", "toolnexus-mcp", "--help"], { cwd: app });
    expect(stdout).toMatch(/^Usage: toolnexus-mcp <command> \[args\] \[flags\]$/m);
    expect(stdout).toMatch(/^ {2}inspect \[config\]/m);
    const help = await run(npx, ["--offline", "toolnexus-mcp", "call", "--help"], { cwd: app });
    expect(help.stdout).toMatch(/^Example: toolnexus-mcp call mcp__basic__echo/m);
  }, 90_000);
});

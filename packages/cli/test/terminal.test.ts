// On a terminal: live progress redrawn per server, colours unless NO_COLOR or --no-color. The CLI
// runs under util-linux `script`, which gives it a pseudo-terminal (stdout and stderr merged).
import { execFileSync, spawnSync } from "node:child_process";
import { removeTempDir } from "@toolnexus/fixtures";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BIN, fixtureEntry, writeConfig } from "./helpers.js";

const hasScript = (() => {
  try {
    execFileSync("script", ["--version"], { stdio: "ignore" });
    return process.platform === "linux";
  } catch {
    return false;
  }
})();

let dir: string;
let path: string;
beforeAll(() => {
  ({ dir, path } = writeConfig({ basic: fixtureEntry("basic") }));
});
afterAll(() => removeTempDir(dir));

function inTerminal(
  args: string[],
  env: Record<string, string> = {},
  columns?: number,
): { status: number | null; text: string } {
  const command = [process.execPath, BIN, ...args].map((a) => `'${a.replace(/'/g, "'\\''")}'`).join(" ");
  const quoted = columns === undefined ? command : `stty cols ${columns}; ${command}`;
  const { NO_COLOR: _unset, ...parent } = process.env;
  const run = spawnSync("script", ["-qfec", quoted, "/dev/null"], {
    env: { ...parent, ...env },
    encoding: "utf8",
    timeout: 25_000,
  });
  return { status: run.status, text: run.stdout };
}

const ESC = String.fromCharCode(27);
const GREEN = `${ESC}[32m`;
/** An SGR colour sequence such as ESC[32m (not the cursor moves of the progress). */
const COLOUR = new RegExp(`${ESC}\\[\\d+m`);

describe.skipIf(!hasScript)("on a terminal", () => {
  it("inspect redraws each server's line from starting… to its result, and colours the state", () => {
    const run = inTerminal(["inspect", path]);
    expect(run.status).toBe(0);
    expect(run.text).toMatch(/^basic: starting… \d+ms/m);
    expect(run.text).toMatch(new RegExp(`${ESC}\\[1F${ESC}\\[Jbasic: connected in \\S+ \\(8 tools\\)`));
    expect(run.text).toContain(`${GREEN}running`);
  });

  it("inspect turns a fast server's line to its result while a slow one is still starting", () => {
    const slow = writeConfig({
      fast: fixtureEntry("basic"),
      slow: fixtureEntry("basic", ["--init-delay-ms", "1500"]),
    });
    try {
      const run = inTerminal(["inspect", slow.path]);
      expect(run.status).toBe(0);
      // One redrawn frame: fast already connected, slow still starting.
      expect(run.text).toMatch(/fast: connected in \S+\r?\nslow: starting…/);
    } finally {
      removeTempDir(slow.dir);
    }
  });

  it("a cause wider than 80 columns keeps to one line on a 200-column terminal", () => {
    const binary = `definitely-not-a-real-mcp-server-${"x".repeat(40)}`;
    const wide = writeConfig({ nope: { command: binary } });
    try {
      const run = inTerminal(["inspect", wide.path, "--no-color"], {}, 200);
      expect(run.status).toBe(1);
      expect(run.text).toMatch(
        new RegExp(`^ {2}error: MCP server "nope" failed to start: spawn ${binary} ENOENT\r?$`, "m"),
      );
    } finally {
      removeTempDir(wide.dir);
    }
  });

  it("NO_COLOR and --no-color turn colours off (the progress stays)", () => {
    for (const run of [
      inTerminal(["inspect", path], { NO_COLOR: "1" }),
      inTerminal(["inspect", path, "--no-color"]),
    ]) {
      expect(run.status).toBe(0);
      expect(run.text).not.toMatch(COLOUR);
      expect(run.text).toMatch(/basic: connected in/);
    }
  });
});

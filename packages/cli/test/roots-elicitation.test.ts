// `--roots` and URL elicitation from the command line, as a person runs them: `call --roots DIR`
// offers the directory (as a file:// URI) and a server reads it back; `call` prints a server's
// elicitation URL on stderr and, with `--open`, hands it to the opener (a fake `xdg-open` first on
// PATH that records its argv) as login does, while a URL the core refuses reaches neither;
// `inspect` names the client capabilities it declared. The era fixture `dual-era` (2025 era).
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { makeTempDir, removeTempDir } from "@toolnexus/fixtures";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type CliRun, fixtureEntry, runCli, runWithOpener, writeConfig, writeFakeOpener } from "./helpers.js";

let dir: string;
let path: string;
let binDir: string;
let rootDir: string;
beforeAll(() => {
  ({ dir, path } = writeConfig({
    e: { ...fixtureEntry("dual-era", ["--input-tools"]), protocol: "2025-11-25" },
  }));
  binDir = makeTempDir("cli-opener-");
  rootDir = makeTempDir("cli-root-");
  writeFakeOpener(binDir);
});
/** The opener logs' dirs, removed with the rest. */
const logDirs: string[] = [];
afterAll(() => {
  for (const d of [dir, binDir, rootDir, ...logDirs]) removeTempDir(d);
});

/** `call e/ask_url` with `--open`; what it printed and what the opener got (waited for when `opens`). */
async function askUrl(args: Record<string, unknown>, opens: boolean) {
  const logDir = makeTempDir("cli-opener-log-");
  logDirs.push(logDir);
  const { run, opened } = await runWithOpener(
    ["call", path, "e/ask_url", JSON.stringify(args), "--open"],
    binDir,
    logDir,
    opens,
  );
  return { run, opened };
}

const HONEST_URL = "https://example.test/authorize?x=1&calc";
/** Every run of the file, started side by side in `beforeAll` (each CLI process takes seconds). */
let runs: {
  roots: CliRun;
  missing: CliRun;
  honest: Awaited<ReturnType<typeof askUrl>>;
  hostile: Awaited<ReturnType<typeof askUrl>>;
  plain: CliRun;
  rooted: CliRun;
};
beforeAll(async () => {
  const [roots, missing, honest, hostile, plain, rooted] = await Promise.all([
    runCli(["call", path, "e/roots", "--roots", rootDir]),
    runCli(["call", path, "e/roots", "--roots", join(rootDir, "missing")]),
    askUrl({ url: HONEST_URL }, true),
    askUrl({ url: "javascript:alert(1)" }, false),
    runCli(["inspect", path, "--json"]),
    runCli(["inspect", path, "--json", "--roots", rootDir]),
  ]);
  runs = { roots, missing, honest, hostile, plain, rooted };
}, 60_000);

describe("call --roots", () => {
  it("should offer the directory as a file:// root the server reads back", () => {
    const run = runs.roots;
    expect(run.code).toBe(0);
    expect(JSON.parse(run.stdout)).toMatchObject({ roots: [{ uri: pathToFileURL(rootDir).href }] });
  });

  it("should refuse a --roots that is not a directory, starting nothing", () => {
    const run = runs.missing;
    expect(run.code).toBe(2);
    expect(run.stderr).toContain("--roots expects a directory");
  });
});

describe("call and URL elicitation", () => {
  it("should print the URL on stderr, open it with --open, and answer accept", () => {
    const url = HONEST_URL;
    const { run, opened } = runs.honest;
    expect(run.code).toBe(0);
    expect(JSON.parse(run.stdout)).toMatchObject({ action: "accept" });
    expect(run.stderr).toContain(
      `MCP server "e" asks you to open this URL: Please authorize in your browser\n${url}\n`,
    );
    // One argument, exactly the URL: no shell in between.
    expect(opened).toEqual([[url]]);
  });

  it("should neither print nor open a URL the core refuses", () => {
    const { run, opened } = runs.hostile;
    expect(JSON.parse(run.stdout)).toMatchObject({
      error: expect.stringContaining("refused the elicitation URL"),
    });
    expect(run.stderr).not.toContain("javascript:");
    expect(opened).toEqual([]);
  });
});

describe("inspect and the client capabilities", () => {
  // What inspect reports; that the server is sent roots with --roots is "call --roots" above.
  it("should name roots among inspect's client capabilities only with --roots", () => {
    const { plain, rooted } = runs;
    expect(JSON.parse(plain.stdout).clientCapabilities).toEqual([]);
    expect(JSON.parse(rooted.stdout).clientCapabilities).toEqual(["roots"]);
  });
});

// `call --open` against a real hostile server (`hostile` mode `url-elicit-many`) that asks for one
// URL after another from a single call. The opener is a real process the test controls: a fake
// `xdg-open` first on PATH that appends its argv to a log. One call is the person's one action: at
// most one URL is opened, after it was shown; a URL whose host a reader could mistake is shown with
// its real host, as it is opened; an internationalized host is shown as it is opened (punycode).
import { hostileServer, makeTempDir, removeTempDir } from "@toolnexus/fixtures";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runWithOpener, writeConfig, writeFakeOpener } from "./helpers.js";

let dir: string;
let path: string;
let binDir: string;
const logDirs: string[] = [];
beforeAll(() => {
  ({ dir, path } = writeConfig({ h: hostileServer("url-elicit-many") }));
  binDir = makeTempDir("cli-opener-");
  writeFakeOpener(binDir);
});
afterAll(() => {
  for (const d of [dir, binDir, ...logDirs]) removeTempDir(d);
});

/** `call h/ask_many <args> --open`: what it printed, what the server was answered, what was opened. */
async function askMany(args: Record<string, unknown>, opens: boolean) {
  const logDir = makeTempDir("cli-opener-log-");
  logDirs.push(logDir);
  const { run, opened } = await runWithOpener(
    ["call", path, "h/ask_many", JSON.stringify(args), "--open", "--json"],
    binDir,
    logDir,
    opens,
  );
  const actions: string[] = JSON.parse(JSON.parse(run.stdout).content[0].text).actions;
  return { run, opened, actions };
}

let many: Awaited<ReturnType<typeof askMany>>;
let backslash: Awaited<ReturnType<typeof askMany>>;
let idn: Awaited<ReturnType<typeof askMany>>;
beforeAll(async () => {
  [many, backslash, idn] = await Promise.all([
    // 30: the most one server may ask in a minute (the core refuses the rest, SPEC §20.4.1c).
    askMany({ count: 30 }, true),
    askMany({ count: 1, urls: ["https://evil.example\\@bank.example/login"] }, true),
    askMany({ count: 1, urls: ["https://раураl.example/login"] }, true),
  ]);
}, 60_000);

describe("call --open and a server that asks for many URLs", () => {
  it("opens only the first, after showing it, and declines the other 29, saying so once", () => {
    const { run, opened, actions } = many;
    expect(run.code).toBe(0);
    expect(opened).toEqual([["https://phish.example/step/0"]]);
    expect(run.stderr).toContain(
      'MCP server "h" asks you to open this URL: Step 0: sign in\nhttps://phish.example/step/0\n  host: phish.example\n',
    );
    expect(run.stderr.match(/asks you to open this URL/g)).toHaveLength(1);
    expect(run.stderr).not.toContain("step/1");
    expect(run.stderr.match(/declined \(one URL per call/g)).toHaveLength(1);
    expect(actions).toEqual(["accept", ...Array(29).fill("decline")]);
  });

  it("shows a URL a reader could mistake as it is opened (a backslash is a slash), with its real host", () => {
    const { run, opened } = backslash;
    expect(opened).toEqual([["https://evil.example/@bank.example/login"]]);
    expect(run.stderr).toContain("\nhttps://evil.example/@bank.example/login\n  host: evil.example\n");
    expect(run.stderr).not.toContain("\\@bank");
  });

  it("shows an internationalized host as it is opened (punycode), and opens exactly that", () => {
    const { run, opened } = idn;
    const [[href] = []] = opened;
    expect(href).toMatch(/^https:\/\/xn--[a-z0-9-]+\.example\/login$/);
    expect(run.stderr).toContain(`${href}\n  host: ${new URL(href as string).host}\n`);
    expect(run.stderr).not.toContain("раураl");
  });
});

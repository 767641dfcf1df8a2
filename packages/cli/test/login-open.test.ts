/**
 * `login --open` against authorization servers that choose where the person's browser goes. The
 * opener is a fake `xdg-open` first on PATH that records its argv (and, for a loopback URL, visits
 * it as a browser would). A `file:`, `smb:`, `javascript:` or off-loopback `http:` endpoint never
 * reaches the opener; an https one built for cmd.exe (`&calc`) reaches it as one argument only;
 * the honest one is opened exactly once and the login completes.
 */
import { chmodSync, existsSync, readFileSync, writeFileSync } from "node:fs";
import { delimiter, join } from "node:path";
import { type HttpFixture, makeTempDir, removeTempDir, startHttpFixture } from "@toolnexus/fixtures";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openableUrl, openerCommand } from "../src/browser-opener.js";
import { runCli, writeConfig } from "./helpers.js";

const ENDPOINTS = {
  honest: undefined,
  file: "file:///etc/passwd",
  smb: "smb://attacker.example/share",
  javascript: "javascript:alert(1)",
  plainHttp: "http://attacker.example/authorize",
  ampersand: "https://x/&calc",
} as const;
type Case = keyof typeof ENDPOINTS;

const fixtures = new Map<Case, HttpFixture>();
/** Every case's login, run side by side (the refused ones wait out their --timeout). */
const logins = new Map<Case, ReturnType<typeof loginWithOpen>>();
let binDir: string;
let authDir: string;

/** The fake opener: appends its argv as one JSON line to $OPENER_LOG; follows a loopback URL. */
const FAKE_OPENER = `#!${process.execPath}
const { appendFileSync } = require("node:fs");
const args = process.argv.slice(2);
appendFileSync(process.env.OPENER_LOG, JSON.stringify(args) + "\\n");
const url = new URL(args[0]);
if (url.hostname === "127.0.0.1") fetch(url).catch(() => {});
`;

beforeAll(async () => {
  binDir = makeTempDir("cli-opener-");
  authDir = makeTempDir("cli-auth-");
  writeFileSync(join(binDir, "xdg-open"), FAKE_OPENER);
  chmodSync(join(binDir, "xdg-open"), 0o755);
  await Promise.all(
    (Object.entries(ENDPOINTS) as [Case, string | undefined][]).map(async ([name, endpoint]) => {
      fixtures.set(
        name,
        await startHttpFixture("oauth", endpoint ? ["--authorization-endpoint", endpoint] : []),
      );
    }),
  );
  for (const name of Object.keys(ENDPOINTS) as Case[]) logins.set(name, loginWithOpen(name));
});
afterAll(async () => {
  await Promise.allSettled(logins.values());
  await Promise.all([...fixtures.values()].map((f) => f.stop()));
  removeTempDir(binDir);
  removeTempDir(authDir);
});

/** `login secure --open` against one fixture; what the opener was given, one argv per call. */
async function loginWithOpen(name: Case) {
  const { dir, path } = writeConfig({ secure: { url: fixtures.get(name)?.url, auth: { type: "oauth" } } });
  const log = join(dir, "opener.log");
  try {
    // The honest login ends when the fake browser is through; the others wait for nobody.
    const timeoutMs = name === "honest" ? "20000" : "1000";
    const run = await runCli(["login", "secure", path, "--open", "--timeout", timeoutMs], {
      env: {
        PATH: `${binDir}${delimiter}${process.env.PATH}`,
        OPENER_LOG: log,
        TOOLNEXUS_MCP_AUTH_DIR: authDir,
      },
    });
    const calls = existsSync(log)
      ? readFileSync(log, "utf8")
          .trim()
          .split("\n")
          .map((line) => JSON.parse(line) as string[])
      : [];
    return { run, calls };
  } finally {
    removeTempDir(dir);
  }
}

describe("login --open", () => {
  it("opens the honest authorization endpoint exactly once, as one argument, and the login completes", async () => {
    const { run, calls } = await (logins.get("honest") as ReturnType<typeof loginWithOpen>);
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/^logged in to "secure"/m);
    const [, printed] = /^Open this URL to authorize "secure":\n(\S+)$/m.exec(run.stdout) ?? [];
    expect(calls).toEqual([[printed]]);
  });

  it.each(["file", "smb", "plainHttp"] as const)(
    "never hands a %s: endpoint to the opener: the core refuses it before anyone sees it, naming it",
    async (name) => {
      const { run, calls } = await (logins.get(name) as ReturnType<typeof loginWithOpen>);
      expect(calls).toEqual([]);
      expect(run.code).toBe(1);
      expect(run.stdout).not.toContain("Open this URL");
      expect(run.stderr.replace(/\n\s+/g, " ")).toContain("refused the authorization endpoint");
    },
  );

  it.each([
    ["file:///etc/passwd", "file:"],
    ["smb://attacker.example/share", "smb:"],
    ["search-ms:query=x", "search-ms:"],
    ["http://attacker.example/authorize", "http: on attacker.example"],
  ])("refuses %s itself too, naming its scheme (whatever reaches it)", (url, scheme) => {
    expect(() => openableUrl(url)).toThrow(`its scheme is "${scheme}"`);
    expect(openableUrl("http://127.0.0.1:8080/authorize").href).toBe("http://127.0.0.1:8080/authorize");
  });

  it("never hands a javascript: endpoint to the opener (the metadata is refused)", async () => {
    const { run, calls } = await (logins.get("javascript") as ReturnType<typeof loginWithOpen>);
    expect(calls).toEqual([]);
    expect(run.code).toBe(1);
    expect(run.stdout).not.toMatch(/javascript:/);
  });

  it("hands an https URL built for cmd.exe (`&calc`) to the opener as one argument, once", async () => {
    const { calls } = await (logins.get("ampersand") as ReturnType<typeof loginWithOpen>);
    expect(calls).toHaveLength(1);
    expect(calls[0]).toHaveLength(1);
    expect(calls[0]?.[0]).toMatch(/^https:\/\/x\/&calc\?response_type=code&/);
  });
});

describe("the opener command", () => {
  it("on Windows is rundll32 with the URL as one argument, never cmd", () => {
    const url = new URL("https://x/&calc?a=1&b=^2|3");
    expect(openerCommand(url, "win32")).toEqual(["rundll32", ["url.dll,FileProtocolHandler", url.href]]);
    expect(openerCommand(url, "darwin")).toEqual(["open", [url.href]]);
    expect(openerCommand(url, "linux")).toEqual(["xdg-open", [url.href]]);
  });
});

/**
 * Secret canaries through the CLI: values planted in the parent env (one referenced by a header, one
 * never referenced), in a literal header and in a child's explicit env, against servers that echo
 * headers and env back. What every command prints (stdout and stderr, plain and --json) holds none
 * of them in any spelling.
 */
import { type HttpFixture, hostileServer, removeTempDir, startHttpFixture } from "@toolnexus/fixtures";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runCli, writeConfig } from "./helpers.js";

const canary = (label: string) => `${label}-${Math.random().toString(36).slice(2, 10)}/=@tnx`;

const CANARIES = {
  parentUnreferenced: canary("parent-unref"),
  parentReferenced: canary("parent-ref"),
  literalHeader: canary("literal-header"),
  childEnv: canary("child-env"),
};

/** The canaries (by name) found in `text` raw, base64, base64url, URL- or JSON-encoded. */
function leaked(text: string): string[] {
  return Object.entries(CANARIES)
    .filter(([, value]) => {
      const bytes = Buffer.from(value, "utf8");
      const spellings = [
        value,
        bytes.toString("base64"),
        bytes.toString("base64url"),
        encodeURIComponent(value),
        JSON.stringify(value).slice(1, -1),
      ];
      return spellings.some((spelling) => text.includes(spelling));
    })
    .map(([name]) => name);
}

let echoCall: HttpFixture;
let echoInit: HttpFixture;
let dir: string;
let path: string;

beforeAll(async () => {
  echoCall = await startHttpFixture("hostile", ["--mode", "echo-headers", "--arg", "call"]);
  echoInit = await startHttpFixture("hostile", ["--mode", "echo-headers", "--arg", "init"]);
  const headers = { Authorization: "Bearer ${TNX_CANARY_API_TOKEN}", "X-Api-Key": CANARIES.literalHeader };
  ({ dir, path } = writeConfig({
    echoCall: { url: echoCall.url, headers },
    echoInit: { url: echoInit.url, headers },
    envRuns: { ...hostileServer("env-to-stderr", { arg: "serve" }), env: { LEAK_TOKEN: CANARIES.childEnv } },
    envDies: { ...hostileServer("env-to-stderr", { arg: "exit" }), env: { LEAK_TOKEN: CANARIES.childEnv } },
  }));
});

afterAll(async () => {
  await Promise.all([echoCall?.stop(), echoInit?.stop()]);
  if (dir) removeTempDir(dir);
});

const parentEnv = () => ({
  TNX_CANARY_API_TOKEN: CANARIES.parentReferenced,
  TNX_CANARY_UNREFERENCED_TOKEN: CANARIES.parentUnreferenced,
});

describe("secret canaries in CLI output", () => {
  it.each([
    ["inspect"],
    ["inspect", "--json"],
    ["tools", "--json"],
    ["env"],
    ["call", "mcp__echoCall__leak", "{}"],
    ["call", "mcp__echoCall__leak", "{}", "--json"],
    ["call", "mcp__envRuns__echo", '{"text":"hi"}', "--json"],
  ])("should print none of them: toolnexus-mcp %s", async (command, ...rest) => {
    const [first, ...args] = [command, ...rest];
    const run = await runCli([first as string, path, ...args], { env: parentEnv() });
    const output = `${run.stdout}\n${run.stderr}`;
    expect(run.signal).toBeNull();
    expect(output.length).toBeGreaterThan(0);
    // Not vacuous: the hostile server did echo the headers, redacted.
    if (args.includes("mcp__echoCall__leak")) expect(output).toContain("[REDACTED]");
    expect(leaked(output)).toStrictEqual([]);
    expect(output).not.toContain("TNX_CANARY_UNREFERENCED_TOKEN");
  });
});

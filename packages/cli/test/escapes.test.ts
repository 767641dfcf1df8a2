/**
 * A server writes terminal escape sequences (clear screen, window title, hyperlinks, bell, CR, the
 * 8-bit C1 CSI) into its tool names, descriptions, results, progress, errors and stderr. Whatever
 * a command prints of it — tables, causes, warnings, stderr tails, tool text, JSON — reaches the
 * terminal with no raw control character but newline and tab, and is still shown, escaped.
 */
import { hostileServer, removeTempDir, waitFor } from "@toolnexus/fixtures";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runCli, startCli, writeConfig } from "./helpers.js";

/** Any C0 control but \n and \t, DEL, or a C1 control. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding them is the point
const RAW_CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/u;

let all: { dir: string; path: string };
let one: { dir: string; path: string };
beforeAll(() => {
  all = writeConfig({
    esc: hostileServer("escapes"),
    dead: hostileServer("escapes", { arg: "exit" }),
    list: hostileServer("escapes", { arg: "list-error" }),
  });
  one = writeConfig({ esc: hostileServer("escapes") });
});
afterAll(() => {
  removeTempDir(all.dir);
  removeTempDir(one.dir);
});

function expectEscaped(output: string): void {
  const raw = RAW_CONTROL.exec(output);
  expect(raw, `raw U+${raw?.[0].charCodeAt(0).toString(16).padStart(4, "0")} in:\n${output}`).toBeNull();
  // Not vacuous: the server's text is there, its ESC shown as \u001b.
  expect(output).toContain("\\u001b");
}

describe("escape sequences a server sends", () => {
  it.each([
    ["inspect --verbose (table, causes, warnings, stderr tails)", ["inspect", "ALL", "--verbose"]],
    ["tools (raw names, descriptions, failed servers)", ["tools", "ALL"]],
    ["call (text and progress)", ["call", "ONE", "mcp__esc__echo", "{}"]],
    [
      "call --json (JSON keeps no raw C1 or DEL; the error result's text)",
      ["call", "ONE", "mcp__esc__fail", "{}", "--json"],
    ],
  ])("never reach the terminal raw: %s", async (_name, args) => {
    const resolved = args.map((a) => (a === "ALL" ? all.path : a === "ONE" ? one.path : a));
    const run = await runCli(resolved);
    expect(run.signal).toBeNull();
    expectEscaped(`${run.stdout}\n${run.stderr}`);
  });

  it("never reach the terminal raw: watch (starts, failures and their causes)", async () => {
    const cli = startCli(["watch", all.path, "--verbose"]);
    try {
      await cli.waitForOutput(/esc: .*running/);
      await waitFor(() => /list: .*error/.test(cli.stdout()) && /dead: .*error/.test(cli.stdout()));
      cli.child.kill("SIGTERM");
      const run = await cli.exited;
      expect(run.code).toBe(0);
      expectEscaped(`${run.stdout}\n${run.stderr}`);
    } finally {
      cli.child.kill("SIGKILL");
    }
  });
});

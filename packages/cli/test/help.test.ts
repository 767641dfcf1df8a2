import { describe, expect, it } from "vitest";
import { runCli, startCli } from "./helpers.js";

describe("help", () => {
  it("--help lists every command; no command at all is a usage error", async () => {
    const help = await runCli(["--help"]);
    expect(help.code).toBe(0);
    for (const command of ["inspect", "tools", "call", "watch", "env", "login", "logout"]) {
      expect(help.stdout).toMatch(new RegExp(`^ {2}${command} `, "m"));
    }
    for (const line of help.stdout.split("\n")) expect([...line].length).toBeLessThanOrEqual(80);
    const none = await runCli([]);
    expect(none.code).toBe(2);
  });

  it("every command's --help has its flags and an example, within 80 columns", async () => {
    for (const command of ["inspect", "tools", "call", "watch", "env", "login", "logout"]) {
      const run = await runCli([command, "--help"]);
      expect(run.code).toBe(0);
      expect(run.stdout).toMatch(new RegExp(`^Usage: toolnexus-mcp ${command} `, "m"));
      expect(run.stdout).toMatch(new RegExp(`^Example: toolnexus-mcp ${command} `, "m"));
      for (const line of run.stdout.split("\n")) expect([...line].length).toBeLessThanOrEqual(80);
    }
  });

  it("a flag the command does not take, an unknown command and a bad --timeout are usage errors", async () => {
    const flag = await runCli(["env", "--open"]);
    expect(flag.code).toBe(2);
    expect(flag.stderr).toMatch(/^error: env does not take --open/m);
    const unknown = await runCli(["inspekt"]);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toMatch(/^error: unknown command "inspekt"/m);
    const timeout = await runCli(["inspect", "--timeout", "soon"]);
    expect(timeout.code).toBe(2);
    expect(timeout.stderr).toMatch(/--timeout expects a positive whole number of milliseconds, got "soon"/);
  });
});

describe("a closed stdout", () => {
  it("(`| head -1`) ends the CLI quietly, not with an EPIPE stack", async () => {
    const cli = startCli(["--help"]);
    cli.child.stdout?.destroy(); // the reader is gone before the CLI writes anything
    const run = await cli.exited;
    expect(run.stderr).toBe("");
    expect(run.code).toBe(0);
  });
});

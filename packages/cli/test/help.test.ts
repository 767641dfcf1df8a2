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

describe("usage errors", () => {
  /** Every line of a run's output fits 80 columns. */
  const fits = (run: { stdout: string; stderr: string }) => {
    for (const line of `${run.stdout}\n${run.stderr}`.split("\n"))
      expect([...line].length).toBeLessThanOrEqual(80);
  };

  it("a mistyped command or flag gets the closest one; an unknown flag is said in our words; all within 80 columns", async () => {
    const [command, flag, far, nothing, value] = await Promise.all([
      runCli(["inspekt"]),
      runCli(["inspect", "--verbos"]),
      runCli(["tools", "--frobnicate"]),
      runCli(["zzzzzz"]),
      runCli(["inspect", "--timeout"]),
    ]);
    expect(command.code).toBe(2);
    expect(command.stderr).toBe('error: unknown command "inspekt"; did you mean "inspect"?\n');
    expect(flag.code).toBe(2);
    expect(flag.stderr).toBe("error: unknown flag --verbos; did you mean --verbose?\n");
    expect(far.code).toBe(2);
    expect(far.stderr).toBe("error: unknown flag --frobnicate; (see toolnexus-mcp --help)\n");
    expect(nothing.stderr).toMatch(
      /^error: unknown command "zzzzzz"; commands: inspect, tools, call, watch/m,
    );
    expect(value.code).toBe(2);
    expect(value.stderr).toBe("error: --timeout needs a value, as in --timeout <value>\n");
    for (const run of [command, flag, far, nothing, value]) fits(run);
  });

  it("the usage printed without a command, and `help`, fit 80 columns too (each --help is checked above)", async () => {
    const runs = await Promise.all([runCli([]), runCli(["help"])]);
    for (const run of runs) {
      expect(run.stdout).toMatch(/^Usage: toolnexus-mcp <command>/m);
      fits(run);
    }
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

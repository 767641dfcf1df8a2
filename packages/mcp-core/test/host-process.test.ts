/**
 * What a real host process sees: each test runs a small host script as its own `node` process,
 * with no handlers of its own unless the test says so, and checks how that process ends.
 */
import { chmodSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { hostileServer, isAlive, stdioServer, waitFor } from "@toolnexus/fixtures";
import { describe, expect, it } from "vitest";
import { tempDir } from "./support/harness.js";
import { type HostRun, runHost } from "./support/host-process.js";

/** A host that loads `config` and prints the status (or the rejection's code), then closes. */
function loadAndReport(config: object, options: object = {}): Promise<HostRun> {
  return runHost(`
    const outcome = await loadMcp(${JSON.stringify(config)}, { toolCache: null, ...${JSON.stringify(options)} })
      .catch((error) => ({ rejected: error.code }));
    if (outcome.rejected) console.log(JSON.stringify(outcome));
    else { console.log(JSON.stringify(outcome.status)); await outcome.close(); }
  `);
}

describe("a load whose only stdio servers cannot be spawned", () => {
  it.each([
    ["a command that does not exist", () => ({ command: "nonexistent-binary-toolnexus" })],
    [
      "a command that is not executable",
      () => {
        const file = join(tempDir(), "not-executable");
        writeFileSync(file, "#!/bin/sh\n");
        chmodSync(file, 0o644);
        return { command: file };
      },
    ],
    [
      "a cwd that does not exist",
      () => ({ command: process.execPath, cwd: join(tempDir(), "missing", "dir") }),
    ],
  ])("should settle and let the host exit 0 for %s", async (_what, entry) => {
    const run = await loadAndReport({ mcpServers: { x: entry() } });

    expect(run, run.stderr).toMatchObject({ code: 0, stdout: '{"x":"failed"}' });
  });

  it("should reject with STARTUP_FAILED under failOnStartupError and let the host exit 0", async () => {
    const run = await loadAndReport(
      { mcpServers: { x: { command: "nonexistent-binary-toolnexus" } } },
      { failOnStartupError: true },
    );

    expect(run, run.stderr).toMatchObject({ code: 0, stdout: '{"rejected":"STARTUP_FAILED"}' });
  });
});

describe("a restart after a crash, with stdio children the only activity", () => {
  it("should keep the host alive until the awaited restart reaches running", async () => {
    const server = stdioServer("mcp-restart", ["--state-file", join(tempDir(), "state.json")]);
    const run = await runHost(`
      const source = await loadMcp({ mcpServers: { r: ${JSON.stringify(server)} } },
        { toolCache: null, autoRestart: { initialDelayMs: 300 } });
      const firstPid = source.servers()[0].pid;
      const running = new Promise((resolve) =>
        source.onStateChange((_server, state) => { if (state === "running") resolve(); }));
      const crash = await source.tools.find((t) => t.rawName === "crash").execute({});
      await running;
      console.log(JSON.stringify({ crash: crash.error.kind, state: source.state("r"), newPid: source.servers()[0].pid !== firstPid }));
      await source.close();
    `);

    expect(run, run.stderr).toMatchObject({ code: 0 });
    expect(JSON.parse(run.stdout)).toStrictEqual({ crash: "unavailable", state: "running", newPid: true });
  });

  it("should still let a host exit while its servers merely run", async () => {
    const run = await runHost(`
      const source = await loadMcp({ mcpServers: { e: ${JSON.stringify(hostileServer("echo"))} } }, { toolCache: null });
      console.log(source.state("e"));
    `);

    expect(run, run.stderr).toMatchObject({ code: 0, stdout: "running" });
  });
});

describe("a host stopped by a signal", () => {
  const server = JSON.stringify(hostileServer("ignore-stdin-eof"));
  const hostBody = (handler: string) => `
    ${handler}
    const source = await loadMcp({ mcpServers: { s: ${server} } }, { toolCache: null });
    console.log("pid " + source.servers()[0].pid);
    setInterval(() => {}, 1000);
  `;

  /** Runs the host, sends `signal` once it printed its server's pid, and returns both. */
  async function signalHost(signal: NodeJS.Signals, handler = "") {
    let serverPid: number | undefined;
    const run = await runHost(hostBody(handler), (line, hostPid) => {
      if (!line.startsWith("pid ")) return;
      serverPid = Number(line.slice(4));
      process.kill(hostPid, signal);
    });
    if (serverPid === undefined) throw new Error(`the host printed no server pid: ${run.stderr}`);
    return { run, serverPid };
  }

  it.each(["SIGTERM", "SIGINT"] as const)(
    "should kill a server that ignores stdin EOF and still die by %s when the host has no handler",
    async (signal) => {
      const { run, serverPid } = await signalHost(signal);
      try {
        expect(run, run.stderr).toMatchObject({ code: null, signal });
        await waitFor(() => !isAlive(serverPid), {
          timeoutMs: 5_000,
          message: "server killed with its host",
        });
      } finally {
        if (isAlive(serverPid)) process.kill(serverPid, "SIGKILL");
      }
    },
  );

  it("should kill the server and leave the host's own SIGTERM handler in charge", async () => {
    // The host's handler keeps it running until the server is gone, then exits its own way.
    const handler = `process.on("SIGTERM", () => {
      console.log("host handler");
      const pid = source.servers()[0].pid;
      setInterval(() => { try { process.kill(pid, 0); } catch { process.exit(7); } }, 20);
    });`;
    const { run, serverPid } = await signalHost("SIGTERM", handler);
    try {
      expect(run, run.stderr).toMatchObject({ code: 7, signal: null });
      expect(run.stdout.split("\n")).toContain("host handler");
      await waitFor(() => !isAlive(serverPid), { timeoutMs: 5_000, message: "server killed with its host" });
    } finally {
      if (isAlive(serverPid)) process.kill(serverPid, "SIGKILL");
    }
  });
});

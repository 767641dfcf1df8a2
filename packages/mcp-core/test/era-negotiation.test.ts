// How the core settles a server's protocol era: a clear error when the eras cannot meet (never an
// SSE 404), a respawn for a 2025-era server that exits on the probe, the `protocol` field's
// validation, and the health check of a modern server (which has no `ping`). Real processes.
import {
  collectStates,
  countEvents,
  fixturePath,
  hostileServer,
  isAlive,
  pidOf,
  stdioServer,
  waitFor,
} from "@toolnexus/fixtures";
import { describe, expect, it } from "vitest";
import {
  failOnUnhandledRejections,
  httpFixture,
  tempLogFile,
  toolByRawName,
  useSources,
} from "./support/harness.js";

failOnUnhandledRejections();

const sources = useSources({ toolCache: null, autoRestart: { enabled: false } });

describe("when the eras cannot meet", () => {
  for (const wire of ["stdio", "http"] as const) {
    it(`should say the server speaks only 2026-07-28 when pinned to 2025-11-25 (${wire})`, async () => {
      const log = tempLogFile(`modern-${wire}.log`);
      const entry =
        wire === "stdio"
          ? { command: process.execPath, args: [fixturePath("modern"), "--log", log] }
          : { url: (await httpFixture("modern", ["--log", log])).url };
      const source = await sources.load({ mcpServers: { m: { ...entry, protocol: "2025-11-25" } } });
      expect(source.state("m")).toBe("error");
      const lastError = source.servers()[0]?.lastError ?? "";
      expect(lastError).toBe(
        'MCP server "m" failed to start: it speaks only protocol 2026-07-28, not 2025-11-25 (set "protocol" to "auto" or "2026-07-28")',
      );
      expect(lastError).not.toMatch(/SSE|404/);
    });
  }

  it("should connect to the same modern-only server in auto mode, in the modern era", async () => {
    const source = await sources.load({ mcpServers: { m: stdioServer("modern") } });
    expect(source.servers()[0]).toMatchObject({ state: "running", protocolVersion: "2026-07-28" });
  });
});

describe("a 2025-era stdio server silent longer than the probe waits", () => {
  // The probe waits min(timeout, 10 s) = 3 s; the legacy fixture answers nothing until 3.1 s after
  // its own boot, so the probe always times out, and the initialize that follows is answered within
  // its own 3 s unless the boot itself takes 2.9 s. Silence on a process transport means "2025 era",
  // never a failed start.
  it("should start in the 2025 era after the probe times out", async () => {
    const log = tempLogFile("basic-slow.log");
    const source = await sources.load({
      mcpServers: {
        b: { ...stdioServer("basic", ["--log", log, "--init-delay-ms", "3100"]), timeout: 3000 },
      },
    });
    expect(source.servers()[0], source.servers()[0]?.lastError).toMatchObject({
      state: "running",
      protocolVersion: "2025-11-25",
    });
  });
});

describe("a 2025-era server that exits on the probe", () => {
  it("should be respawned and spoken to with initialize", async () => {
    const source = await sources.load({ mcpServers: { x: hostileServer("exit-on-probe") } });
    expect(source.servers()[0]).toMatchObject({ state: "running", protocolVersion: "2025-11-25" });
    await expect(toolByRawName(source, "echo", "x").execute({ text: "hi" })).resolves.toMatchObject({
      text: "hi",
      isError: false,
    });
  });

  it("should remember the verdict: a restart spawns once and sends no probe", async () => {
    const log = tempLogFile("restart.log");
    const source = await sources.load({ mcpServers: { b: stdioServer("basic", ["--log", log]) } });
    expect(countEvents(log, "discover")).toBe(1);
    await source.restart("b");
    expect(source.state("b")).toBe("running");
    expect(countEvents(log, "discover")).toBe(1);
    expect(countEvents(log, "initialize")).toBe(2);
  });
});

describe("the protocol field", () => {
  it("should reject an unknown version naming the server, the field and what is expected", async () => {
    await expect(
      sources.load({ mcpServers: { p: { ...stdioServer("basic"), protocol: "2099-01-01" } } }),
    ).rejects.toMatchObject({
      code: "CONFIG_INVALID",
      message: expect.stringMatching(/server "p", field "protocol": expected "auto" or one of "2026-07-28"/),
    });
  });
});

describe("health check of a modern server", () => {
  it("should keep a healthy modern server running: it checks with server/discover (no ping on that era)", async () => {
    const log = tempLogFile("health.log");
    const source = await sources.load(
      { mcpServers: { m: stdioServer("modern", ["--log", log]) } },
      { healthCheck: { intervalMs: 50, timeoutMs: 1000, failures: 1 } },
    );
    const pid = pidOf(source, "m");
    const states = collectStates(source);
    // The connect's probe is one discover; three more are health checks that passed.
    await waitFor(() => countEvents(log, "discover") >= 4, { timeoutMs: 10_000 });
    expect(states.events).toEqual([]);
    expect(source.servers()[0]).toMatchObject({ state: "running", pid });
  });

  it("should detect a SIGSTOPped modern server (no ping on that era), kill it and restart", async () => {
    const source = await sources.load(
      { mcpServers: { m: stdioServer("modern") } },
      { healthCheck: { intervalMs: 100, timeoutMs: 100, failures: 2 }, autoRestart: { initialDelayMs: 20 } },
    );
    expect(source.servers()[0]?.protocolVersion).toBe("2026-07-28");
    const pid = pidOf(source, "m") as number;
    const states = collectStates(source);
    process.kill(pid, "SIGSTOP");
    try {
      await waitFor(() => source.state("m") === "running" && pidOf(source, "m") !== pid, {
        timeoutMs: 10_000,
      });
    } finally {
      if (isAlive(pid)) process.kill(pid, "SIGCONT");
    }
    expect(states.states("m")).toEqual(["error", "starting", "running"]);
    await waitFor(() => !isAlive(pid), { timeoutMs: 5_000 });
  });
});

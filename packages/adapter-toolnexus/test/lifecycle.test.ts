import { join } from "node:path";
import {
  collectStates,
  countEvents,
  isAlive,
  makeTempDir,
  removeTempDir,
  sourceLoader,
  waitFor,
} from "@toolnexus/fixtures";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { loadMcp } from "../src/index.js";
import { local, tool } from "./helpers.js";

describe("M1: connection lifecycle", () => {
  const sources = sourceLoader(loadMcp);
  let dir: string;

  beforeEach(() => {
    dir = makeTempDir("toolnexus-lifecycle-");
  });

  afterEach(async () => {
    await sources.closeAll();
    removeTempDir(dir);
  });

  it("should restart a crashed server with autoRestart: true, walking running → error → starting → running", async () => {
    const log = join(dir, "restart.log");
    const entry = local("mcp-restart", ["--state-file", join(dir, "state.json"), "--log", log]);
    const source = await sources.load(
      { mcp: { restart: entry } },
      { autoRestart: { maxRetries: 3, backoffMs: 20 }, toolCache: false },
    );
    const states = collectStates(source);
    const echo = tool(source, "restart_echo");
    const first = states.states("restart");
    expect(source.state("restart")).toBe("running");

    const crash = await tool(source, "restart_crash").execute({});
    expect(crash.isError).toBe(true);
    expect(crash.metadata).toEqual({ server: "restart" });
    await waitFor(() => states.states("restart").length >= 3 && source.state("restart") === "running", {
      message: "the restart to finish",
    });

    expect(first).toEqual([]);
    expect(["running", ...states.states("restart")]).toEqual(["running", "error", "starting", "running"]);
    expect(states.events[0]?.info).toMatchObject({ attempt: 1, nextDelayMs: 20 });
    expect(await echo.execute({ text: "after restart" })).toEqual({
      output: "after restart",
      isError: false,
      metadata: { server: "restart" },
    });
    expect(tool(source, "restart_echo")).toBe(echo);
    expect(countEvents(log, "start")).toBe(2);
    expect(source.servers()[0]?.restarts).toBe(1);
  });

  it("should map autoRestart: true onto the core's policy and recover a SIGKILLed server", async () => {
    const source = await sources.load(
      { mcp: { basic: local("basic") } },
      { autoRestart: true, toolCache: false },
    );
    const states = collectStates(source);
    const pid = source.servers()[0]?.pid as number;
    process.kill(pid, "SIGKILL");
    await waitFor(() => states.states("basic").at(-1) === "running", { message: "basic running again" });
    // The core's defaults: first retry after 500 ms.
    expect(states.events[0]?.info).toMatchObject({ attempt: 1, nextDelayMs: 500 });
    const after = await tool(source, "basic_pid").execute({});
    expect(after.isError).toBe(false);
    expect(Number(after.output)).not.toBe(pid);
  });

  it("should restart(server) a healthy server with the same tool names and Tool objects", async () => {
    const source = await sources.load(
      { mcp: { basic: local("basic"), dyn: local("mcp-list-changed") } },
      { toolCache: false },
    );
    const states = collectStates(source);
    const before = source.tools;
    const oldPid = source.servers()[0]?.pid as number;

    await source.restart("basic");

    expect(states.states("basic")).toEqual(["stopped", "starting", "running"]);
    expect(states.states("dyn")).toEqual([]);
    expect(source.tools).toHaveLength(before.length);
    source.tools.forEach((t, i) => {
      expect(t).toBe(before[i]);
    });
    const newPid = Number((await tool(source, "basic_pid").execute({})).output);
    expect(newPid).not.toBe(oldPid);
    await waitFor(() => !isAlive(oldPid), { message: "the old process to exit" });
  });

  it("should reject restart() and state() for a server that is not configured", async () => {
    const source = await sources.load({ mcp: { basic: local("basic") } }, { toolCache: false });
    expect(() => source.state("nope")).toThrow(/No MCP server named "nope"/);
    await expect(source.restart("nope")).rejects.toThrow(/No MCP server named "nope"/);
  });

  it("should close idempotently, stop every child and turn later calls into error results", async () => {
    const source = await loadMcp({ mcp: { basic: local("basic") } }, { toolCache: false });
    const pid = source.servers()[0]?.pid as number;
    const echo = tool(source, "basic_echo");
    await Promise.all([source.close(), source.close()]);
    await source.close();
    expect(isAlive(pid)).toBe(false);
    const result = await echo.execute({ text: "closed" });
    expect(result.isError).toBe(true);
    expect(result.output).toMatch(/closed/);
  });
});

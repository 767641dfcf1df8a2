// The children `loadMcp` spawns before its engine loads (src/early-load.ts): which servers get one,
// that a server's first open adopts it (one process, no second spawn), and that a child no open
// adopted — its launch changed, or the load failed — does not survive the load.
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { isAlive, readLog, stdioServer, waitFor } from "@toolnexus/fixtures";
import { afterEach, describe, expect, it } from "vitest";
import { childEnvironment } from "../src/connection/launch-env.js";
import { type EarlyLoad, earlyLoad, launchOptions } from "../src/early-load.js";
import { type McpConfigInput, loadMcp as rootLoadMcp } from "../src/index.js";
import { loadMcp } from "../src/load-mcp.js";
import { pidOf, tempDir, tempLogFile, useSources } from "./support/harness.js";

const sources = useSources();
const loads: EarlyLoad[] = [];
afterEach(() => {
  for (const early of loads.splice(0)) early.spawns.discardAll();
});

async function early(config: McpConfigInput, options = {}): Promise<EarlyLoad> {
  const made = await earlyLoad(config, { toolCache: null, ...options });
  loads.push(made);
  return made;
}

/** The pids of the processes that logged a start to `log`. */
const startedPids = (log: string) =>
  readLog(log)
    .filter((e) => e.event === "start")
    .map((e) => e.pid as number);

/** What the engine's open of `name` would launch (an empty launch for a server that is not stdio). */
async function launchOf(made: EarlyLoad, name: string) {
  const server = made.parsed.servers.find((s) => s.name === name);
  if (server?.transport !== "stdio") return { command: "", args: [], env: {}, cwd: undefined };
  const { env } = await childEnvironment(server, launchOptions(made.options));
  return { command: server.command, args: server.args, env, cwd: server.cwd };
}

/** The early load of `config`, once its child has booted (logged its start to `log`), and that pid. */
async function bootedEarly(config: McpConfigInput, log: string, options = {}) {
  const made = await early(config, options);
  await waitFor(() => startedPids(log).length === 1, { message: "the early child's start" });
  return { made, pid: startedPids(log)[0] as number };
}

async function engineLoad(config: McpConfigInput, made: EarlyLoad) {
  return sources.track(await loadMcp(config, { toolCache: null }, made));
}

describe("early spawns", () => {
  it("should spawn enabled eager stdio servers only, before the engine runs", async () => {
    const config = {
      mcpServers: {
        eager: stdioServer("basic"),
        lazy: { ...stdioServer("basic"), lazy: true },
        off: { ...stdioServer("basic"), enabled: false },
        remote: { url: "http://127.0.0.1:9/mcp" },
      },
    };
    const made = await early(config);
    for (const name of ["lazy", "off", "remote"]) {
      expect(made.spawns.take(name, await launchOf(made, name)), name).toBeUndefined();
    }
    const taken = made.spawns.take("eager", await launchOf(made, "eager"));
    if (!taken) throw new Error("no early child for the eager server");
    await taken.spawned;
    const pid = taken.child.pid as number;
    expect(isAlive(pid)).toBe(true);
    taken.child.kill("SIGKILL");
    await waitFor(() => !isAlive(pid), { message: "the taken child to be killed" });
  });

  it("should serve the server from its early child: one process started, the one that answers", async () => {
    const log = tempLogFile("early.log");
    const config = { mcpServers: { s: stdioServer("basic", ["--log", log]) } };
    // Booted before the engine runs, so a second spawn (or the early child killed) would show.
    const { made, pid: first } = await bootedEarly(config, log);
    const source = await engineLoad(config, made);
    const echo = source.tools.find((t) => t.rawName === "echo");
    expect((await echo?.execute({ text: "hi" }))?.isError).toBeFalsy();
    expect(pidOf(source, "s")).toBe(first);
    expect(startedPids(log)).toEqual([first]);
  });

  it("should kill an early child whose launch changed before the open, and start the server anew", async () => {
    const dir = tempDir();
    const envFile = join(dir, "server.env");
    writeFileSync(envFile, "MODE=first\n");
    const log = tempLogFile("changed.log");
    const config = { mcpServers: { s: { ...stdioServer("mcp-scoped-env", ["--log", log]), envFile } } };
    const { made, pid: first } = await bootedEarly(config, log);
    writeFileSync(envFile, "MODE=second\n");

    const source = await engineLoad(config, made);
    const env = await source.tools.find((t) => t.rawName === "env")?.execute({});
    expect(JSON.parse(env?.text ?? "{}").MODE).toBe("second");
    expect(pidOf(source, "s")).not.toBe(first);
    await waitFor(() => !isAlive(first), { message: "the early child to be killed" });
  });

  it("should kill every child no open adopted on discardAll (what the root entry calls once the load settles)", async () => {
    const log = tempLogFile("unadopted.log");
    const config = { mcpServers: { s: stdioServer("basic", ["--log", log]) } };
    const { made, pid } = await bootedEarly(config, log);
    made.spawns.discardAll();
    await waitFor(() => !isAlive(pid), { message: "the unadopted child to be killed" });
  });

  it("should leave no child when the root entry's load is aborted while the early child starts", async () => {
    const log = tempLogFile("aborted.log");
    const config = { mcpServers: { s: stdioServer("basic", ["--log", log, "--init-delay-ms", "60000"]) } };
    const controller = new AbortController();
    // Aborted once the child (spawned before the engine, adopted by the open) has booted.
    const booted = waitFor(() => startedPids(log).length === 1, { message: "the early child's start" });
    const load = rootLoadMcp(config, {
      toolCache: null,
      signal: controller.signal,
      onSource: () => void booted.then(() => controller.abort()),
    });
    await expect(load).rejects.toMatchObject({ code: "ABORTED" });
    const [pid] = startedPids(log);
    await waitFor(() => !isAlive(pid as number), { message: "the early child to be gone" });
  });

  it("should spawn nothing early for a load whose signal is already aborted", async () => {
    const log = tempLogFile("pre-aborted.log");
    const config = { mcpServers: { s: stdioServer("basic", ["--log", log]) } };
    const made = await early(config, { signal: AbortSignal.abort() });
    expect(made.spawns.take("s", await launchOf(made, "s"))).toBeUndefined();
  });
});

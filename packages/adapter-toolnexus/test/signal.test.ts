import { join } from "node:path";
import {
  collectStates,
  countEvents,
  makeTempDir,
  removeTempDir,
  sourceLoader,
  waitFor,
} from "@toolnexus/fixtures";
import { afterEach, describe, expect, it } from "vitest";
import { loadMcp } from "../src/index.js";
import { local, tool } from "./helpers.js";

describe("the signal load option", () => {
  const sources = sourceLoader(loadMcp);

  afterEach(async () => {
    await sources.closeAll();
  });

  it("should reject the load when the signal aborts while a server is still starting", async () => {
    const dir = makeTempDir();
    const log = join(dir, "slow.log");
    const controller = new AbortController();
    const loading = loadMcp(
      { mcp: { slow: local("basic", ["--init-delay-ms", "20000", "--log", log]) } },
      { signal: controller.signal, toolCache: false },
    );
    await waitFor(() => countEvents(log, "start") === 1, { message: "the server process started" });
    controller.abort();
    await expect(loading).rejects.toMatchObject({ code: "ABORTED" });
    removeTempDir(dir);
  });

  it("should cancel a pending automatic restart, so calls fail fast instead of waiting for it", async () => {
    const controller = new AbortController();
    const source = await sources.load(
      { mcp: { basic: local("basic") } },
      { signal: controller.signal, autoRestart: { backoffMs: 20_000 }, toolCache: false },
    );
    const states = collectStates(source);
    process.kill(source.servers()[0]?.pid as number, "SIGKILL");
    await waitFor(() => source.state("basic") === "error");
    expect(states.events[0]?.info).toMatchObject({ nextDelayMs: 20_000 });

    controller.abort();
    const result = await tool(source, "basic_echo").execute({ text: "x" }, { timeout: 5000 });

    expect(result.isError).toBe(true);
    // Had the retry still been pending, the call would have waited and ended "not running within 5000 ms".
    expect(result.output).toContain("unavailable");
    expect(result.output).not.toMatch(/within/);
    expect(states.states("basic")).toEqual(["error"]);
  });
});

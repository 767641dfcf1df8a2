import { writeFileSync } from "node:fs";
import { fixturePath, isAlive, readLog, stdioServer, waitFor } from "@toolnexus/fixtures";
import { describe, expect, it } from "vitest";
import { isMcpCoreError, type LoadMcpOptions } from "../src/index.js";
import { startedPids, useSources, useTempDir } from "./support/harness.js";

const dir = useTempDir("mcp-core-load-");
const sources = useSources({ toolCache: null });

/** The rejection of a load that must fail; also closes a source that unexpectedly loaded. */
async function loadFailure(input: object, options: LoadMcpOptions): Promise<Error> {
  const outcome = await sources.rejection(input, options);
  if (!(outcome instanceof Error)) throw new Error("expected loadMcp to reject");
  return outcome;
}

describe("loadMcp", () => {
  it("should start every enabled server in parallel", async () => {
    // Both servers log into one file and wait 1 s before speaking MCP: a sequential load would log
    // the first server's `list` before the second server's `start`.
    const shared = dir.logFile();
    const slowStart = ["--log", shared, "--init-delay-ms", "1000"];
    const source = await sources.load({
      mcpServers: { one: stdioServer("basic", slowStart), two: stdioServer("basic", slowStart) },
    });

    expect(source.status).toStrictEqual({ one: "connected", two: "connected" });
    const events = readLog(shared).map((e) => e.event);
    expect(events.filter((e) => e === "start")).toHaveLength(2);
    expect(events.lastIndexOf("start")).toBeLessThan(events.indexOf("list"));
  });

  it("should report each server as connected, failed or disabled", async () => {
    const offLog = dir.logFile();
    const source = await sources.load({
      mcpServers: {
        good: stdioServer("basic"),
        broken: stdioServer("faulty", ["--mode", "exit-at-start"]),
        off: { ...stdioServer("basic", ["--log", offLog]), disabled: true },
        alsoOff: { ...stdioServer("basic", ["--log", offLog]), enabled: false },
      },
    });

    expect(source.status).toStrictEqual({
      good: "connected",
      broken: "failed",
      off: "disabled",
      alsoOff: "disabled",
    });
    expect(source.servers().map((s) => [s.name, s.state])).toStrictEqual([
      ["good", "running"],
      ["broken", "error"],
      ["off", "stopped"],
      ["alsoOff", "stopped"],
    ]);
    expect(readLog(offLog)).toStrictEqual([]);
  });

  it("should isolate a failing server: its error in servers(), the others work", async () => {
    const warnings: string[] = [];
    const source = await sources.load(
      {
        mcpServers: {
          broken: stdioServer("faulty", ["--mode", "exit-at-start"]),
          good: stdioServer("basic"),
        },
      },
      { onWarning: (message) => warnings.push(message) },
    );

    const broken = source.servers().find((s) => s.name === "broken");
    expect(broken?.status).toBe("failed");
    expect(broken?.toolCount).toBe(0);
    expect(broken?.lastError).toContain('MCP server "broken" failed to start');
    expect(broken?.lastError).toContain("fatal: fixture exit-at-start");
    expect(warnings).toContainEqual(expect.stringContaining('MCP server "broken" failed to start'));
    expect(source.tools.every((t) => t.server === "good")).toBe(true);
    const echo = source.tools.find((t) => t.name === "mcp__good__echo");
    await expect(echo?.execute({ text: "still here" })).resolves.toMatchObject({
      isError: false,
      text: "still here",
    });
  });

  it("should reject with failOnStartupError, naming every failed server, and stop what started", async () => {
    const goodLog = dir.logFile();
    const dupLog = dir.logFile();
    const error = await loadFailure(
      {
        mcpServers: {
          good: stdioServer("basic", ["--log", goodLog]),
          crashy: stdioServer("faulty", ["--mode", "exit-at-start"]),
          dupes: stdioServer("faulty", ["--mode", "duplicate-names", "--log", dupLog]),
        },
      },
      { failOnStartupError: true },
    );

    expect(isMcpCoreError(error) && error.code).toBe("STARTUP_FAILED");
    expect(error.message).toContain("2 MCP server(s) failed to start");
    expect(error.message).toMatch(/- MCP server "crashy" failed to start[\s\S]*fatal: fixture exit-at-start/);
    expect(error.message).toContain('- MCP server "dupes" listed the tool name "dup" twice');
    expect(error.message).not.toContain('MCP server "good"');
    const pids = startedPids(goodLog, dupLog);
    expect(pids).toHaveLength(2);
    expect(pids.filter(isAlive)).toStrictEqual([]);
  });

  it("should reject with ABORTED and leave no child alive when the signal aborts during the load", async () => {
    const hangLog = dir.logFile();
    const goodLog = dir.logFile();
    // The hanging server's timeout exceeds the test's: only a prompt abort lets this test finish.
    const controller = new AbortController();
    const loading = loadFailure(
      {
        mcpServers: {
          good: stdioServer("basic", ["--log", goodLog]),
          hang: {
            ...stdioServer("faulty", ["--mode", "hang-initialize", "--log", hangLog]),
            timeout: 60_000,
          },
        },
      },
      { signal: controller.signal },
    );
    await waitFor(
      () =>
        readLog(hangLog).some((e) => e.event === "initialize") &&
        readLog(goodLog).some((e) => e.event === "list"),
      { message: "the good server to be listed and the hanging one to receive initialize" },
    );
    controller.abort();
    const error = await loading;

    expect(isMcpCoreError(error) && error.code).toBe("ABORTED");
    expect(error.message).toBe("loadMcp was aborted");
    const pids = startedPids(goodLog, hangLog);
    expect(pids).toHaveLength(2);
    expect(pids.filter(isAlive)).toStrictEqual([]);
  });

  it("should reject with ABORTED without spawning anything when the signal is already aborted", async () => {
    const log = dir.logFile();
    const error = await loadFailure(
      { mcpServers: { good: stdioServer("basic", ["--log", log]) } },
      { signal: AbortSignal.abort() },
    );

    expect(isMcpCoreError(error) && error.code).toBe("ABORTED");
    expect(readLog(log)).toStrictEqual([]);
  });

  it("should load a JSONC config file given as a path", async () => {
    const path = dir.file("mcp.jsonc");
    writeFileSync(
      path,
      `{
        // Claude Desktop dialect, with comments and trailing commas
        "mcpServers": {
          /* the everyday fixture */
          "files": {
            "command": ${JSON.stringify(process.execPath)},
            "args": [${JSON.stringify(fixturePath("basic"))},],
          },
        },
      }`,
    );
    const source = await sources.load(path);

    expect(source.status).toStrictEqual({ files: "connected" });
    const echo = source.tools.find((t) => t.name === "mcp__files__echo");
    await expect(echo?.execute({ text: "from jsonc" })).resolves.toMatchObject({ text: "from jsonc" });
  });
});

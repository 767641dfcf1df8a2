import { readLog, stdioServer } from "@toolnexus/fixtures";
import { describe, expect, it } from "vitest";
import type { LoadMcpOptions } from "../src/index.js";
import { MAX_TIMER_MS } from "../src/timer-limit.js";
import { configRejection, tempLogFile, toolByRawName, useSources } from "./support/harness.js";

const TOO_LONG = MAX_TIMER_MS + 1;
const LIMIT = "expected at most 2147483647 ms (about 24.8 days, the longest a timer can wait)";

describe("durations beyond the 32-bit timer limit", () => {
  const sources = useSources({ toolCache: null, autoRestart: { enabled: false } });

  it.each([
    ["timeout", { timeout: TOO_LONG }],
    ["idleTimeoutMs", { idleTimeoutMs: TOO_LONG }],
    ["autoRestart.initialDelayMs", { autoRestart: { initialDelayMs: TOO_LONG } }],
    ["autoRestart.maxDelayMs", { autoRestart: { maxDelayMs: TOO_LONG } }],
    ["autoRestart.stableAfterMs", { autoRestart: { stableAfterMs: TOO_LONG } }],
    ["healthCheck.intervalMs", { healthCheck: { intervalMs: TOO_LONG } }],
    ["healthCheck.timeoutMs", { healthCheck: { timeoutMs: TOO_LONG } }],
  ])("should reject a config %s over the limit, naming server, field and limit", async (field, patch) => {
    expect(await configRejection({ mcpServers: { s: { command: "x", ...patch } } })).toStrictEqual({
      code: "CONFIG_INVALID",
      server: "s",
      message: `Invalid MCP config: server "s", field "${field}": ${LIMIT}, got a larger number`,
    });
  });

  it("should accept a config duration of exactly the limit", async () => {
    const ok = { command: "x", timeout: MAX_TIMER_MS, healthCheck: { intervalMs: MAX_TIMER_MS } };
    await expect(configRejection({ s: ok })).rejects.toThrow(/expected an McpCoreError/);
  });

  it.each([
    ["killGraceMs", { killGraceMs: TOO_LONG }],
    ["listChangedDebounceMs", { listChangedDebounceMs: TOO_LONG }],
    ["autoRestart.maxDelayMs", { autoRestart: { maxDelayMs: TOO_LONG } }],
    ["healthCheck.intervalMs", { healthCheck: { intervalMs: TOO_LONG } }],
  ])("should reject a load option %s over the limit before spawning anything", async (option, patch) => {
    const log = tempLogFile("never.log");
    const config = { mcpServers: { basic: stdioServer("basic", ["--log", log]) } };
    const error = await sources.rejection(config, patch as LoadMcpOptions);
    expect(error).toMatchObject({
      code: "OPTIONS_INVALID",
      message: `loadMcp option "${option}": ${LIMIT}, got ${TOO_LONG}`,
    });
    expect(readLog(log)).toStrictEqual([]);
  });

  it.each([
    [TOO_LONG, `${LIMIT}, got a larger number`],
    [0, "expected a positive number (milliseconds), got zero"],
    [Number.NaN, "expected a positive number (milliseconds), got NaN"],
  ])(
    "should resolve a call with timeoutMs %d as a clear error without sending it",
    async (timeout, expected) => {
      const log = tempLogFile("basic.log");
      const source = await sources.load({ mcpServers: { basic: stdioServer("basic", ["--log", log]) } });
      const echo = toolByRawName(source, "echo");

      const result = await echo.execute({ text: "hi" }, { timeoutMs: timeout });

      const problem = `option "timeoutMs": ${expected}`;
      const message = `Call to tool "mcp__basic__echo" on MCP server "basic" was not sent: ${problem}`;
      expect(result).toStrictEqual({
        content: [{ type: "text", text: message }],
        isError: true,
        error: { kind: "protocol", code: "PROTOCOL_ERROR", message, detail: problem },
        text: message,
      });
      expect(readLog(log).filter((line) => line.event === "call")).toStrictEqual([]);
      // The server is fine: the same call with a sane timeout goes through.
      expect((await echo.execute({ text: "hi" }, { timeoutMs: MAX_TIMER_MS })).text).toBe("hi");
    },
  );
});

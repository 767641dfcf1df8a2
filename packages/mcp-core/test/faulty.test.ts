import { stdioServer } from "@toolnexus/fixtures";
import { describe, expect, it } from "vitest";
import { isMcpCoreError, type McpCoreError, type McpSource } from "../src/index.js";
import { useSources } from "./support/harness.js";

const sources = useSources({ toolCache: null });

function faulty(mode: string, extra: Record<string, unknown> = {}, args: string[] = []) {
  return { ...stdioServer("faulty", ["--mode", mode, ...args]), ...extra };
}

/** The error a single failing server starts with (the cause of the failOnStartupError rejection). */
async function startError(name: string, server: object): Promise<McpCoreError> {
  const outcome = await sources.rejection({ mcpServers: { [name]: server } }, { failOnStartupError: true });
  const cause = (outcome as Error | undefined)?.cause;
  if (!isMcpCoreError(cause)) throw new Error(`expected a startup failure, got ${String(outcome)}`);
  return cause;
}

async function echoText(source: McpSource, name: string, text: string): Promise<string> {
  const echo = source.tools.find((t) => t.name === name);
  const result = await echo?.execute({ text });
  return result?.text ?? "no such tool";
}

describe("misbehaving stdio servers", () => {
  it("should work despite garbage lines on stdout", async () => {
    const source = await sources.load({ mcpServers: { noisy: faulty("garbage-stdout") } });

    expect(source.status).toStrictEqual({ noisy: "connected" });
    expect(await echoText(source, "mcp__noisy__echo", "one")).toBe("one");
    expect(await echoText(source, "mcp__noisy__echo", "two")).toBe("two");
  });

  it("should drain a stderr flood (no deadlock) and keep its tail", async () => {
    const source = await sources.load({ mcpServers: { flood: faulty("stderr-flood", { timeout: 10_000 }) } });

    expect(source.status).toStrictEqual({ flood: "connected" });
    expect(await echoText(source, "mcp__flood__echo", "still talking")).toBe("still talking");
    const tail = source.servers()[0]?.stderrTail ?? "";
    expect(tail.endsWith("STDERR-TAIL-MARKER")).toBe(true);
    expect(tail.length).toBeLessThan(64 * 1024);
  });

  it("should fail a server that never answers initialize within its timeout, naming it", async () => {
    const source = await sources.load({
      mcpServers: { hang: faulty("hang-initialize", { timeout: 1000 }), good: stdioServer("basic") },
    });

    expect(source.status).toStrictEqual({ hang: "failed", good: "connected" });
    expect(source.servers()[0]?.lastError).toBe('MCP server "hang" did not initialize within 1000 ms');
    expect(source.servers()[0]?.pid).toBeUndefined();
    await expect(source.tools[0]?.execute({ text: "ok" })).resolves.toMatchObject({ text: "ok" });
  });

  it("should report START_TIMEOUT for a server that never answers initialize", async () => {
    const error = await startError("hang", faulty("hang-initialize", { timeout: 1000 }));

    expect(error.code).toBe("START_TIMEOUT");
    expect(error.server).toBe("hang");
  });

  it("should fail a server that never answers tools/list within its timeout, naming it", async () => {
    // Long enough for initialize on a busy machine; the listing then hangs for the whole timeout.
    const error = await startError("stuck", faulty("hang-list", { timeout: 2500 }));

    expect(error.code).toBe("START_TIMEOUT");
    expect(error.server).toBe("stuck");
    expect(error.message).toBe('MCP server "stuck" did not list its tools within 2500 ms');
  });

  it("should fail a server that exits at start, with its stderr tail in the error", async () => {
    const source = await sources.load({ mcpServers: { dead: faulty("exit-at-start") } });

    expect(source.status).toStrictEqual({ dead: "failed" });
    const dead = source.servers()[0];
    expect(dead?.lastError).toMatch(
      /^MCP server "dead" failed to start: .*\nstderr:\nfatal: fixture exit-at-start$/,
    );
  });

  it("should keep the stderr tail of a server that exited at start in servers()", async () => {
    const source = await sources.load({ mcpServers: { dead: faulty("exit-at-start") } });

    expect(source.servers()[0]?.stderrTail).toBe("fatal: fixture exit-at-start");
  });
});

import { SdkError, SdkErrorCode } from "@modelcontextprotocol/client";
import { describe, expect, it } from "vitest";
import { classifyStartFailure, listingFailure } from "../src/connection/start-failure.js";
import { McpCoreError } from "../src/errors.js";
import { OpenFailure } from "../src/transport/open-session.js";

const base = { server: "s", aborted: false, timeoutMs: 1000 } as const;
const timeout = () => new SdkError(SdkErrorCode.RequestTimeout, "Request timed out");

describe("classifyStartFailure", () => {
  it("should say a timed-out phase by its name and limit", () => {
    expect(classifyStartFailure({ ...base, phase: "initialize", error: timeout() })).toMatchObject({
      code: "START_TIMEOUT",
      message: 'MCP server "s" did not initialize within 1000 ms',
    });
    expect(classifyStartFailure({ ...base, phase: "list", error: timeout() }).message).toBe(
      'MCP server "s" did not list its tools within 1000 ms',
    );
  });

  it("should make an aborted attempt ABORTED whatever its error was", () => {
    const error = classifyStartFailure({ ...base, phase: "initialize", error: timeout(), aborted: true });
    expect(error).toMatchObject({ code: "ABORTED", message: 'MCP server "s": start aborted', server: "s" });
  });

  it("should append the stdout noise and stderr tail to a failed start and keep the tail", () => {
    const error = classifyStartFailure({
      ...base,
      phase: "initialize",
      error: new Error("Connection closed"),
      stderrTail: "boom",
      stdoutNoise: "hello",
    });
    expect(error).toMatchObject({ code: "START_FAILED", stderrTail: "boom" });
    expect(error.message).toBe(
      'MCP server "s" failed to start: Connection closed\nstdout (not JSON-RPC): hello\nstderr:\nboom',
    );
  });

  it("should say an env problem as a failed start and pass another layer's error unchanged", () => {
    const env = new McpCoreError("ENV_INVALID", 'MCP server "s": env.T references ${X}, which is not set', {
      server: "s",
    });
    const once = classifyStartFailure({ ...base, phase: "spawn", error: env });
    expect(once.message).toBe('MCP server "s" failed to start: env.T references ${X}, which is not set');
    const frame = new McpCoreError("FRAME_TOO_LARGE", 'MCP server "s" sent a frame over 10 bytes', {
      server: "s",
    });
    expect(classifyStartFailure({ ...base, phase: "list", error: frame })).toBe(frame);
  });

  it("should read the transport's unclassified OpenFailure for its phase, its output and its abort", () => {
    const open = new OpenFailure(timeout(), false, "boom", "hello");
    const failure = classifyStartFailure({ ...base, phase: "spawn", error: open });
    expect(failure).toMatchObject({ code: "START_TIMEOUT", stderrTail: "boom" });
    expect(failure.message).toBe(
      'MCP server "s" did not initialize within 1000 ms\nstdout (not JSON-RPC): hello\nstderr:\nboom',
    );
    expect(failure.cause).toBe(open.cause);
    const aborted = new OpenFailure(new Error("Connection closed"), true, undefined, undefined);
    expect(classifyStartFailure({ ...base, phase: "spawn", error: aborted }).code).toBe("ABORTED");
  });

  it("should leave a refresh's non-timeout failure as it is", () => {
    const error = new Error("nope");
    expect(listingFailure("s", error, 1000)).toBe(error);
    expect(listingFailure("s", timeout(), 1000)).toMatchObject({ code: "START_TIMEOUT" });
  });
});

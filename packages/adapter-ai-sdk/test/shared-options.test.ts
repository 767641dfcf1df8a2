import { sourceLoader, stdioServer } from "@toolnexus/fixtures";
import { loadMcp } from "@toolnexus/mcp-core";
import { afterEach, describe, expect, it } from "vitest";
import { toAiSdkTools } from "../src/index.js";

const sources = sourceLoader(loadMcp, { toolCache: false });
afterEach(() => sources.closeAll());

const callOptions = { toolCallId: "1", messages: [] };
/** Every entry reports a bad option as the core does. */
const OPTIONS_INVALID = expect.objectContaining({ name: "McpCoreError", code: "OPTIONS_INVALID" });

describe("the options every adapter shares", () => {
  it("should take timeoutMs, keeping timeout as its deprecated alias", async () => {
    const source = await sources.loadServers({ basic: stdioServer("basic") });
    const hurried = toAiSdkTools(source, { timeoutMs: 100 });
    const error = await Promise.resolve(hurried.mcp__basic__slow?.execute?.({ ms: 2000 }, callOptions)).catch(
      (e: unknown) => e,
    );
    expect(error).toMatchObject({ kind: "timeout" });
    expect(() => toAiSdkTools(source, { timeoutMs: 0 })).toThrow(
      /option "timeoutMs": expected an integer ≥ 1/,
    );
    expect(() => toAiSdkTools(source, { timeoutMs: 1.5 })).toThrow(OPTIONS_INVALID);
    expect(() => toAiSdkTools(source, { timeoutMs: 100, timeout: 200 })).toThrow(/"timeout"/);
    expect(() => toAiSdkTools(source, { timeoutMs: 100, timeout: 100 })).not.toThrow();
  });
});

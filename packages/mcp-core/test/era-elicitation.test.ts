// Elicitation in both eras reaches the same onElicitation handler: a server→client request on the
// 2025 era, an `input_required` result on the 2026 era that the client fulfils and retries. The
// schema's defaults are filled in either way (SEP-1034). Real processes (the era fixtures' `ask`).
import { readLog, stdioServer } from "@toolnexus/fixtures";
import { describe, expect, it } from "vitest";
import type { ElicitationHandler } from "../src/index.js";
import {
  failOnUnhandledRejections,
  httpFixture,
  tempLogFile,
  toolByRawName,
  useSources,
} from "./support/harness.js";

failOnUnhandledRejections();

const sources = useSources({ toolCache: null, autoRestart: { enabled: false } });

const CASES = [
  { fixture: "modern", wire: "stdio", protocol: "auto", via: "input_required" },
  { fixture: "modern", wire: "http", protocol: "auto", via: "input_required" },
  { fixture: "dual-era", wire: "stdio", protocol: "2025-11-25", via: "elicitation/create" },
] as const;

describe.each(CASES)("ask on $fixture over $wire ($protocol)", ({ fixture, wire, protocol, via }) => {
  async function ask(handler: ElicitationHandler) {
    const log = tempLogFile(`${fixture}-${wire}-ask.log`);
    const entry =
      wire === "http"
        ? { url: (await httpFixture(fixture, ["--log", log])).url }
        : stdioServer(fixture, ["--log", log]);
    const calls: string[] = [];
    const source = await sources.load(
      { mcpServers: { e: { ...entry, protocol } } },
      {
        onElicitation: async (server, request) => {
          calls.push(`${server}: ${request.message}`);
          return handler(server, request);
        },
      },
    );
    const result = await toolByRawName(source, "ask", "e").execute({ message: "Name?" });
    const ways = readLog(log)
      .filter((event) => event.event === "ask")
      .map((event) => event.via);
    return { result, calls, ways };
  }

  it("should reach the host's handler once, the way its era asks, with the schema's defaults", async () => {
    const { result, calls, ways } = await ask(async () => ({ action: "accept", content: { answer: "Ada" } }));
    expect(result).toMatchObject({ isError: false });
    expect(JSON.parse(result.text)).toEqual({ action: "accept", content: { answer: "Ada", n: 7 } });
    expect(calls).toEqual(["e: Name?"]);
    expect(ways.every((way) => way === via)).toBe(true);
    expect(ways.length).toBeGreaterThan(0);
  });

  it("should pass a declined answer through with nothing added", async () => {
    const { result } = await ask(async () => ({ action: "decline" }));
    expect(JSON.parse(result.text)).toEqual({ action: "decline", content: null });
  });
});

// Sampling in both eras reaches the same onSampling handler: a server→client
// `sampling/createMessage` request on the 2025 era, `sampling/createMessage` entries of an
// `input_required` result on the 2026 era that the client fulfils and retries. A refusal on the 2026
// era cannot reach the server as an error: the call ends on the host. Real processes (the era
// fixtures' `sample`, `--sampling`).
import { readLog, stdioServer } from "@toolnexus/fixtures";
import { describe, expect, it } from "vitest";
import type { SamplingHandler } from "../src/index.js";
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
  { fixture: "dual-era", wire: "stdio", protocol: "2025-11-25", via: "sampling/createMessage" },
] as const;

/** A plain handler: the model repeats the first message's text. */
const echoModel: SamplingHandler = async (request) => {
  const first = request.messages[0]?.content;
  const text = first && !Array.isArray(first) && first.type === "text" ? first.text : "";
  return { role: "assistant", content: { type: "text", text: `model says: ${text}` }, model: "scripted" };
};

describe.each(CASES)("sample on $fixture over $wire ($protocol)", ({ fixture, wire, protocol, via }) => {
  it("should answer with the host's plain handler, the way its era asks", async () => {
    const log = tempLogFile(`${fixture}-${wire}-sample.log`);
    const args = ["--sampling", "--log", log];
    const entry =
      wire === "http" ? { url: (await httpFixture(fixture, args)).url } : stdioServer(fixture, args);
    const servers: string[] = [];
    const source = await sources.load(
      { mcpServers: { s: { ...entry, protocol } } },
      {
        onSampling: async (request, context) => {
          servers.push(context.server);
          return echoModel(request, context);
        },
      },
    );
    const result = await toolByRawName(source, "sample", "s").execute({ prompt: "hi" });
    expect(result.isError, result.text).toBe(false);
    expect(JSON.parse(result.text)).toEqual({
      results: [{ ok: true, text: "model says: hi", model: "scripted" }],
    });
    expect(servers).toEqual(["s"]);
    const ways = readLog(log)
      .filter((e) => e.event === "sample")
      .map((e) => e.via);
    expect(ways.length).toBeGreaterThan(0);
    expect(ways.every((way) => way === via)).toBe(true);
  });
});

describe("a refusal on the 2026 era", () => {
  it("should end the call with an error result on the host, the model unasked", async () => {
    const warnings: string[] = [];
    let asked = 0;
    const source = await sources.load(
      { mcpServers: { s: stdioServer("modern", ["--sampling"]) } },
      {
        onWarning: (message) => warnings.push(message),
        onSampling: async (request, context) => {
          asked += 1;
          return echoModel(request, context);
        },
        sampling: { approve: () => false },
      },
    );
    const result = await toolByRawName(source, "sample", "s").execute({ prompt: "hi" });
    // The era has no way to answer an embedded request with an error: the call ends on the host.
    expect(result).toMatchObject({ isError: true, error: { kind: "protocol" } });
    expect(result.text).toContain("User rejected sampling request");
    expect(asked).toBe(0);
    expect(warnings).toEqual([]);
  });
});

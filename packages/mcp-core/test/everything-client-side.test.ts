// The whole client side of MCP against the protocol's reference server over Streamable HTTP: with a
// sampling handler, an elicitation handler and roots, every tool server-everything offers only to a
// capable client appears, and each works — sampling, roots, URL elicitation, a task-required tool
// with its progress, and the two tools that send their requests to the client as tasks.
import { waitFor } from "@toolnexus/fixtures";
import { describe, expect, it } from "vitest";
import type { ElicitationHandler, SamplingHandler } from "../src/index.js";
import { everythingOverHttp } from "./support/everything.js";
import { failOnUnhandledRejections, tempDir, toolByRawName, useSources } from "./support/harness.js";

failOnUnhandledRejections();

const sources = useSources({ toolCache: null, autoRestart: { enabled: false } });

const CONDITIONAL = [
  "get-roots-list",
  "trigger-elicitation-request",
  "trigger-url-elicitation",
  "trigger-sampling-request",
  "simulate-research-query",
  "trigger-sampling-request-async",
  "trigger-elicitation-request-async",
];

describe("server-everything over Streamable HTTP", () => {
  it("should offer every conditional tool to a capable client, and each should work", async () => {
    const url = await everythingOverHttp();
    const root = tempDir("everything-root-");
    const urls: string[] = [];
    const onSampling: SamplingHandler = async () => ({
      role: "assistant",
      content: { type: "text", text: "sampled by the host" },
      model: "scripted",
    });
    const onElicitation: ElicitationHandler = async (_server, request) => {
      if (request.mode === "url") {
        urls.push(request.url);
        return { action: "accept" };
      }
      return { action: "accept", content: {} };
    };
    const source = await sources.load(
      { mcpServers: { everything: { url } } },
      { onSampling, onElicitation, roots: [root], taskStore: null },
    );
    await waitFor(() => CONDITIONAL.every((name) => source.tools.some((t) => t.rawName === name)));
    const call = (
      name: string,
      args: Record<string, unknown>,
      onProgress?: (p: { message?: string }) => void,
    ) => toolByRawName(source, name, "everything").execute(args, { onProgress, timeoutMs: 20_000 });

    const progress: string[] = [];
    const [roots, sampled, research, asyncSampling, urlElicitation, asyncElicitation] = await Promise.all([
      call("get-roots-list", {}),
      call("trigger-sampling-request", { prompt: "hi" }),
      call(
        "simulate-research-query",
        { topic: "durable calls" },
        (p) => p.message && progress.push(p.message),
      ),
      call("trigger-sampling-request-async", { prompt: "later" }),
      call("trigger-url-elicitation", { url: "https://example.com/authorize" }),
      call("trigger-elicitation-request-async", {}),
    ]);
    expect(roots).toMatchObject({ isError: false });
    expect(roots.text).toContain(root);
    expect(sampled.text).toContain("sampled by the host");
    expect(research).toMatchObject({ isError: false });
    expect(research.text).toContain("Research Report: durable calls");
    expect(progress.length).toBeGreaterThan(0);
    expect(asyncSampling.text).toContain("sampled by the host");
    expect(asyncSampling.text).toContain("Task created");
    expect(urlElicitation.isError, urlElicitation.text).toBe(false);
    expect(asyncElicitation, asyncElicitation.text).toMatchObject({ isError: false });
    // Sent to the client as a task (not answered at once, which the tool reports as "[SYNC]").
    expect(asyncElicitation.text).toContain("[COMPLETED]");
    expect(asyncElicitation.text).toContain("Task created");
    expect(urls).toEqual(["https://example.com/authorize"]);
  }, 40_000);
});

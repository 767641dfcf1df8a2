// A real third-party task tool: `simulate-research-query` of `@modelcontextprotocol/server-everything`
// (`execution.taskSupport: "required"`, 4 stages of 1 s, a statusMessage per stage) completes as a
// task, its stages reported as the call's progress; asked an ambiguous topic, the task waits for input
// (`input_required`) and its elicitation reaches the host's `onElicitation` through `tasks/result`.
import { waitFor } from "@toolnexus/fixtures";
import { describe, expect, it } from "vitest";
import type { ElicitationHandler, McpProgress } from "../src/index.js";
import { fileTaskStore } from "../src/stores.js";
import { everythingStdio } from "./support/everything.js";
import { failOnUnhandledRejections, tempDir, toolByRawName, useSources } from "./support/harness.js";

failOnUnhandledRejections();

const sources = useSources({ toolCache: null, autoRestart: { enabled: false } });
const everything = everythingStdio;
const RESEARCH = "simulate-research-query";

describe("tasks against server-everything", () => {
  it("should complete simulate-research-query as a task with progress, answering its input_required through onElicitation", async () => {
    const store = fileTaskStore(tempDir());
    const asked: string[] = [];
    const progress: McpProgress[] = [];
    let progressWhenAsked = -1;
    const onElicitation: ElicitationHandler = async (server, request) => {
      asked.push(`${server}: ${request.message}`);
      progressWhenAsked = progress.length;
      return { action: "accept", content: { interpretation: "historical" } };
    };
    const source = await sources.loadServers({ everything }, { taskStore: store, onElicitation });
    // Registered after initialization, announced by list_changed.
    await waitFor(() => source.tools.some((t) => t.rawName === RESEARCH));
    const result = await toolByRawName(source, RESEARCH, "everything").execute(
      { topic: "durable calls", ambiguous: true },
      { onProgress: (p) => progress.push(p) },
    );
    expect(result.isError, result.text).toBe(false);
    expect(result.text).toContain("# Research Report: durable calls (historical)");
    expect(asked).toEqual([expect.stringMatching(/^everything: The research query "durable calls"/)]);
    // Polled about once a second over 1 s stages: which stages a poll lands on varies, but each
    // report is one of the server's messages, counted up, and polling went on while the server
    // waited for the answer (2 s of work follow it).
    expect(progress.map((p) => p.progress)).toEqual(progress.map((_, i) => i + 1));
    for (const { message } of progress) {
      expect(message).toMatch(
        /^(Gathering sources|Analyzing content|Synthesizing findings|Generating report|Found multiple interpretations|Continuing with interpretation)/,
      );
    }
    expect(progressWhenAsked).toBeGreaterThanOrEqual(1);
    expect(progress.length).toBeGreaterThan(progressWhenAsked);
    expect(await store.list()).toEqual([]);
  });
});

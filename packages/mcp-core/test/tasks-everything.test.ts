// A real third-party task tool: `simulate-research-query` of `@modelcontextprotocol/server-everything`
// (`execution.taskSupport: "required"`, 4 stages of 1 s, a statusMessage per stage) completes as a
// task, its stages reported as the call's progress.
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { waitFor } from "@toolnexus/fixtures";
import { describe, expect, it } from "vitest";
import type { McpProgress } from "../src/index.js";
import { fileTaskStore } from "../src/stores.js";
import { failOnUnhandledRejections, tempDir, toolByRawName, useSources } from "./support/harness.js";

failOnUnhandledRejections();

const sources = useSources({ toolCache: false, autoRestart: false });
const require = createRequire(import.meta.url);
const everything = {
  command: process.execPath,
  args: [
    join(dirname(require.resolve("@modelcontextprotocol/server-everything/package.json")), "dist/index.js"),
    "stdio",
  ],
};
const RESEARCH = "simulate-research-query";

describe("tasks against server-everything", () => {
  it("should complete simulate-research-query as a task, each stage reported as progress", async () => {
    const store = fileTaskStore(tempDir());
    const source = await sources.loadServers({ everything }, { taskStore: store });
    // Registered after initialization, announced by list_changed.
    await waitFor(() => source.tools.some((t) => t.rawName === RESEARCH));
    const progress: McpProgress[] = [];
    const result = await toolByRawName(source, RESEARCH, "everything").execute(
      { topic: "durable calls" },
      { onProgress: (p) => progress.push(p) },
    );
    expect(result.isError, result.text).toBe(false);
    expect(result.text).toContain("# Research Report: durable calls");
    const messages = progress.map((p) => p.message);
    for (const stage of ["Gathering sources...", "Analyzing content...", "Synthesizing findings..."]) {
      expect(messages).toContain(stage);
    }
    expect(await store.list()).toEqual([]);
  });
});

import { readdirSync, rmSync } from "node:fs";
import { join } from "node:path";
import { countEvents, makeTempDir, pidOf, sourceLoader, stdioServer, waitFor } from "@toolnexus/fixtures";
import { loadMcp, type McpConfigInput } from "@toolnexus/mcp-core";
import { fileToolCache } from "@toolnexus/mcp-core/stores";
import {
  generateText,
  jsonSchema,
  type ModelMessage,
  stepCountIs,
  streamText,
  ToolLoopAgent,
  tool,
} from "ai";
import { afterEach, describe, expect, it, onTestFinished } from "vitest";
import { createAiSdkToolset } from "../src/index.js";
import { runMessages } from "./support/ai-major.js";
import {
  type CallOptions,
  offeredTools,
  type Step,
  scriptedModel,
  text,
  toolCall,
  toolOutputsInPrompt,
} from "./support/model.js";

const sources = sourceLoader(loadMcp, { toolCache: null });
afterEach(() => sources.closeAll());

const META = ["mcp_search_tools", "mcp_load_tools"];
const BASIC = ["echo", "add", "image", "slow", "fail", "pid", "ask", "ask_url"].map(
  (t) => `mcp__basic__${t}`,
);

function tempDir(): string {
  const dir = makeTempDir("aisdk-defer-");
  onTestFinished(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

/** A host tool of the caller's own, never deferred. */
const note = tool({
  description: "Takes a note",
  inputSchema: jsonSchema({ type: "object", properties: {} }),
  execute: async () => "noted",
});

/** Runs `script` with the toolset spread in, recording the tool names offered on each step. */
async function run(
  toolset: ReturnType<typeof createAiSdkToolset>,
  script: Step[],
  messages: ModelMessage[] = [{ role: "user", content: "go" }],
) {
  const offered: string[][] = [];
  const result = await generateText({
    model: scriptedModel(
      script.map((step) => (options: CallOptions) => {
        offered.push(offeredTools(options));
        return step(options);
      }),
    ),
    ...toolset,
    messages,
    stopWhen: stepCountIs(10),
  });
  return { offered, result };
}

describe("deferred loading with meta-tools", () => {
  it("should search, load and call a lazy server's tool, starting the server only on that call", async () => {
    const cacheDir = tempDir();
    const log = join(tempDir(), "lazy.log");
    const config = { mcpServers: { basic: { ...stdioServer("basic", ["--log", log]), lazy: true } } };
    // Warm the listing cache: a first load discovers the lazy server in the background.
    const warm = await loadMcp(config as McpConfigInput, { toolCache: fileToolCache(cacheDir) });
    await waitFor(() => readdirSync(cacheDir).some((f) => f.endsWith(".json")), { message: "a cache entry" });
    await warm.close();
    expect(countEvents(log, "start")).toBe(1);

    const source = await sources.load(config as McpConfigInput, { toolCache: fileToolCache(cacheDir) });
    const toolset = createAiSdkToolset(source, { deferLoading: {}, extraTools: { note } });
    const unstarted: unknown[] = [];
    const { offered, result } = await run(toolset, [
      () => [toolCall("mcp_search_tools", { query: "echo text" })],
      (options) => {
        unstarted.push(toolOutputsInPrompt(options).get("call-mcp_search_tools"));
        return [toolCall("mcp_load_tools", { names: ["mcp__basic__echo"] })];
      },
      () => {
        unstarted.push(source.state("basic"), pidOf(source, "basic"), countEvents(log, "start"));
        return [toolCall("mcp__basic__echo", { text: "hi" })];
      },
      () => [text("done")],
    ]);

    expect(offered).toEqual([
      ["note", ...META],
      ["note", ...META],
      ["note", ...META, "mcp__basic__echo"],
      ["note", ...META, "mcp__basic__echo"],
    ]);
    expect(JSON.stringify(unstarted[0])).toContain("mcp__basic__echo");
    expect(unstarted.slice(1)).toEqual(["stopped", undefined, 1]);
    expect(result.steps[2]?.toolResults[0]?.output).toMatchObject({ text: "hi" });
    expect(source.state("basic")).toBe("running");
    expect(countEvents(log, "start")).toBe(2);
  });

  it("should keep two concurrent runs' loads apart on one toolset", async () => {
    const source = await sources.loadServers({ basic: "basic" });
    const toolset = createAiSdkToolset(source, { deferLoading: {} });
    // Both runs reach each step before either goes on, so their steps interleave.
    const arrived = [0, 0, 0];
    const together = async (step: number) => {
      arrived[step] = (arrived[step] ?? 0) + 1;
      await waitFor(() => arrived[step] === 2, { message: `both runs at step ${step}` });
    };
    const runLoading = (name: string) =>
      run(
        toolset,
        [
          [toolCall("mcp_load_tools", { names: [name] })],
          [toolCall(name, name.endsWith("echo") ? { text: "x" } : { a: 1, b: 2 })],
          [text("done")],
        ].map((content, i) => async () => {
          await together(i);
          return content;
        }),
      );
    const [a, b] = await Promise.all([runLoading("mcp__basic__echo"), runLoading("mcp__basic__add")]);
    expect(a.offered).toEqual([META, [...META, "mcp__basic__echo"], [...META, "mcp__basic__echo"]]);
    expect(b.offered).toEqual([META, [...META, "mcp__basic__add"], [...META, "mcp__basic__add"]]);
  });

  it("should keep a conversation's loads when it resumes from its messages", async () => {
    const source = await sources.loadServers({ basic: "basic" });
    const toolset = createAiSdkToolset(source, { deferLoading: {} });
    const prompt: ModelMessage[] = [{ role: "user", content: "go" }];
    const first = await run(
      toolset,
      [() => [toolCall("mcp_load_tools", { names: ["mcp__basic__pid"] })], () => [text("ok")]],
      prompt,
    );
    const resumed = await run(
      toolset,
      [() => [text("again")]],
      [...prompt, ...runMessages(first.result), { role: "user", content: "more" }],
    );
    const fresh = await run(toolset, [() => [text("new")]]);
    expect(resumed.offered).toEqual([[...META, "mcp__basic__pid"]]);
    expect(fresh.offered).toEqual([META]);
  });

  it("should defer with { threshold } only when the source holds more tools than it", async () => {
    const source = await sources.loadServers({ basic: "basic" });
    expect(source.tools.length).toBe(BASIC.length);
    const above = createAiSdkToolset(source, { deferLoading: { threshold: BASIC.length - 1 } });
    const atOrBelow = createAiSdkToolset(source, { deferLoading: { threshold: BASIC.length } });
    expect((await run(above, [() => [text("a")]])).offered).toEqual([META]);
    expect((await run(atOrBelow, [() => [text("b")]])).offered).toEqual([BASIC]);
    // Still there, unoffered: a meta-tool call from an earlier step would run.
    expect(META.every((name) => name in atOrBelow.tools)).toBe(true);
  });

  it("should take the source's deferLoading by default, and the toolset's option over it", async () => {
    const source = await sources.loadServers({ basic: "basic" }, { toolCache: null, deferLoading: {} });
    expect((await run(createAiSdkToolset(source), [() => [text("a")]])).offered).toEqual([META]);
    const notDeferred = createAiSdkToolset(source, { deferLoading: { enabled: false } });
    expect((await run(notDeferred, [() => [text("b")]])).offered).toEqual([BASIC]);
    expect(notDeferred.prepareStep({ messages: [] })).toEqual({});
    expect(Object.keys(notDeferred.tools)).toEqual(BASIC);
  });

  it("should let a server's defer override the deferLoading option both ways", async () => {
    const pinned = { ...stdioServer("basic"), defer: false };
    const hidden = { ...stdioServer("basic"), defer: true };
    const source = await sources.loadServers({ big: "basic", core: pinned, extra: hidden });
    const core = BASIC.map((name) => name.replace("__basic__", "__core__"));
    const big = BASIC.map((name) => name.replace("__basic__", "__big__"));
    const deferAll = createAiSdkToolset(source, { deferLoading: {} });
    expect((await run(deferAll, [() => [text("a")]])).offered).toEqual([[...META, ...core]]);
    const deferNone = createAiSdkToolset(source, { deferLoading: { enabled: false } });
    expect((await run(deferNone, [() => [text("b")]])).offered).toEqual([[...META, ...big, ...core]]);
  });

  it("should spread into streamText and ToolLoopAgent alike", async () => {
    const source = await sources.loadServers({ basic: "basic" });
    const toolset = createAiSdkToolset(source, { deferLoading: {} });
    const script = (offered: string[][]) =>
      scriptedModel([
        (options) => {
          offered.push(offeredTools(options));
          return [toolCall("mcp_load_tools", { names: ["mcp__basic__pid"] })];
        },
        (options) => {
          offered.push(offeredTools(options));
          return [text("done")];
        },
      ]);
    const streamed: string[][] = [];
    const stream = streamText({
      model: script(streamed),
      ...toolset,
      prompt: "go",
      stopWhen: stepCountIs(5),
    });
    expect(await stream.text).toBe("done");
    const agentOffered: string[][] = [];
    const agent = new ToolLoopAgent({ model: script(agentOffered), ...toolset });
    expect((await agent.generate({ prompt: "go" })).text).toBe("done");
    for (const offered of [streamed, agentOffered]) {
      expect(offered).toEqual([META, [...META, "mcp__basic__pid"]]);
    }
  });
});

import { join } from "node:path";
import { makeTempDir, pidOf, removeTempDir, sourceLoader, stdioServer, waitFor } from "@toolnexus/fixtures";
import { loadMcp, type McpSource } from "@toolnexus/mcp-core";
import { generateText, stepCountIs } from "ai";
import { afterEach, describe, expect, it } from "vitest";
import { isMcpToolCallError, toAiSdkTools } from "../src/index.js";
import { scriptedModel, text, toolCall } from "./support/model.js";

const sources = sourceLoader(loadMcp, { toolCache: null });

let dir: string | undefined;
// One hook, in this order: vitest runs after-hooks last registered first, so two hooks removed the
// log's folder while the fixture server still wrote to it (ENOTEMPTY under load).
afterEach(async () => {
  await sources.closeAll();
  if (dir) removeTempDir(dir);
  dir = undefined;
});

async function restartServer(): Promise<McpSource> {
  dir = makeTempDir("adapter-ai-sdk-");
  return sources.loadServers(
    { r: stdioServer("mcp-restart", ["--state-file", join(dir, "state.json")]) },
    { autoRestart: { initialDelayMs: 50 } },
  );
}

/** Bounded wait until the core restarted `server` under a new pid. */
function waitForNewPid(source: McpSource, server: string, oldPid: number | undefined): Promise<number> {
  return waitFor(
    () => {
      const pid = pidOf(source, server);
      return source.state(server) === "running" && pid !== undefined && pid !== oldPid && pid;
    },
    { timeoutMs: 10_000, message: `${server} running again under a new pid` },
  );
}

describe("a server that crashes between steps", () => {
  it("should serve the next step's call from the restarted server (crash tool)", async () => {
    const source = await restartServer();
    const firstPid = pidOf(source, "r");
    let restartedPid: number | undefined;
    const result = await generateText({
      model: scriptedModel([
        () => [toolCall("mcp__r__crash")],
        () => [toolCall("mcp__r__pid")],
        () => [text("done")],
      ]),
      tools: toAiSdkTools(source),
      prompt: "go",
      stopWhen: stepCountIs(5),
      prepareStep: async ({ stepNumber }) => {
        if (stepNumber === 1) restartedPid = await waitForNewPid(source, "r", firstPid);
        return undefined;
      },
    });

    const crash = result.steps[0]?.content.find((part) => part.type === "tool-error");
    expect(isMcpToolCallError(crash?.error)).toBe(true);
    expect(crash?.error).toMatchObject({ kind: "unavailable", server: "r" });
    expect(restartedPid).toBeTypeOf("number");
    expect(result.steps[1]?.toolResults[0]?.output).toMatchObject({ text: String(restartedPid) });
    expect(result.text).toBe("done");
  });

  it("should serve the next step's call after the server was SIGKILLed between steps", async () => {
    const source = await restartServer();
    const firstPid = pidOf(source, "r");
    let restartedPid: number | undefined;
    const result = await generateText({
      model: scriptedModel([
        () => [toolCall("mcp__r__pid", {}, "first")],
        () => [toolCall("mcp__r__pid", {}, "second")],
        () => [text("done")],
      ]),
      tools: toAiSdkTools(source),
      prompt: "go",
      stopWhen: stepCountIs(5),
      prepareStep: async ({ stepNumber }) => {
        if (stepNumber === 1 && firstPid !== undefined) {
          process.kill(firstPid, "SIGKILL");
          restartedPid = await waitForNewPid(source, "r", firstPid);
        }
        return undefined;
      },
    });

    expect(result.steps[0]?.toolResults[0]?.output).toMatchObject({ text: String(firstPid) });
    expect(restartedPid).toBeTypeOf("number");
    expect(result.steps[1]?.toolResults[0]?.output).toMatchObject({ text: String(restartedPid) });
  });
});
